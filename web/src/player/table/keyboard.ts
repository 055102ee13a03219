// Keyboard shortcuts for the table whose turn came first: with several tables open, a key acts at one
// table only (the one waiting longest), never at all of them, and never while typing elsewhere
// (the chat) or when that table is hidden (another tab).
import { useEffect, useRef } from "preact/hooks";

interface Listener {
  root: () => HTMLElement | null;
  handle: (e: KeyboardEvent) => boolean;
}

const waiting: Listener[] = [];
let installed = false;

function isTyping(target: EventTarget | null, root: HTMLElement | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const editable = target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT" ||
    (target.tagName === "INPUT" && !["range", "checkbox", "button", "radio"].includes((target as HTMLInputElement).type));
  if (!editable) return false;
  // The table's own amount box takes Enter and the letters; anything else typed in stays there.
  return !(root && root.contains(target) && target.dataset.tableKeys === "yes");
}

function onKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
  for (const l of waiting) {
    const root = l.root();
    if (!root || root.offsetParent === null) continue; // hidden: the next table waiting takes it
    if (isTyping(e.target, root)) return;
    if (l.handle(e)) e.preventDefault();
    return;
  }
}

/** While `active`, `handle` gets the keys this table may take; it returns true when it used one. */
export function useTableKeys(active: boolean, root: { current: HTMLElement | null }, handle: (e: KeyboardEvent) => boolean): void {
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    if (!active || typeof window === "undefined") return;
    if (!installed) {
      window.addEventListener("keydown", onKey);
      installed = true;
    }
    const listener: Listener = { root: () => root.current, handle: (e) => latest.current(e) };
    waiting.push(listener);
    return () => {
      const i = waiting.indexOf(listener);
      if (i >= 0) waiting.splice(i, 1);
    };
  }, [active]);
}

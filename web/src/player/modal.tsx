// A modal dialog: over everything, its main button focused when it opens (so Enter answers it), and
// Escape to dismiss it when dismissing is harmless. Keys pressed in it stay in it: the tables' keys
// (F, C, R, Enter) never act behind a dialog.
import "./notices.css";
import type { ComponentChildren, JSX } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function Modal(props: {
  labelledBy: string;
  testId: string;
  role?: "dialog" | "alertdialog";
  onEscape?: () => void;
  children: ComponentChildren;
}): JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    (el?.querySelector<HTMLElement>("button.primary") ?? el?.querySelector<HTMLElement>("button"))?.focus();
  }, [props.labelledBy]);
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === "Escape" && props.onEscape) {
      e.preventDefault();
      props.onEscape();
    }
  };
  return (
    <div class="modal-backdrop">
      <div
        ref={box}
        class="modal"
        role={props.role ?? "dialog"}
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        data-testid={props.testId}
        onKeyDown={onKeyDown}
      >
        {props.children}
      </div>
    </div>
  );
}

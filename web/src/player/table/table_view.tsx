// TableView: one table as its viewer sees it, poker or Poker Polacco, live (with a connection: the
// viewer acts) or read-only (conn null: the hand replayer). Fills its container's width; the felt and
// seats turn to a tall layout in a narrow one (a phone), where the action bar sits at the bottom.
import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { TavoloConnection } from "../../../sdk/connection.js";
import { type TableModel, cloneModel } from "../../../sdk/model.js";
import { type TableTalk, emptyTalk, nextTalk } from "./table_talk.js";
import { PokerTable } from "./poker_table.js";
import { PolaccoTable } from "./polacco_table.js";
import "./table.css";
import "./felt.css";
import "./seats.css";
import "./cards.css";
import "./actions.css";

export interface TableViewProps {
  model: TableModel;
  /** null: read-only (the hand replayer). */
  conn: TavoloConnection | null;
  /** A small rendering (several tables at once, or a phone). */
  compact?: boolean;
}

/** Below this width (CSS pixels) the felt stands upright; a compact table only when really narrow. */
const kPortraitBelow = 640;
const kCompactPortraitBelow = 420;

export function TableView({ model, conn, compact }: TableViewProps) {
  const root = useRef<HTMLDivElement>(null);
  const portrait = usePortrait(root, compact ? kCompactPortraitBelow : kPortraitBelow);
  useBarHeight(root);
  useTopOffset(root);
  const { version, talk } = useTableFeed(conn, model.key);
  // The SDK updates its model in place, and @preact/signals skips a component whose props are the
  // same objects: each change gets a copy of its own, so every part below sees new props.
  const view = useMemo(() => cloneModel(model), [model, model.seq, version]);
  const classes = ["tv-table"];
  if (compact) classes.push("tv-table--compact");
  if (portrait) classes.push("tv-table--portrait");
  // One table on a phone: its action bar is fixed at the bottom of the screen (not in a grid of them).
  if (portrait && !compact && conn) classes.push("tv-table--fixed-bar");
  if (!conn) classes.push("tv-table--replay");
  const game = view.game;
  // A new table (another key) starts with fresh choices: key the inner part by it.
  return (
    <div class={classes.join(" ")} ref={root} data-table={model.key}>
      {game.kind === "poker" ? (
        <PokerTable key={model.key} model={view} game={game} conn={conn} talk={talk} portrait={portrait} root={root} />
      ) : (
        <PolaccoTable key={model.key} model={view} game={game} conn={conn} talk={talk} portrait={portrait} />
      )}
    </div>
  );
}

/**
 * Follows the connection's changes of this table: a version that counts them (a re-render for each,
 * whatever the parent does) and the table talk its events make (who did what).
 */
function useTableFeed(conn: TavoloConnection | null, key: string): { version: number; talk: TableTalk } {
  const [feed, setFeed] = useState(() => ({ version: 0, talk: emptyTalk() }));
  // A layout effect runs right after the first render, before the next message's task: no event is missed.
  useLayoutEffect(() => {
    setFeed({ version: 0, talk: emptyTalk() });
    if (!conn) return;
    const stop = conn.on("table", (m, event) => {
      if (m.key === key) setFeed((f) => ({ version: f.version + 1, talk: nextTalk(f.talk, event) }));
    });
    // Changes between the model the parent rendered and this subscription count too.
    setFeed((f) => ({ ...f, version: f.version + 1 }));
    return stop;
  }, [conn, key]);
  return feed;
}

/** Keeps --tv-top on the table at its distance from the page's top: what the page shows above it. */
function useTopOffset(root: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || typeof window === "undefined") return;
    const measure = () => el.style.setProperty("--tv-top", `${Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY))}px`);
    measure();
    window.addEventListener("resize", measure);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, []);
}

/** Keeps --tv-bar-h on the table at its action bar's height: the room a fixed bar needs below. */
function useBarHeight(root: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    let observed: Element | null = null;
    const bars = new ResizeObserver(() => {
      if (observed) el.style.setProperty("--tv-bar-h", `${Math.ceil(observed.getBoundingClientRect().height)}px`);
    });
    // The bar is re-created with the table's part (poker or Polacco): follow whichever is there.
    const follow = () => {
      const bar = el.querySelector(".tv-actions");
      if (bar === observed) return;
      if (observed) bars.unobserve(observed);
      observed = bar;
      if (bar) bars.observe(bar);
    };
    follow();
    const children = new MutationObserver(follow);
    children.observe(el, { childList: true, subtree: false });
    return () => {
      bars.disconnect();
      children.disconnect();
    };
  }, []);
}

function usePortrait(root: { current: HTMLElement | null }, below: number): boolean {
  const [portrait, setPortrait] = useState(false);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const measure = () => setPortrait(el.clientWidth > 0 && el.clientWidth < below);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [below]);
  return portrait;
}

// TableView: one table as its viewer sees it, poker or Poker Polacco, live (with a connection: the
// viewer acts) or read-only (conn null: the hand replayer). Fills its container's width; the felt and
// seats turn to a tall layout in a narrow one (a phone), where the action bar sits at the bottom.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { TavoloConnection } from "../../../sdk/connection.js";
import { type TableModel, cloneModel } from "../../../sdk/model.js";
import { PokerTable } from "./poker_table.js";
import { PolaccoTable } from "./polacco_table.js";
import "./table.css";

export interface TableViewProps {
  model: TableModel;
  /** null: read-only (the hand replayer). */
  conn: TavoloConnection | null;
  /** A small rendering (several tables at once, or a phone). */
  compact?: boolean;
}

/** Below this width (CSS pixels) the felt stands upright. */
const kPortraitBelow = 640;

export function TableView({ model, conn, compact }: TableViewProps) {
  const root = useRef<HTMLDivElement>(null);
  const portrait = usePortrait(root);
  useBarHeight(root);
  const version = useTableVersion(conn, model.key);
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
        <PokerTable key={model.key} model={view} game={game} conn={conn} portrait={portrait} root={root} />
      ) : (
        <PolaccoTable key={model.key} model={view} game={game} conn={conn} portrait={portrait} />
      )}
    </div>
  );
}

/** Counts the connection's changes of this table: a re-render for each, whatever the parent does. */
function useTableVersion(conn: TavoloConnection | null, key: string): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!conn) return;
    const stop = conn.on("table", (m) => {
      if (m.key === key) setVersion((v) => v + 1);
    });
    // Changes between the first render and this subscription (effects run after paint) count too.
    setVersion((v) => v + 1);
    return stop;
  }, [conn, key]);
  return version;
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

function usePortrait(root: { current: HTMLElement | null }): boolean {
  const [portrait, setPortrait] = useState(false);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const measure = () => setPortrait(el.clientWidth > 0 && el.clientWidth < kPortraitBelow);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return portrait;
}

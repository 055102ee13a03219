// TableView: one table as its viewer sees it, poker or Poker Polacco, live (with a connection: the
// viewer acts) or read-only (conn null: the hand replayer). Fills its container's width; the felt and
// seats turn to a tall layout in a narrow one (a phone), where the action bar sits at the bottom.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { TavoloConnection } from "../../../sdk/connection.js";
import type { TableModel } from "../../../sdk/model.js";
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
  const classes = ["tv-table"];
  if (compact) classes.push("tv-table--compact");
  if (portrait) classes.push("tv-table--portrait");
  if (!conn) classes.push("tv-table--replay");
  const game = model.game;
  // A new table (another key) starts with fresh choices: key the inner part by it.
  return (
    <div class={classes.join(" ")} ref={root} data-table={model.key}>
      {game.kind === "poker" ? (
        <PokerTable key={model.key} model={model} game={game} conn={conn} portrait={portrait} root={root} />
      ) : (
        <PolaccoTable key={model.key} model={model} game={game} conn={conn} portrait={portrait} />
      )}
    </div>
  );
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

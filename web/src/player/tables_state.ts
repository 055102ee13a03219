// The tables the player sits at, in the order they appeared (a table appears on its snapshot), each
// with whether it is his turn there and whether he has left it (moved, busted, tournament over), and
// the one in front. A table he has left stays until he closes it.
import { batch, computed, signal } from "@preact/signals";
import { type TableKey, type TableModel, cloneModel } from "../../sdk/index.js";
import { type TableEvent } from "../../sdk/wire.js";
import { conn, onConnection } from "./session.js";

/** Why the player no longer plays at a table. */
export type LeftReason = "moved" | "busted" | "finished" | "cancelled";

export interface TableEntry {
  key: TableKey;
  /** A copy of the connection's model, new at each change (the view compares by identity). */
  model: TableModel;
  left: LeftReason | null;
}

export const tables = signal<TableEntry[]>([]);
export const activeKey = signal<TableKey | null>(null);
/** The tables view shows every table at once (on a wide screen) rather than one tab. */
export const gridLayout = signal(false);

export const activeEntry = computed(() => {
  const list = tables.value;
  return list.find((x) => x.key === activeKey.value) ?? list[0] ?? null;
});

/** The tables where the player is to act now. */
export const turnsWaiting = computed(() => tables.value.filter((x) => !x.left && isYourTurn(x.model)).length);

export function isYourTurn(m: TableModel): boolean {
  return m.game.legal !== null && m.game.inHand;
}

/** Called when a table appears (the shell switches to the tables then). */
let onAppear: ((key: TableKey) => void) | null = null;
export function whenTableAppears(f: (key: TableKey) => void): void {
  onAppear = f;
}

onConnection((c) => {
  batch(() => {
    tables.value = [];
    activeKey.value = null;
  });
  return c.on("table", (model, event) => update(model, event));
});

function update(model: TableModel, event: TableEvent | null): void {
  const list = tables.value;
  const i = list.findIndex((x) => x.key === model.key);
  const copy = cloneModel(model);
  if (i < 0) {
    tables.value = [...list, { key: model.key, model: copy, left: null }];
    if (!activeKey.value) activeKey.value = model.key;
    onAppear?.(model.key);
    return;
  }
  const before = list[i]!;
  // Back in play at a table he had left (a re-entry): dealt into a hand there again.
  const left = before.left && dealtIn(copy, event) ? null : before.left;
  const next = [...list];
  next[i] = { key: model.key, model: copy, left };
  tables.value = next;
}

function dealtIn(m: TableModel, event: TableEvent | null): boolean {
  const c = event?.event.case;
  if (c !== "handStarted" && c !== "polaccoHandStarted") return false;
  if (m.game.kind === "poker") return m.yourSeat >= 0 && (m.game.seats[m.yourSeat]?.dealtIn ?? false);
  return m.game.seats.some((s) => s.player === m.yourPlayer && !s.eliminated);
}

/** Marks the tables of a tournament (or one table) as left. */
export function markLeft(reason: LeftReason, tournamentId: number, table?: number): void {
  tables.value = tables.value.map((x) =>
    x.model.address.tournamentId === tournamentId && (table === undefined || x.model.address.table === table) && !x.left
      ? { ...x, left: reason }
      : x,
  );
}

/** The player's entrant number at a table (poker: his seat's entrant; Polacco: his player id). */
export function entrantAt(m: TableModel): number {
  if (m.game.kind === "poker") return m.yourSeat >= 0 ? (m.game.seats[m.yourSeat]?.entrant ?? -1) : -1;
  return m.yourPlayer;
}

export function findTable(tournamentId: number, table: number): TableEntry | undefined {
  return tables.value.find((x) => x.model.address.tournamentId === tournamentId && x.model.address.table === table);
}

/** Closes a table the player has left: the connection stops following it. */
export function closeTable(key: TableKey): void {
  conn().forget(key);
  const list = tables.value.filter((x) => x.key !== key);
  batch(() => {
    tables.value = list;
    if (activeKey.value === key) activeKey.value = list[0]?.key ?? null;
  });
}

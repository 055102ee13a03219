// What the client tells the player besides the tables: short notices (toasts) that go by themselves,
// dialogs that wait for him (an offer to answer, his elimination, a cancellation) and the results of
// his tournaments, which stay in the lobby until he dismisses them.
import { signal } from "@preact/signals";
import type { TableAddress } from "../../sdk/index.js";

export type Tone = "info" | "good" | "bad";

export interface Notice {
  id: number;
  tone: Tone;
  text: string;
  /** Stays until dismissed. */
  sticky: boolean;
}

export interface TournamentResultLine {
  place: number;
  name: string;
  prizeCents: number;
}

/** A tournament the player took part in, once it is over. */
export interface TournamentOutcome {
  tournamentId: number;
  name: string;
  cancelled: boolean;
  /** Finished: best first; in a field over 100, the first 100 places and the player's own. */
  results: TournamentResultLine[];
  /** Finished: how many entrants (more than `results` in a large field). */
  entrants: number;
  /** His place (0: not known yet) and what he was paid (prize, or refund when cancelled). */
  place: number;
  paidCents: number;
  /** Cancelled: the reason, and every refund. */
  reason: string;
  refunds: { name: string; amountCents: number }[];
}

export type Dialog =
  | {
      kind: "purchase";
      id: number;
      tournamentId: number;
      address: TableAddress;
      addOn: boolean;
      chips: number;
      priceCents: number;
      feeCents: number;
      busted: boolean;
    }
  | { kind: "eliminated"; id: number; tournamentId: number; place: number; shared: number; prizeCents: number }
  | { kind: "outcome"; id: number; tournamentId: number };

export const notices = signal<Notice[]>([]);
export const dialogs = signal<Dialog[]>([]);
export const outcomes = signal<TournamentOutcome[]>([]);

let nextId = 1;
const kNoticeMs = 6000;

export function notify(text: string, tone: Tone = "info", sticky = false): number {
  const id = nextId++;
  notices.value = [...notices.value.slice(-4), { id, tone, text, sticky }];
  if (!sticky) {
    const timer = setTimeout(() => dismissNotice(id), kNoticeMs);
    (timer as { unref?: () => void }).unref?.(); // (in Node, for the unit tests: no waiting on it)
  }
  return id;
}

export function dismissNotice(id: number): void {
  notices.value = notices.value.filter((n) => n.id !== id);
}

type DialogInit = Dialog extends infer D ? (D extends Dialog ? Omit<D, "id"> : never) : never;

export function openDialog(d: DialogInit): void {
  dialogs.value = [...dialogs.value, { ...d, id: nextId++ } as Dialog];
}

export function closeDialog(id: number): void {
  dialogs.value = dialogs.value.filter((d) => d.id !== id);
}

/** Closes the dialogs that match (an offer answered elsewhere, a table closed). */
export function closeDialogs(match: (d: Dialog) => boolean): void {
  dialogs.value = dialogs.value.filter((d) => !match(d));
}

export function keepOutcome(o: TournamentOutcome): void {
  const rest = outcomes.value.filter((x) => x.tournamentId !== o.tournamentId);
  outcomes.value = [o, ...rest];
}

export function outcomeOf(tournamentId: number): TournamentOutcome | undefined {
  return outcomes.value.find((x) => x.tournamentId === tournamentId);
}

export function dismissOutcome(tournamentId: number): void {
  outcomes.value = outcomes.value.filter((x) => x.tournamentId !== tournamentId);
}

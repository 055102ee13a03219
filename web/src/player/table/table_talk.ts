// What each player last did, as the table's events tell it: "Rilancia a 300" over a seat until the
// betting round ends, each Punto declared over its declarer, the doubt's verdict. Kept by TableView
// from the connection's events (a replay shows the model alone). Pure, so tests can pin it.
import type { TableEvent } from "../../../sdk/gen/table_events_pb.js";
import { PokerActionKind } from "../../../sdk/gen/vocabulary_pb.js";
import { type Punto, puntoOf } from "../../../sdk/model.js";

export type Said =
  | { kind: "fold" | "check" | "call" | "doubt" | "pass" | "standPat"; automatic?: boolean }
  | { kind: "bet" | "raise" | "allIn"; amount: number; automatic?: boolean }
  | { kind: "discard"; count: number; automatic?: boolean }
  | { kind: "declare"; punto: Punto; automatic?: boolean };

export interface Verdict {
  punto: Punto | null;
  present: boolean;
  penalised: number;
}

export interface TableTalk {
  /** By poker seat, or by Polacco player id. */
  said: Map<number, Said>;
  /** The last doubt's verdict (Polacco), until the next hand. */
  verdict: Verdict | null;
}

export function emptyTalk(): TableTalk {
  return { said: new Map(), verdict: null };
}

/** The talk after one event (a new object when it changed, the same one otherwise). */
export function nextTalk(talk: TableTalk, event: TableEvent | null): TableTalk {
  const e = event?.event;
  if (!e) return talk;
  const said = (key: number, s: Said): TableTalk => ({ ...talk, said: new Map(talk.said).set(key, s) });
  switch (e.case) {
    case "handStarted":
    case "polaccoHandStarted":
      return emptyTalk();
    case "bettingRoundStarted":
    case "drawStarted":
      return talk.said.size === 0 ? talk : { ...talk, said: new Map() };
    case "acted": {
      const a = e.value;
      const automatic = a.automatic;
      const amount = Number(a.totalBet);
      switch (a.action) {
        case PokerActionKind.FOLD:
          return said(a.seat, { kind: "fold", automatic });
        case PokerActionKind.CHECK:
          return said(a.seat, { kind: "check", automatic });
        case PokerActionKind.CALL:
          return said(a.seat, a.allIn ? { kind: "allIn", amount, automatic } : { kind: "call", automatic });
        case PokerActionKind.BET:
        case PokerActionKind.RAISE:
          return said(a.seat, { kind: a.allIn ? "allIn" : a.action === PokerActionKind.BET ? "bet" : "raise", amount, automatic });
        default:
          return talk;
      }
    }
    case "discarded": {
      const d = e.value;
      return said(d.seat, d.cards.length === 0 ? { kind: "standPat", automatic: d.automatic } : { kind: "discard", count: d.cards.length, automatic: d.automatic });
    }
    case "declared": {
      const punto = puntoOf(e.value.punto);
      return punto ? said(Number(e.value.by), { kind: "declare", punto, automatic: e.value.byTimeout }) : talk;
    }
    case "doubted":
      return said(Number(e.value.by), { kind: "doubt", automatic: e.value.byTimeout });
    case "passed":
      return said(Number(e.value.by), { kind: "pass" });
    case "judged":
      return { ...talk, verdict: { punto: puntoOf(e.value.punto), present: e.value.present, penalised: Number(e.value.penalised) } };
    default:
      return talk;
  }
}

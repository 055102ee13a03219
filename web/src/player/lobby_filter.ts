// The lobby's filters (game, buy-in range, kind) and its order, as a pure function of the list.
import { type LobbyTournament } from "../../sdk/index.js";
import { type Game, type TournamentKind, TournamentState } from "../../sdk/wire.js";

export interface LobbyFilter {
  /** null: every game. */
  game: Game | null;
  /** null: every kind. */
  kind: TournamentKind | null;
  /** The price a player pays (prize part + fee), in cents; null: no bound. A freeroll costs 0. */
  minBuyInCents: number | null;
  maxBuyInCents: number | null;
  /** Finished and cancelled tournaments too. */
  showEnded: boolean;
}

export const kNoFilter: LobbyFilter = { game: null, kind: null, minBuyInCents: null, maxBuyInCents: null, showEnded: false };

/** What a player pays to enter. */
export function entryCents(x: Pick<LobbyTournament, "prizeCents" | "feeCents" | "freeroll">): number {
  return x.freeroll ? 0 : x.prizeCents + x.feeCents;
}

export function isEnded(x: Pick<LobbyTournament, "state">): boolean {
  return x.state === TournamentState.FINISHED || x.state === TournamentState.CANCELLED;
}

export function matches(x: LobbyTournament, f: LobbyFilter): boolean {
  if (f.game !== null && x.game !== f.game) return false;
  if (f.kind !== null && x.kind !== f.kind) return false;
  const price = entryCents(x);
  if (f.minBuyInCents !== null && price < f.minBuyInCents) return false;
  if (f.maxBuyInCents !== null && price > f.maxBuyInCents) return false;
  if (!f.showEnded && isEnded(x)) return false;
  return true;
}

const stateOrder: Record<TournamentState, number> = {
  [TournamentState.REGISTERING]: 0,
  [TournamentState.RUNNING]: 1,
  [TournamentState.ON_BREAK]: 1,
  [TournamentState.FINISHED]: 2,
  [TournamentState.CANCELLED]: 2,
  [TournamentState.UNSPECIFIED]: 3,
};

/**
 * The tournaments to list: those matching the filter, the player's own first, then open for
 * registration, running, ended; within each, the soonest start, then the cheapest, then by id.
 */
export function filterLobby(list: readonly LobbyTournament[], f: LobbyFilter): LobbyTournament[] {
  return list
    .filter((x) => matches(x, f))
    .sort(
      (a, b) =>
        Number(b.registered && !isEnded(b)) - Number(a.registered && !isEnded(a)) ||
        stateOrder[a.state] - stateOrder[b.state] ||
        startKey(a) - startKey(b) ||
        entryCents(a) - entryCents(b) ||
        a.id - b.id,
    );
}

function startKey(x: LobbyTournament): number {
  return x.startsWhenFull || !x.startsAtMs ? 0 : x.startsAtMs;
}

/** Euros typed by a player ("10", "10,50", "10.5") as cents; null when empty or not a number. */
export function parseEuros(text: string): number | null {
  const s = text.trim().replace(/\s|€/g, "");
  if (!s) return null;
  // "1.234,50" and "1234,50": a comma is the decimal mark; "10.5" with no comma: a point is.
  const normal = s.includes(",") ? s.replace(/\./g, "").replace(",", ".") : s;
  if (!/^\d+(\.\d{0,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

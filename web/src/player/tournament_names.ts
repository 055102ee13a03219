// The lobby's words for a tournament: its game and betting, its kind, its state, its start rule.
import { type LobbyTournament } from "../../sdk/index.js";
import { Betting, Game, TournamentKind, TournamentState } from "../../sdk/wire.js";
import { type MessageKey, formatMoney, language, t } from "../i18n/index.js";

const kinds: Record<TournamentKind, MessageKey> = {
  [TournamentKind.UNSPECIFIED]: "lobby.kind.unknown",
  [TournamentKind.SIT_AND_GO]: "lobby.kind.sitAndGo",
  [TournamentKind.HEADS_UP]: "lobby.kind.headsUp",
  [TournamentKind.MTT]: "lobby.kind.mtt",
  [TournamentKind.SHOOTOUT]: "lobby.kind.shootout",
};

const states: Record<TournamentState, MessageKey> = {
  [TournamentState.UNSPECIFIED]: "lobby.state.unknown",
  [TournamentState.REGISTERING]: "lobby.state.registering",
  [TournamentState.RUNNING]: "lobby.state.running",
  [TournamentState.ON_BREAK]: "lobby.state.onBreak",
  [TournamentState.FINISHED]: "lobby.state.finished",
  [TournamentState.CANCELLED]: "lobby.state.cancelled",
};

export const kGames = [Game.HOLDEM, Game.STUD, Game.DRAW, Game.POLACCO] as const;
export const kKinds = [TournamentKind.SIT_AND_GO, TournamentKind.HEADS_UP, TournamentKind.MTT, TournamentKind.SHOOTOUT] as const;

// Games and betting structures have the table's words (table.game.N, table.betting.N).
const known = (value: number, max: number) => value >= 1 && value <= max;

export function gameName(game: Game): string {
  return known(game, Game.POLACCO) ? t(`table.game.${game}` as MessageKey) : t("lobby.game.unknown");
}

/** "Texas Hold'em No Limit"; Polacco has no betting structure. */
export function gameAndBetting(game: Game, betting: Betting): string {
  return known(betting, Betting.LIMIT) ? `${gameName(game)} ${t(`table.betting.${betting}` as MessageKey)}` : gameName(game);
}

export function kindName(kind: TournamentKind): string {
  return t(kinds[kind] ?? "lobby.kind.unknown");
}

export function stateName(state: TournamentState): string {
  return t(states[state] ?? "lobby.state.unknown");
}

/** "10,00 € + 1,00 €", or the freeroll's word. */
export function buyInText(x: Pick<LobbyTournament, "prizeCents" | "feeCents" | "freeroll">): string {
  if (x.freeroll) return t("lobby.freeroll");
  return t("lobby.buyIn", { prize: formatMoney(x.prizeCents), fee: formatMoney(x.feeCents) });
}

/** When it starts: when full, or at a time (with its minimum of players). */
export function startRule(x: Pick<LobbyTournament, "startsWhenFull" | "startsAtMs" | "minPlayers" | "maxPlayers">): string {
  if (x.startsWhenFull || !x.startsAtMs) return t("lobby.start.whenFull", { players: x.maxPlayers });
  const when = new Date(x.startsAtMs);
  const locale = language.value === "it" ? "it-IT" : "en-GB";
  const sameDay = new Date().toDateString() === when.toDateString();
  const text = sameDay
    ? when.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
    : when.toLocaleString(locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return t("lobby.start.at", { when: text, min: x.minPlayers });
}

// Words for the API's codes: games, betting structures, kinds, and the protocol's enum names the live
// feed carries (GAME_HOLDEM, TOURNAMENT_STATE_RUNNING...).

const GAMES: Record<string, string> = {
  holdem: "Hold'em",
  stud: "Five-card stud",
  draw: "Five-card draw",
  polacco: "Poker Polacco",
  GAME_HOLDEM: "Hold'em",
  GAME_STUD: "Five-card stud",
  GAME_DRAW: "Five-card draw",
  GAME_POLACCO: "Poker Polacco",
};

const BETTINGS: Record<string, string> = {
  nl: "no-limit",
  pl: "pot-limit",
  limit: "limit",
  BETTING_NO_LIMIT: "no-limit",
  BETTING_POT_LIMIT: "pot-limit",
  BETTING_LIMIT: "limit",
};

const KINDS: Record<string, string> = {
  sng: "Sit&Go",
  headsup: "Heads-up",
  mtt: "MTT",
  shootout: "Shoot-out",
};

export function gameLabel(game: string, betting?: string): string {
  const g = GAMES[game] ?? (game || "—");
  const b = betting ? BETTINGS[betting] : undefined;
  return b ? `${g} ${b}` : g;
}

export function kindLabel(kind: string): string {
  return KINDS[kind] ?? kind;
}

/** "TOURNAMENT_STATE_ON_BREAK" -> "on_break" (the REST API's words). */
export function stateFromEnum(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("TOURNAMENT_STATE_")) return null;
  return value.slice("TOURNAMENT_STATE_".length).toLowerCase();
}

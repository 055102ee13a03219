// The lobby's tournaments as plain data (numbers, not bigints).
import type { TournamentInfo } from "./gen/account_pb.js";
import type { Betting, Game, TournamentKind, TournamentState } from "./gen/vocabulary_pb.js";

export interface LobbyTournament {
  id: number;
  name: string;
  game: Game;
  betting: Betting;
  kind: TournamentKind;
  seats: number;
  prizeCents: number;
  feeCents: number;
  entrants: number;
  minPlayers: number;
  maxPlayers: number;
  startsAtMs: number;
  startsWhenFull: boolean;
  state: TournamentState;
  levelMinutes: number;
  startingChips: number;
  registered: boolean;
  guaranteeCents: number;
  freeroll: boolean;
  lateRegistrationLevels: number;
  rebuyLevels: number;
  addon: boolean;
  reentry: boolean;
  prizePoolCents: number;
}

export function lobbyTournamentOf(t: TournamentInfo): LobbyTournament {
  return {
    id: Number(t.id),
    name: t.name,
    game: t.game,
    betting: t.betting,
    kind: t.kind,
    seats: t.seats,
    prizeCents: Number(t.prizeCents),
    feeCents: Number(t.feeCents),
    entrants: t.entrants,
    minPlayers: t.minPlayers,
    maxPlayers: t.maxPlayers,
    startsAtMs: Number(t.startsAtMs),
    startsWhenFull: t.startsWhenFull,
    state: t.state,
    levelMinutes: t.levelMinutes,
    startingChips: Number(t.startingChips),
    registered: t.registered,
    guaranteeCents: Number(t.guaranteeCents),
    freeroll: t.freeroll,
    lateRegistrationLevels: t.lateRegistrationLevels,
    rebuyLevels: t.rebuyLevels,
    addon: t.addon,
    reentry: t.reentry,
    prizePoolCents: Number(t.prizePoolCents),
  };
}

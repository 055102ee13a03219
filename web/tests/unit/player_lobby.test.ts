// The lobby's filters and order, and euros typed by a player.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { LobbyTournament } from "../../sdk/index.js";
import { Betting, Game, TournamentKind, TournamentState } from "../../sdk/gen/vocabulary_pb.js";
import { entryCents, filterLobby, kNoFilter, parseEuros } from "../../src/player/lobby_filter.js";

function tournament(id: number, patch: Partial<LobbyTournament> = {}): LobbyTournament {
  return {
    id,
    name: `T${id}`,
    game: Game.HOLDEM,
    betting: Betting.NO_LIMIT,
    kind: TournamentKind.SIT_AND_GO,
    seats: 6,
    prizeCents: 1000,
    feeCents: 100,
    entrants: 0,
    minPlayers: 6,
    maxPlayers: 6,
    startsAtMs: 0,
    startsWhenFull: true,
    state: TournamentState.REGISTERING,
    levelMinutes: 8,
    startingChips: 3000,
    registered: false,
    guaranteeCents: 0,
    freeroll: false,
    lateRegistrationLevels: 0,
    rebuyLevels: 0,
    addon: false,
    reentry: false,
    prizePoolCents: 0,
    ...patch,
  };
}

const list = [
  tournament(1),
  tournament(2, { game: Game.POLACCO, betting: Betting.UNSPECIFIED }),
  tournament(3, { kind: TournamentKind.HEADS_UP, prizeCents: 500, feeCents: 50 }),
  tournament(4, { kind: TournamentKind.MTT, prizeCents: 5000, feeCents: 500, startsWhenFull: false, startsAtMs: 2000 }),
  tournament(5, { freeroll: true }),
  tournament(6, { state: TournamentState.FINISHED }),
  tournament(7, { state: TournamentState.RUNNING }),
  tournament(8, { kind: TournamentKind.MTT, startsWhenFull: false, startsAtMs: 1000 }),
];
const ids = (xs: LobbyTournament[]) => xs.map((x) => x.id);

test("what a player pays: prize part and fee, nothing for a freeroll", () => {
  assert.equal(entryCents(list[0]!), 1100);
  assert.equal(entryCents(list[4]!), 0);
});

test("no filter: every tournament not ended, open ones first, soonest and cheapest first", () => {
  assert.deepEqual(ids(filterLobby(list, kNoFilter)), [5, 3, 1, 2, 8, 4, 7]);
});

test("ended ones on request, last", () => {
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, showEnded: true })).at(-1), 6);
});

test("the player's own tournaments come first while they are not over", () => {
  const mine = list.map((x) => (x.id === 4 || x.id === 6 ? { ...x, registered: true } : x));
  assert.deepEqual(ids(filterLobby(mine, { ...kNoFilter, showEnded: true })).slice(0, 1), [4]);
  assert.equal(ids(filterLobby(mine, { ...kNoFilter, showEnded: true })).at(-1), 6);
});

test("by game", () => {
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, game: Game.POLACCO })), [2]);
});

test("by kind", () => {
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, kind: TournamentKind.MTT })), [8, 4]);
});

test("by buy-in range, bounds included, on what the player pays", () => {
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, minBuyInCents: 1100, maxBuyInCents: 1100 })), [1, 2, 8, 7]);
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, maxBuyInCents: 600 })), [5, 3]);
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, minBuyInCents: 2000 })), [4]);
});

test("filters combine", () => {
  assert.deepEqual(ids(filterLobby(list, { ...kNoFilter, game: Game.HOLDEM, kind: TournamentKind.SIT_AND_GO, maxBuyInCents: 0 })), [5]);
});

test("euros as typed: comma or point as the decimal mark, thousands with points", () => {
  assert.equal(parseEuros("10"), 1000);
  assert.equal(parseEuros("10,5"), 1050);
  assert.equal(parseEuros("10.50"), 1050);
  assert.equal(parseEuros(" 1.234,50 € "), 123450);
  assert.equal(parseEuros(""), null);
  assert.equal(parseEuros("dieci"), null);
  assert.equal(parseEuros("10,505"), null);
  assert.equal(parseEuros("-5"), null);
});

// The server's tournament news as the shell takes it: the tables the player left, the table that comes
// to the front when he is moved, his outcome kept with his place, prize or refund, the dialogs opened.
import { create } from "@bufbuild/protobuf";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { type TableModel, fromSnapshot } from "../../sdk/index.js";
import { TableSnapshotSchema } from "../../sdk/gen/table_pb.js";
import { type TournamentEvent, TournamentEventSchema } from "../../sdk/gen/tournament_pb.js";
import { PurchaseKind } from "../../sdk/gen/vocabulary_pb.js";
import { setLanguage } from "../../src/i18n/index.js";
import { dialogs, notices, outcomeOf, outcomes } from "../../src/player/notices.js";
import { account } from "../../src/player/session.js";
import { activeKey, tables } from "../../src/player/tables_state.js";
import { tournamentEvent } from "../../src/player/tournament_news.js";

setLanguage("en");

function table(tournamentId: number, tableNo: number, mySeat: number, entrants: number[]): TableModel {
  return fromSnapshot(
    create(TableSnapshotSchema, {
      table: { tournamentId: BigInt(tournamentId), table: tableNo },
      yourSeat: mySeat,
      yourPlayer: -1n,
      game: {
        case: "poker",
        value: {
          tableSize: entrants.length,
          seats: entrants.map((entrant, seat) => ({ seat, entrant: BigInt(entrant), name: seat === mySeat ? "me" : `p${entrant}`, stack: 1000n })),
          button: 0,
          toAct: -1,
        },
      },
    } as never),
    1,
    0,
  );
}

const news = (tournamentId: number, event: unknown): TournamentEvent =>
  create(TournamentEventSchema, { tournamentId: BigInt(tournamentId), event } as never);

beforeEach(() => {
  account.value = { id: 1, name: "me", balanceCents: 0 };
  tables.value = [
    { key: "5/0", model: table(5, 0, 1, [3, 7, 9]), left: null },
    { key: "6/0", model: table(6, 0, 0, [0, 1]), left: null },
  ];
  activeKey.value = "5/0";
  dialogs.value = [];
  notices.value = [];
  outcomes.value = [];
});

test("another player's move changes nothing of the player's tables", () => {
  tournamentEvent(news(5, { case: "moved", value: { entrant: 3n, from: { tournamentId: 5n, table: 0 }, to: { tournamentId: 5n, table: 1 }, seat: 2 } }));
  assert.equal(tables.value[0]!.left, null);
  assert.equal(activeKey.value, "5/0");
});

test("his own move: the old table is left, the new one comes to the front", () => {
  tournamentEvent(news(5, { case: "moved", value: { entrant: 7n, from: { tournamentId: 5n, table: 0 }, to: { tournamentId: 5n, table: 2 }, seat: 4 } }));
  assert.equal(tables.value[0]!.left, "moved");
  assert.equal(tables.value[1]!.left, null);
  assert.equal(activeKey.value, "5/2");
  assert.equal(notices.value.at(-1)?.text, "You were moved to table 3, seat 5.");
});

test("his elimination: the tournament's tables left, his place and prize kept, a dialog", () => {
  tournamentEvent(news(6, { case: "eliminated", value: { entrant: 0n, name: "me", place: 2, shared: 1, prizeCents: 600n } }));
  assert.equal(tables.value[1]!.left, "busted");
  assert.equal(tables.value[0]!.left, null);
  assert.deepEqual([outcomeOf(6)?.place, outcomeOf(6)?.paidCents], [2, 600]);
  assert.equal(dialogs.value[0]?.kind, "eliminated");
});

test("someone else's elimination is a notice only", () => {
  tournamentEvent(news(6, { case: "eliminated", value: { entrant: 1n, name: "p1", place: 2, shared: 1 } }));
  assert.equal(tables.value[1]!.left, null);
  assert.equal(dialogs.value.length, 0);
  assert.equal(notices.value.at(-1)?.text, "p1 is out in place 2.");
});

test("the others' eliminations, coalesced: one named, or how many with the latest names and the players left", () => {
  tournamentEvent(
    news(6, {
      case: "playersLeft",
      value: { playersLeft: 40, entrants: 41, eliminated: 1, latest: [{ entrant: 1n, name: "p1", place: 41, shared: 1 }] },
    }),
  );
  assert.equal(notices.value.at(-1)?.text, "p1 is out in place 41.");
  tournamentEvent(
    news(6, {
      case: "playersLeft",
      value: {
        playersLeft: 30,
        entrants: 41,
        eliminated: 10,
        latest: [
          { entrant: 2n, name: "p2", place: 32, shared: 1 },
          { entrant: 3n, name: "p3", place: 31, shared: 1 },
        ],
      },
    }),
  );
  assert.equal(notices.value.at(-1)?.text, "10 players are out (the latest: p2, p3): 30 left.");
  assert.equal(tables.value[1]!.left, null);
  assert.equal(dialogs.value.length, 0);
});

test("the end: the results kept with his line, an elimination dialog replaced by the results", () => {
  tournamentEvent(news(6, { case: "eliminated", value: { entrant: 0n, name: "me", place: 2, shared: 1 } }));
  tournamentEvent(
    news(6, {
      case: "finished",
      value: {
        results: [
          { place: 1, entrant: 1n, name: "p1", prizeCents: 2000n },
          { place: 2, entrant: 0n, name: "me", prizeCents: 0n },
        ],
        entrants: 2,
      },
    }),
  );
  const o = outcomeOf(6)!;
  assert.deepEqual([o.place, o.paidCents, o.results.length, o.entrants, o.cancelled], [2, 0, 2, 2, false]);
  assert.deepEqual(
    dialogs.value.map((d) => d.kind),
    ["outcome"],
  );
  assert.equal(tables.value[1]!.left, "busted"); // left already: the first reason stays
});

test("a large field's end: the first places and his own line far below them, with the field's size", () => {
  tournamentEvent(
    news(16, {
      case: "finished",
      value: {
        results: [
          { place: 1, entrant: 7n, name: "p7", prizeCents: 900000n },
          { place: 2, entrant: 8n, name: "p8", prizeCents: 500000n },
          { place: 5000, entrant: 0n, name: "me", prizeCents: 0n },
        ],
        entrants: 20000,
      },
    }),
  );
  const o = outcomeOf(16)!;
  assert.deepEqual([o.place, o.paidCents, o.results.length, o.entrants], [5000, 0, 3, 20000]);
});

test("a cancellation: his refund found by name, the tables left", () => {
  tournamentEvent(
    news(5, {
      case: "cancelled",
      value: { reason: "the database is gone", refunds: [{ entrant: 0, name: "p3", amountCents: 1100n }, { entrant: 1, name: "me", amountCents: 1250n }] },
    }),
  );
  const o = outcomeOf(5)!;
  assert.deepEqual([o.cancelled, o.paidCents, o.reason], [true, 1250, "the database is gone"]);
  assert.equal(tables.value[0]!.left, "cancelled");
});

test("a re-buy offer opens one dialog per kind; buying closes it", () => {
  const offer = { table: { tournamentId: 6n, table: 0 }, kind: PurchaseKind.REBUY, chips: 3000n, priceCents: 1100n, feeCents: 100n, busted: true };
  tournamentEvent(news(6, { case: "purchaseOffered", value: offer }));
  tournamentEvent(news(6, { case: "purchaseOffered", value: offer }));
  assert.equal(dialogs.value.length, 1);
  tournamentEvent(news(6, { case: "chipsPurchased", value: { table: { tournamentId: 6n, table: 0 }, entrant: 0n, name: "me", kind: PurchaseKind.REBUY, chips: 3000n } }));
  assert.equal(dialogs.value.length, 0);
  assert.equal(notices.value.at(-1)?.text, "You bought 3.000 chips (a re-buy).");
});

// The table talk: each player's last action over his seat for the betting round, Punti over their
// declarers, the doubt's verdict; cleared when a round or hand starts.
import { create } from "@bufbuild/protobuf";
import assert from "node:assert/strict";
import { test } from "node:test";
import { type TableEvent, TableEventSchema } from "../../sdk/gen/table_events_pb.js";
import { PokerActionKind, PuntoKind } from "../../sdk/gen/vocabulary_pb.js";
import { emptyTalk, nextTalk } from "../../src/player/table/table_talk.js";

const ev = (event: TableEvent["event"]): TableEvent => create(TableEventSchema, { event } as never);
const acted = (seat: number, action: PokerActionKind, totalBet: number, allIn = false) =>
  ev({ case: "acted", value: { seat, action, totalBet: BigInt(totalBet), added: 0n, allIn } } as never);

test("actions over their seats until the next betting round", () => {
  let talk = emptyTalk();
  talk = nextTalk(talk, acted(0, PokerActionKind.RAISE, 300));
  talk = nextTalk(talk, acted(1, PokerActionKind.FOLD, 0));
  talk = nextTalk(talk, acted(2, PokerActionKind.CALL, 300, true));
  assert.deepEqual(talk.said.get(0), { kind: "raise", amount: 300, automatic: false });
  assert.deepEqual(talk.said.get(1), { kind: "fold", automatic: false });
  assert.deepEqual(talk.said.get(2), { kind: "allIn", amount: 300, automatic: false });
  talk = nextTalk(talk, ev({ case: "bettingRoundStarted", value: { street: 1 } } as never));
  assert.equal(talk.said.size, 0);
});

test("a draw: how many cards each player changed", () => {
  let talk = nextTalk(emptyTalk(), ev({ case: "discarded", value: { seat: 3, cards: [{}, {}] } } as never));
  talk = nextTalk(talk, ev({ case: "discarded", value: { seat: 1, cards: [] } } as never));
  assert.deepEqual(talk.said.get(3), { kind: "discard", count: 2, automatic: false });
  assert.deepEqual(talk.said.get(1), { kind: "standPat", automatic: false });
});

test("Polacco: Punti over their declarers, the doubt and its verdict, all cleared by the next hand", () => {
  const punto = { kind: PuntoKind.PAIR, primaryRank: 11, secondaryRank: 11, suit: 0 };
  let talk = nextTalk(emptyTalk(), ev({ case: "declared", value: { by: 7n, punto } } as never));
  talk = nextTalk(talk, ev({ case: "doubted", value: { by: 9n, declarer: 7n, punto } } as never));
  talk = nextTalk(talk, ev({ case: "judged", value: { punto, present: false, penalised: 7n } } as never));
  assert.deepEqual(talk.said.get(7), { kind: "declare", punto, automatic: false });
  assert.deepEqual(talk.said.get(9), { kind: "doubt", automatic: false });
  assert.deepEqual(talk.verdict, { punto, present: false, penalised: 7 });
  talk = nextTalk(talk, ev({ case: "polaccoHandStarted", value: { hand: 2n } } as never));
  assert.equal(talk.said.size, 0);
  assert.equal(talk.verdict, null);
});

test("events that say nothing leave the talk as it was", () => {
  const talk = nextTalk(emptyTalk(), acted(0, PokerActionKind.CHECK, 0));
  assert.equal(nextTalk(talk, ev({ case: "potsFormed", value: { pots: [] } } as never)), talk);
  assert.equal(nextTalk(talk, null), talk);
});

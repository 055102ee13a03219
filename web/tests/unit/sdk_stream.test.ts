// The SDK's table stream and fold without a server: sequence order, duplicates, gaps and the resync,
// chips and cards moved as the events say, the hand recorder and its replay.
import { create } from "@bufbuild/protobuf";
import assert from "node:assert/strict";
import { test } from "node:test";
import { HandRecorder, TableStream, replay, type StorageLike } from "../../sdk/index.js";
import { type TableEvent, TableEventSchema } from "../../sdk/gen/table_events_pb.js";
import { type TableSnapshot, TableSnapshotSchema } from "../../sdk/gen/table_pb.js";
import { CardTarget, CardVisibility, PokerActionKind } from "../../sdk/gen/vocabulary_pb.js";

const table = { tournamentId: 7n, table: 0 };

function snapshot(stacks: number[], hand = 0): TableSnapshot {
  return create(TableSnapshotSchema, {
    table,
    yourSeat: 0,
    yourPlayer: -1n,
    game: {
      case: "poker",
      value: {
        tableSize: stacks.length,
        seats: stacks.map((stack, seat) => ({ seat, entrant: BigInt(seat), name: `p${seat}`, stack: BigInt(stack) })),
        hand: BigInt(hand),
        button: -1,
        toAct: -1,
      },
    },
  });
}

function event(e: TableEvent["event"]): TableEvent {
  return create(TableEventSchema, { table, hand: 1n, event: e } as never);
}

const handStarted = event({
  case: "handStarted",
  value: { hand: 1n, tableSize: 2, button: 0, smallBlindSeat: 0, bigBlindSeat: 1, seats: [0, 1], stacks: [1000n, 1000n] },
} as never);
const sb = event({ case: "blindPosted", value: { seat: 0, amount: 10n } } as never);
const bb = event({ case: "blindPosted", value: { seat: 1, amount: 20n } } as never);
const myCard = (face: number) =>
  event({ case: "cardDealt", value: { target: CardTarget.PLAYER, seat: 0, card: { face }, visibility: CardVisibility.OWNER } } as never);
const theirCard = event({ case: "cardDealt", value: { target: CardTarget.PLAYER, seat: 1, card: {}, visibility: CardVisibility.OWNER } } as never);
const decision = (d: number, toAct: number, legal = false) =>
  event({
    case: "pokerDecision",
    value: { decision: BigInt(d), toAct, legal: legal ? { decision: BigInt(d), seat: toAct, betting: true, mayFold: true, mayCall: true, callAmount: 10n } : undefined },
  } as never);

test("events apply in sequence order after the snapshot; earlier, repeated and pre-snapshot ones are dropped", () => {
  const s = new TableStream();
  assert.equal(s.event(handStarted, 5, 0), "dropped", "nothing before the first snapshot");
  assert.equal(s.snapshot(snapshot([1000, 1000]), 10, 0), "applied");
  assert.equal(s.event(handStarted, 10, 0), "dropped", "as old as the snapshot");
  assert.equal(s.event(handStarted, 11, 0), "applied");
  assert.equal(s.event(handStarted, 11, 0), "dropped", "a duplicate");
  assert.equal(s.event(sb, 12, 0), "applied");
  assert.equal(s.event(bb, 13, 0), "applied");
  const g = s.model!.game;
  assert.equal(g.kind, "poker");
  if (g.kind !== "poker") return;
  assert.deepEqual(
    g.seats.map((x) => [x.stack, x.bet]),
    [
      [990, 10],
      [980, 20],
    ],
  );
  assert.equal(g.potTotal, 30);
  assert.equal(s.model!.seq, 13);
});

test("a gap holds the events, asks for one resync, and the fresh snapshot takes the held ones that follow it", () => {
  const s = new TableStream();
  s.snapshot(snapshot([1000, 1000]), 1, 0);
  s.event(handStarted, 2, 0);
  assert.equal(s.event(bb, 4, 0), "resync", "3 is missing");
  assert.equal(s.event(myCard(51), 5, 0), "held", "one resync is enough");
  assert.ok(s.awaitingResync);
  // The resync's snapshot is at 3 (after the small blind): 4 and 5 follow it.
  const fresh = snapshot([990, 1000], 1);
  if (fresh.game.case === "poker") {
    fresh.game.value.inHand = true;
    fresh.game.value.seats[0]!.bet = 10n;
    fresh.game.value.potTotal = 10n;
  }
  assert.equal(s.snapshot(fresh, 3, 0), "applied");
  assert.ok(!s.awaitingResync);
  assert.equal(s.model!.seq, 5);
  const g = s.model!.game;
  if (g.kind !== "poker") return assert.fail("poker");
  assert.equal(g.seats[1]!.stack, 980);
  assert.deepEqual(g.seats[0]!.cards, [51]);
  assert.equal(g.potTotal, 30);
});

test("legal actions are there only while the viewer's decision is pending; a fold clears the folded cards", () => {
  const s = new TableStream();
  s.snapshot(snapshot([1000, 1000]), 1, 0);
  let seq = 1;
  for (const e of [handStarted, sb, bb, myCard(51), theirCard, myCard(47), theirCard, decision(1, 0, true)])
    s.event(e, ++seq, 0);
  const g = s.model!.game;
  if (g.kind !== "poker") return assert.fail("poker");
  assert.equal(g.legal?.callAmount, 10);
  assert.deepEqual(g.seats[1]!.cards, [null, null], "the other player's cards are backs");
  s.event(event({ case: "acted", value: { seat: 0, action: PokerActionKind.FOLD, added: 0n, totalBet: 10n } } as never), ++seq, 0);
  assert.equal(g.legal, null);
  assert.equal(g.decision, 2);
  assert.deepEqual(g.seats[0]!.cards, [], "a folded hand is in no view");
  assert.ok(g.seats[0]!.folded);
});

test("the recorder keeps each hand from its start, and replay rebuilds any step of it; the storage keeps them", () => {
  const stored = new Map<string, string>();
  const storage: StorageLike = { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) };
  const recorder = new HandRecorder(storage);
  const s = new TableStream();
  s.onEvent = (e, m) => recorder.observe(m, e);
  s.snapshot(snapshot([1000, 1000]), 1, 0);
  recorder.observe(s.model!, null);
  let seq = 1;
  const won = event({ case: "potAwarded", value: { potIndex: 0, amount: 30n, seats: [1], shares: [30n] } } as never);
  const ended = event({ case: "handEnded", value: { seats: [0, 1], stacks: [990n, 1010n] } } as never);
  const reveal = event({ case: "shuffleReveal", value: { seed: "00" } } as never);
  for (const e of [handStarted, sb, bb, myCard(51), won, ended, reveal]) s.event(e, ++seq, 0);
  assert.equal(recorder.hands.length, 1);
  const hand = recorder.hands[0]!;
  assert.ok(hand.complete);
  assert.equal(hand.id, "7/0/1");
  const start = replay(hand, 0).game;
  const end = replay(hand, hand.events.length).game;
  if (start.kind !== "poker" || end.kind !== "poker") return assert.fail("poker");
  assert.deepEqual(start.seats.map((x) => x.stack), [1000, 1000], "as the hand began");
  assert.deepEqual(replay(hand, 2).game.kind === "poker" && (replay(hand, 2).game as typeof start).potTotal, 30);
  assert.deepEqual(end.seats.map((x) => x.stack), [990, 1010]);
  assert.deepEqual(replay(hand, hand.events.length).awards[0]?.shares, [30]);
  const again = new HandRecorder(storage);
  assert.equal(again.hands.length, 1, "kept across a reload");
  assert.equal(again.hands[0]!.events.length, hand.events.length);
});

test("each account keeps its own hand histories in the same storage", () => {
  const stored = new Map<string, string>();
  const storage: StorageLike = { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) };
  const recorder = new HandRecorder(storage);
  recorder.setOwner(1);
  const s = new TableStream();
  s.onEvent = (e, m) => recorder.observe(m, e);
  s.snapshot(snapshot([1000, 1000]), 1, 0);
  let seq = 1;
  const reveal = event({ case: "shuffleReveal", value: { seed: "00" } } as never);
  for (const e of [handStarted, sb, bb, reveal]) s.event(e, ++seq, 0);
  assert.equal(recorder.hands.length, 1);
  recorder.setOwner(2);
  assert.equal(recorder.hands.length, 0, "another account sees none of them");
  recorder.setOwner(1);
  assert.equal(recorder.hands.length, 1, "and the first finds his again");
});

test("a snapshot replaces the table whatever its number: after a server restart the stream starts again from 1", () => {
  const s = new TableStream();
  s.snapshot(snapshot([1000, 1000]), 500, 0);
  assert.equal(s.event(handStarted, 501, 0), "applied");
  assert.equal(s.snapshot(snapshot([990, 1010]), 1, 0), "applied", "the restored table's first snapshot");
  assert.equal(s.model!.seq, 1);
  assert.equal(s.event(handStarted, 2, 0), "applied", "and its events after it");
  assert.equal(s.model!.seq, 2);
});

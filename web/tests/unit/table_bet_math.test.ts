// The action bar's amounts: presets (min, half pot, pot, all-in) from the model, clamped into the
// legal range; pot-size raise = the bet to call + (the pot with every bet + the call).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Betting } from "../../sdk/gen/vocabulary_pb.js";
import { type PokerLegal, emptySeat } from "../../sdk/model.js";
import { clampTo, distinctPresets, highestBet, isFixedAmount, potRaiseTo, presetAmount, sliderStep } from "../../src/player/table/bet_math.js";

function legal(over: Partial<PokerLegal>): PokerLegal {
  return {
    decision: 1, seat: 0, betting: true, drawing: false, mayFold: true, mayCheck: false, mayCall: true,
    callAmount: 0, mayBetOrRaise: true, isRaise: true, minTo: 0, maxTo: 0, allInTo: 0, maxDiscards: 0, ...over,
  };
}

function table(bets: number[], potTotal: number) {
  return { seats: bets.map((bet, i) => ({ ...emptySeat(i), entrant: i, bet })), potTotal };
}

test("clampTo rounds to whole chips and keeps inside [minTo, maxTo]", () => {
  const l = { minTo: 100, maxTo: 3000 };
  assert.equal(clampTo(50, l), 100);
  assert.equal(clampTo(4000, l), 3000);
  assert.equal(clampTo(250.6, l), 251);
  assert.equal(clampTo(Number.NaN, l), 100);
  assert.equal(clampTo(Number.POSITIVE_INFINITY, l), 100);
});

test("a pot-size raise facing the big blind from the small blind is to 3 big blinds", () => {
  // Blinds 50/100: the small blind faces 50 more; pot 150 with the bets.
  const t = table([50, 100], 150);
  const l = legal({ callAmount: 50, minTo: 200, maxTo: 5000, allInTo: 5000 });
  assert.equal(highestBet(t), 100);
  assert.equal(potRaiseTo(t, l, 1), 300);
  assert.equal(presetAmount("pot", t, l), 300);
  assert.equal(presetAmount("half", t, l), 200);
  assert.equal(presetAmount("min", t, l), 200);
  assert.equal(presetAmount("allIn", t, l), 5000);
});

test("an opening bet: pot-size is the pot, half pot half of it", () => {
  const t = table([0, 0, 0], 900);
  const l = legal({ mayCall: false, mayCheck: true, isRaise: false, minTo: 100, maxTo: 4000, allInTo: 4000 });
  assert.equal(presetAmount("pot", t, l), 900);
  assert.equal(presetAmount("half", t, l), 450);
});

test("a raise over a bet and a call: the pot counts every chip in front", () => {
  // Pot 300 before the street; A bets 200, B calls 200; C faces 200: pot 700 + 200 = 900 on top of 200.
  const t = table([200, 200, 0], 700);
  const l = legal({ callAmount: 200, minTo: 400, maxTo: 10000, allInTo: 10000 });
  assert.equal(presetAmount("pot", t, l), 1100);
  assert.equal(presetAmount("half", t, l), 650);
});

test("presets clamp: a short stack's pot raise is its all-in, a small pot's half pot is the minimum", () => {
  const t = table([50, 100], 150);
  const short = legal({ callAmount: 50, minTo: 200, maxTo: 260, allInTo: 260 });
  assert.equal(presetAmount("pot", t, short), 260);
  const tiny = table([0, 0], 30);
  const l = legal({ callAmount: 0, mayCheck: true, isRaise: false, minTo: 100, maxTo: 3000, allInTo: 3000 });
  assert.equal(presetAmount("half", tiny, l), 100);
});

test("no two preset buttons for one amount; all-in wins a tie", () => {
  const t = table([50, 100], 150);
  const short = legal({ callAmount: 50, minTo: 200, maxTo: 260, allInTo: 260 });
  assert.deepEqual(distinctPresets(t, short), [
    { preset: "min", amount: 200 },
    { preset: "allIn", amount: 260 },
  ]);
});

test("pot-limit: no all-in preset when the pot caps the raise below the stack", () => {
  const t = table([50, 100], 150);
  const pl = legal({ callAmount: 50, minTo: 200, maxTo: 300, allInTo: 3000 });
  const presets = distinctPresets(t, pl).map((p) => p.preset);
  assert.deepEqual(presets, ["min", "pot"]);
  assert.ok(distinctPresets(t, pl).every((p) => p.amount >= 200 && p.amount <= 300));
});

test("limit games and single amounts have no sizing", () => {
  assert.equal(isFixedAmount(Betting.LIMIT, { minTo: 100, maxTo: 100 }), true);
  assert.equal(isFixedAmount(Betting.NO_LIMIT, { minTo: 3000, maxTo: 3000 }), true);
  assert.equal(isFixedAmount(Betting.NO_LIMIT, { minTo: 100, maxTo: 3000 }), false);
});

test("the slider steps by the small blind over a wide range, by one chip over a narrow one", () => {
  assert.equal(sliderStep({ minTo: 100, maxTo: 3000 }, 25), 25);
  assert.equal(sliderStep({ minTo: 100, maxTo: 300 }, 25), 1);
  assert.equal(sliderStep({ minTo: 2, maxTo: 3000 }, 1), 1);
});

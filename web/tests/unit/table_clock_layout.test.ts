// The turn clock's reading (the action clock, then the time bank apart) and the seats' places around
// the felt (the viewer at the bottom, clockwise).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Clock } from "../../sdk/model.js";
import { clockReading } from "../../src/player/table/clock_reading.js";
import { seatSpots } from "../../src/player/table/seat_layout.js";

const clock = (timeLeftMs: number, timeBankMs: number): Clock => ({ seat: 1, player: -1, decision: 4, timeLeftMs, timeBankMs, receivedAt: 1000 });

test("the action clock counts down from when it was received", () => {
  assert.deepEqual(clockReading(clock(20_000, 30_000), 1000), { ms: 20_000, bank: false, fraction: 1 });
  const r = clockReading(clock(20_000, 30_000), 6000);
  assert.equal(r.ms, 15_000);
  assert.equal(r.bank, false);
  assert.equal(r.fraction, 0.75);
});

test("once the action clock is out the time bank runs, shown apart", () => {
  const r = clockReading(clock(20_000, 30_000), 1000 + 25_000);
  assert.equal(r.bank, true);
  assert.equal(r.ms, 25_000);
  assert.equal(clockReading(clock(20_000, 30_000), 1000 + 60_000).ms, 0);
  // A clock received while the bank already runs.
  assert.deepEqual(clockReading(clock(0, 10_000), 1000), { ms: 10_000, bank: true, fraction: 1 });
});

test("without a time bank the clock stops at zero", () => {
  assert.deepEqual(clockReading(clock(5_000, 0), 1000 + 9_000), { ms: 0, bank: false, fraction: 0 });
});

test("the viewer's seat sits at the bottom centre, the others clockwise", () => {
  const spots = seatSpots(6, 2);
  assert.equal(Math.round(spots[2]!.x), 50);
  assert.equal(spots[2]!.side, "bottom");
  assert.ok(spots[2]!.y > 80);
  // Clockwise on screen from the bottom: the next seat is to the lower left, the one opposite on top.
  assert.ok(spots[3]!.x < 50);
  assert.equal(spots[5]!.side, "top");
  assert.equal(Math.round(spots[5]!.x), 50);
  // An observer sees seat 0 at the bottom.
  assert.equal(Math.round(seatSpots(9, -1)[0]!.x), 50);
  // Bets sit between the seat and the centre.
  for (const s of seatSpots(10, 0)) assert.ok(Math.hypot(s.betX - 50, s.betY - 51.5) < Math.hypot(s.x - 50, s.y - 51.5));
});

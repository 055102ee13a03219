// What the turn clock reads at a moment: the action clock's time left, or once it has run out the time
// bank's (the server spends the bank after the action clock). Pure, so tests can pin it.
import type { Clock } from "../../../sdk/model.js";

export interface ClockReading {
  /** Milliseconds left on the clock shown (never below 0). */
  ms: number;
  /** The time bank is running (the action clock is out). */
  bank: boolean;
  /** Share left of the clock shown, 0..1, for a bar. */
  fraction: number;
}

export function clockReading(clock: Clock, now: number): ClockReading {
  const elapsed = Math.max(0, now - clock.receivedAt);
  const actionLeft = clock.timeLeftMs - elapsed;
  if (actionLeft > 0 || clock.timeBankMs <= 0) {
    const ms = Math.max(0, actionLeft);
    const full = Math.max(clock.timeLeftMs, 1);
    return { ms, bank: false, fraction: Math.min(1, ms / full) };
  }
  const bankLeft = Math.max(0, clock.timeBankMs + actionLeft);
  // A clock received while the bank already runs says so with timeLeftMs 0: its bar starts full.
  return { ms: bankLeft, bank: true, fraction: Math.min(1, bankLeft / Math.max(clock.timeBankMs, 1)) };
}

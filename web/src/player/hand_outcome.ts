// What a recorded hand meant for the player: chips won or lost at poker, penalties at Polacco.
import { type RecordedHand, type TableModel, replay } from "../../sdk/index.js";

export interface HandOutcome {
  result: "won" | "lost" | "even" | "watched";
  /** Poker: the change of his stack in chips; Polacco: the change of his penalties. */
  change: number;
  kind: "poker" | "polacco";
}

function mine(m: TableModel): number | null {
  if (m.game.kind === "poker") {
    const seat = m.yourSeat >= 0 ? m.game.seats[m.yourSeat] : undefined;
    return seat ? seat.stack : null;
  }
  const me = m.game.seats.find((s) => s.player === m.yourPlayer);
  return me ? me.penalties : null;
}

export function handOutcome(hand: RecordedHand): HandOutcome {
  const kind = hand.start.game.kind;
  const before = mine(hand.start);
  const after = mine(replay(hand, hand.events.length));
  if (before === null || after === null) return { result: "watched", change: 0, kind };
  const change = after - before;
  // More chips is a win at poker; more penalties is a loss at Polacco.
  const better = kind === "poker" ? change > 0 : change < 0;
  const worse = kind === "poker" ? change < 0 : change > 0;
  return { result: better ? "won" : worse ? "lost" : "even", change, kind };
}

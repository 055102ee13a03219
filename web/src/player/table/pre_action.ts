// Pre-actions: what the player ticks while others act ("Check/Fold", "Call any", "Check"), turned into
// a command the moment his decision arrives, if it is legal then. Pure, so tests can pin it.
import type { PokerLegal } from "../../../sdk/model.js";

export type PreAction = "checkFold" | "callAny" | "check";

export type SimpleCommand = "fold" | "check" | "call";

/** The command the ticked pre-action makes for this decision; null: ask the player (show the bar). */
export function preActionCommand(pre: PreAction | null, legal: PokerLegal | null): SimpleCommand | null {
  if (!pre || !legal || !legal.betting) return null;
  switch (pre) {
    case "checkFold":
      if (legal.mayCheck) return "check";
      return legal.mayFold ? "fold" : null;
    case "callAny":
      if (legal.mayCall) return "call";
      return legal.mayCheck ? "check" : null;
    case "check":
      return legal.mayCheck ? "check" : null;
  }
}

/**
 * The pre-action to keep after the table changed: "Check" is meant for the bet the player saw when he
 * ticked it, so a change of the bet he faces clears it; the others stand until his turn.
 */
export function keepPreAction(pre: PreAction | null, facedBefore: number, facedNow: number): PreAction | null {
  if (pre === "check" && facedNow !== facedBefore) return null;
  return pre;
}

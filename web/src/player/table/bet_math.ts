// The bet and raise amounts the action bar offers: presets (min, half pot, pot, all-in) computed from
// the model and every value clamped into the legal range [minTo, maxTo]. Pure, so tests can pin it.
import { Betting } from "../../../sdk/gen/vocabulary_pb.js";
import type { PokerLegal, PokerState } from "../../../sdk/model.js";

export type Preset = "min" | "half" | "pot" | "allIn";

/** n rounded to whole chips and held inside [minTo, maxTo]. */
export function clampTo(n: number, legal: Pick<PokerLegal, "minTo" | "maxTo">): number {
  const whole = Number.isFinite(n) ? Math.round(n) : legal.minTo;
  return Math.min(legal.maxTo, Math.max(legal.minTo, whole));
}

/** The highest bet in front of anyone this round: what the viewer faces. */
export function highestBet(t: Pick<PokerState, "seats">): number {
  let top = 0;
  for (const s of t.seats) if (s.bet > top) top = s.bet;
  return top;
}

/**
 * The total a raise of `fraction` of the pot makes: the bet to call plus that share of the pot after
 * the call (the pot counts every bet in front and the antes). fraction 1 is the pot-limit maximum.
 */
export function potRaiseTo(t: Pick<PokerState, "seats" | "potTotal">, legal: Pick<PokerLegal, "callAmount">, fraction: number): number {
  const potAfterCall = t.potTotal + legal.callAmount;
  return highestBet(t) + fraction * potAfterCall;
}

/** The amount a preset button sets, clamped into the legal range. */
export function presetAmount(preset: Preset, t: Pick<PokerState, "seats" | "potTotal">, legal: PokerLegal): number {
  switch (preset) {
    case "min":
      return clampTo(legal.minTo, legal);
    case "half":
      return clampTo(potRaiseTo(t, legal, 0.5), legal);
    case "pot":
      return clampTo(potRaiseTo(t, legal, 1), legal);
    case "allIn":
      return clampTo(legal.allInTo > 0 ? legal.allInTo : legal.maxTo, legal);
  }
}

/** A fixed-limit decision (or any with a single legal amount): one amount, no slider or presets. */
export function isFixedAmount(betting: Betting, legal: Pick<PokerLegal, "minTo" | "maxTo">): boolean {
  return betting === Betting.LIMIT || legal.minTo >= legal.maxTo;
}

/** The slider's step: the small blind's size for big ranges, 1 chip for small ones. */
export function sliderStep(legal: Pick<PokerLegal, "minTo" | "maxTo">, smallBlind: number): number {
  const range = legal.maxTo - legal.minTo;
  if (smallBlind <= 1 || range < smallBlind * 20) return 1;
  return smallBlind;
}

/**
 * The presets worth showing: no two buttons for one amount (all-in wins a tie: it says more), and no
 * all-in where the whole stack is not a legal amount (pot-limit: the pot caps the raise).
 */
export function distinctPresets(t: Pick<PokerState, "seats" | "potTotal">, legal: PokerLegal): { preset: Preset; amount: number }[] {
  const allInLegal = legal.allInTo <= 0 || legal.allInTo <= legal.maxTo;
  const all = (["min", "half", "pot", "allIn"] as const)
    .filter((preset) => preset !== "allIn" || allInLegal)
    .map((preset) => ({ preset, amount: presetAmount(preset, t, legal) }));
  return all.filter((p, i) => {
    const same = all.filter((q) => q.amount === p.amount);
    if (same.length === 1) return true;
    if (same.some((q) => q.preset === "allIn")) return p.preset === "allIn";
    return all.findIndex((q) => q.amount === p.amount) === i;
  });
}

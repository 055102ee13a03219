// Poker Polacco's declaration ladder (RULES.md §9) on the client: every declaration, its step, and
// the choices a picker offers at or above the lowest legal one. The same order as the engine's
// engine/polacco/punto.cpp: high card, pair, straight, two pair, three, full house, four, straight
// flush; suits do not rank (each straight flush is one step in four suits). Pure, so tests can pin it.
import { PuntoKind } from "../../../sdk/gen/vocabulary_pb.js";
import type { Punto } from "../../../sdk/model.js";

const kRanks = 13;
const kFive = 3; // rank index of the five: the lowest top of a straight
const kSuits = 4;

/** The categories low to high, as the ladder orders them. */
export const kLadderKinds: readonly PuntoKind[] = [
  PuntoKind.HIGH_CARD,
  PuntoKind.PAIR,
  PuntoKind.STRAIGHT,
  PuntoKind.TWO_PAIR,
  PuntoKind.THREE_OF_A_KIND,
  PuntoKind.FULL_HOUSE,
  PuntoKind.FOUR_OF_A_KIND,
  PuntoKind.STRAIGHT_FLUSH,
];

const kBase: Record<number, number> = (() => {
  const sizes = [kRanks, kRanks, 10, (kRanks * (kRanks - 1)) / 2, kRanks, kRanks * (kRanks - 1), kRanks, 10];
  const base: Record<number, number> = {};
  let at = 0;
  kLadderKinds.forEach((kind, i) => {
    base[kind] = at;
    at += sizes[i]!;
  });
  return base;
})();

export const kLadderSteps = 306;

function punto(kind: PuntoKind, primaryRank: number, secondaryRank = primaryRank, suit = 0): Punto {
  return { kind, primaryRank, secondaryRank, suit };
}

/** Is this a declaration the server accepts (a valid combination of kind, ranks and suit)? */
export function onLadder(p: Punto): boolean {
  const { kind, primaryRank: r1, secondaryRank: r2, suit } = p;
  const rank = (r: number) => Number.isInteger(r) && r >= 0 && r < kRanks;
  if (!rank(r1) || !rank(r2)) return false;
  switch (kind) {
    case PuntoKind.HIGH_CARD:
    case PuntoKind.PAIR:
    case PuntoKind.THREE_OF_A_KIND:
    case PuntoKind.FOUR_OF_A_KIND:
      return r1 === r2 && suit === 0;
    case PuntoKind.STRAIGHT:
      return r1 >= kFive && r1 === r2 && suit === 0;
    case PuntoKind.STRAIGHT_FLUSH:
      return r1 >= kFive && r1 === r2 && Number.isInteger(suit) && suit >= 0 && suit < kSuits;
    case PuntoKind.TWO_PAIR:
      return r1 > r2 && suit === 0;
    case PuntoKind.FULL_HOUSE:
      return r1 !== r2 && suit === 0;
    default:
      return false;
  }
}

/** The step 0..305 of a declaration on the ladder (suit ignored); -1 when it is not on the ladder. */
export function stepOf(p: Punto): number {
  if (!onLadder(p)) return -1;
  const base = kBase[p.kind]!;
  const r1 = p.primaryRank;
  const r2 = p.secondaryRank;
  switch (p.kind) {
    case PuntoKind.STRAIGHT:
    case PuntoKind.STRAIGHT_FLUSH:
      return base + r1 - kFive;
    case PuntoKind.TWO_PAIR:
      return base + (r1 * (r1 - 1)) / 2 + r2;
    case PuntoKind.FULL_HOUSE:
      return base + r1 * (kRanks - 1) + (r2 < r1 ? r2 : r2 - 1);
    default:
      return base + r1;
  }
}

/** Every declaration on the ladder, low to high (straight flushes in the four suits: 336). */
export function allDeclarations(): Punto[] {
  const out: Punto[] = [];
  for (let r = 0; r < kRanks; ++r) out.push(punto(PuntoKind.HIGH_CARD, r));
  for (let r = 0; r < kRanks; ++r) out.push(punto(PuntoKind.PAIR, r));
  for (let r = kFive; r < kRanks; ++r) out.push(punto(PuntoKind.STRAIGHT, r));
  for (let hi = 1; hi < kRanks; ++hi) for (let lo = 0; lo < hi; ++lo) out.push(punto(PuntoKind.TWO_PAIR, hi, lo));
  for (let r = 0; r < kRanks; ++r) out.push(punto(PuntoKind.THREE_OF_A_KIND, r));
  for (let t = 0; t < kRanks; ++t) for (let p = 0; p < kRanks; ++p) if (p !== t) out.push(punto(PuntoKind.FULL_HOUSE, t, p));
  for (let r = 0; r < kRanks; ++r) out.push(punto(PuntoKind.FOUR_OF_A_KIND, r));
  for (let r = kFive; r < kRanks; ++r) for (let s = 0; s < kSuits; ++s) out.push(punto(PuntoKind.STRAIGHT_FLUSH, r, r, s));
  return out;
}

const kAll = allDeclarations();

/** The declarations at or above `lowest` (all of them when null: nothing declared yet). */
export function declarationsFrom(lowest: Punto | null): Punto[] {
  const floor = lowest ? stepOf(lowest) : 0;
  if (floor < 0) return [];
  return kAll.filter((p) => stepOf(p) >= floor);
}

/** What a picker offers: kinds, then for a kind its first ranks, then second ranks, then suits. */
export interface PuntoChoices {
  kinds: PuntoKind[];
  primaries: number[];
  secondaries: number[];
  suits: number[];
}

/** Do two-rank kinds use a second rank (two pair, full house)? */
export function hasSecondRank(kind: PuntoKind): boolean {
  return kind === PuntoKind.TWO_PAIR || kind === PuntoKind.FULL_HOUSE;
}

/** The options left for a partial choice, among the declarations at or above `lowest`. */
export function puntoChoices(lowest: Punto | null, kind: PuntoKind, primary: number, secondary: number): PuntoChoices {
  const allowed = declarationsFrom(lowest);
  const unique = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
  const ofKind = allowed.filter((p) => p.kind === kind);
  const ofPrimary = ofKind.filter((p) => p.primaryRank === primary);
  const ofSecondary = ofPrimary.filter((p) => p.secondaryRank === secondary);
  return {
    kinds: unique(allowed.map((p) => p.kind)),
    primaries: unique(ofKind.map((p) => p.primaryRank)),
    secondaries: unique(ofPrimary.map((p) => p.secondaryRank)),
    suits: unique(ofSecondary.map((p) => p.suit)),
  };
}

/**
 * A complete, legal choice near what the player picked: each field kept when still offered, else the
 * lowest offered (so changing the kind lands on its lowest legal Punto). null: nothing can be declared.
 */
export function settleChoice(lowest: Punto | null, want: Punto): Punto | null {
  const kinds = puntoChoices(lowest, want.kind, -1, -1).kinds;
  if (kinds.length === 0) return null;
  const kind = kinds.includes(want.kind) ? want.kind : kinds[0]!;
  const primaries = puntoChoices(lowest, kind, -1, -1).primaries;
  const primary = primaries.includes(want.primaryRank) ? want.primaryRank : primaries[0]!;
  const secondaries = puntoChoices(lowest, kind, primary, -1).secondaries;
  const secondary = secondaries.includes(want.secondaryRank) ? want.secondaryRank : secondaries[0]!;
  const suits = puntoChoices(lowest, kind, primary, secondary).suits;
  const suit = suits.includes(want.suit) ? want.suit : suits[0]!;
  return punto(kind, primary, secondary, suit);
}

// Card faces as the protocol carries them (proto/tavolo.proto): face = rank * 4 + suit, ranks 0..12 =
// 2..A, suits 0..3 = clubs, diamonds, hearts, spades. null is a card this viewer may not see.
export type Face = number;
export type SeenFace = Face | null;

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
export const SUIT_SYMBOLS = ["♣", "♦", "♥", "♠"] as const;

export function rankOf(face: Face): number {
  return Math.floor(face / 4);
}

export function suitOf(face: Face): number {
  return face % 4;
}

/** "As", "Td", "2c": the short form hand histories use. */
export function cardCode(face: Face): string {
  return RANKS[rankOf(face)] + SUITS[suitOf(face)];
}

/** "A♠": for display. */
export function cardLabel(face: Face): string {
  const rank = RANKS[rankOf(face)];
  return (rank === "T" ? "10" : rank) + SUIT_SYMBOLS[suitOf(face)];
}

export function isRed(face: Face): boolean {
  const suit = suitOf(face);
  return suit === 1 || suit === 2;
}

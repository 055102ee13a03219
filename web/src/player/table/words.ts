// Cards, hand categories and Poker Polacco's Punti in words, from the catalogues ("Coppia di Re",
// "Scala colore al 9 di Cuori", "Full house, Kings over Nines").
import { PuntoKind } from "../../../sdk/gen/vocabulary_pb.js";
import { type Face, rankOf, suitOf } from "../../../sdk/cards.js";
import type { Punto } from "../../../sdk/model.js";
import { type MessageKey, t } from "../../i18n/index.js";

const key = (k: string) => k as MessageKey;

/** A rank in words, singular ("Re", "King"). */
export const rankName = (rank: number): string => t(key(`table.rank.${rank}`));
/** A rank in words, plural ("Assi", "Aces"). */
export const rankPlural = (rank: number): string => t(key(`table.ranks.${rank}`));
/** A suit's name ("Cuori", "Hearts"). */
export const suitName = (suit: number): string => t(key(`table.suit.${suit}`));

/** "Asso di Picche" / "Ace of Spades": a card's accessible name. */
export function cardName(face: Face | null): string {
  if (face === null) return t("table.cardDown");
  return t("table.card", { rank: rankName(rankOf(face)), suit: suitName(suitOf(face)) });
}

/** A poker hand category (HandCategory 1..9) in words; "" for none. */
export function categoryName(category: number): string {
  if (category < 1 || category > 9) return "";
  return t(key(`table.category.${category}`));
}

/** A Punto category's name ("Doppia coppia"). */
export function puntoKindName(kind: PuntoKind): string {
  return t(key(`table.punto.kind.${kind}`));
}

/** A Punto in words: "Coppia di Re", "Scala al 9", "Scala reale di Cuori". */
export function puntoName(p: Punto): string {
  const params = {
    rank: rankName(p.primaryRank),
    ranks: rankPlural(p.primaryRank),
    ranks2: rankPlural(p.secondaryRank),
    to: t(key(`table.rankTo.${p.primaryRank}`)),
    suit: suitName(p.suit),
  };
  if (p.kind === PuntoKind.STRAIGHT_FLUSH && p.primaryRank === 12) return t("table.punto.royal", params);
  if (p.kind < PuntoKind.HIGH_CARD || p.kind > PuntoKind.STRAIGHT_FLUSH) return "";
  return t(key(`table.punto.${p.kind}`), params);
}

// Poker Polacco's ladder on the client (RULES.md §9): 306 steps, 336 declarations, the engine's order
// (a straight under two pair, suits equal), the picker's choices at or above the lowest legal Punto,
// and Punti named in words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PuntoKind } from "../../sdk/gen/vocabulary_pb.js";
import type { Punto } from "../../sdk/model.js";
import { setLanguage } from "../../src/i18n/index.js";
import {
  allDeclarations,
  declarationsFrom,
  kLadderSteps,
  onLadder,
  puntoChoices,
  settleChoice,
  stepOf,
} from "../../src/player/table/punto_ladder.js";
import { puntoName } from "../../src/player/table/words.js";

const p = (kind: PuntoKind, primaryRank: number, secondaryRank = primaryRank, suit = 0): Punto => ({ kind, primaryRank, secondaryRank, suit });
const [TWO, THREE, FOUR, FIVE, NINE, TEN, KING, ACE] = [0, 1, 2, 3, 7, 8, 11, 12];

test("336 declarations on 306 steps, in ladder order", () => {
  const all = allDeclarations();
  assert.equal(all.length, 336);
  const steps = all.map(stepOf);
  assert.equal(new Set(steps).size, kLadderSteps);
  for (let i = 1; i < steps.length; ++i) assert.ok(steps[i]! >= steps[i - 1]!, `step order at ${i}`);
  assert.equal(steps[0], 0);
  assert.equal(steps[steps.length - 1], kLadderSteps - 1);
});

test("the engine's steps: category bases and orders inside them", () => {
  assert.equal(stepOf(p(PuntoKind.HIGH_CARD, TWO)), 0);
  assert.equal(stepOf(p(PuntoKind.PAIR, TWO)), 13);
  assert.equal(stepOf(p(PuntoKind.STRAIGHT, FIVE)), 26);
  assert.equal(stepOf(p(PuntoKind.TWO_PAIR, THREE, TWO)), 36);
  assert.equal(stepOf(p(PuntoKind.THREE_OF_A_KIND, TWO)), 114);
  assert.equal(stepOf(p(PuntoKind.FULL_HOUSE, TWO, THREE)), 127);
  assert.equal(stepOf(p(PuntoKind.FOUR_OF_A_KIND, TWO)), 283);
  assert.equal(stepOf(p(PuntoKind.STRAIGHT_FLUSH, FIVE, FIVE, 2)), 296);
  assert.equal(stepOf(p(PuntoKind.STRAIGHT_FLUSH, ACE, ACE, 3)), 305);
  // A straight is below two pair here; two pair orders by the high pair, then the low one.
  assert.ok(stepOf(p(PuntoKind.STRAIGHT, ACE)) < stepOf(p(PuntoKind.TWO_PAIR, THREE, TWO)));
  assert.ok(stepOf(p(PuntoKind.TWO_PAIR, KING, FOUR)) < stepOf(p(PuntoKind.TWO_PAIR, ACE, TWO)));
  assert.ok(stepOf(p(PuntoKind.FULL_HOUSE, KING, ACE)) < stepOf(p(PuntoKind.FULL_HOUSE, ACE, TWO)));
});

test("off the ladder: impossible combinations", () => {
  assert.equal(onLadder(p(PuntoKind.STRAIGHT, FOUR)), false); // no straight tops below the five
  assert.equal(onLadder(p(PuntoKind.TWO_PAIR, TWO, THREE)), false); // the high pair first
  assert.equal(onLadder(p(PuntoKind.FULL_HOUSE, NINE, NINE)), false);
  assert.equal(onLadder(p(PuntoKind.PAIR, 13)), false);
  assert.equal(onLadder(p(PuntoKind.STRAIGHT_FLUSH, NINE, NINE, 4)), false);
  assert.equal(stepOf(p(PuntoKind.UNSPECIFIED, 0)), -1);
});

test("declarations from the lowest legal one: that step and every one above", () => {
  assert.equal(declarationsFrom(null).length, 336);
  const from = declarationsFrom(p(PuntoKind.FOUR_OF_A_KIND, ACE));
  assert.equal(from.length, 1 + 40);
  // Suits do not rank: the lowest straight flush allowed comes in all four suits.
  const sf = declarationsFrom(p(PuntoKind.STRAIGHT_FLUSH, TEN, TEN, 0));
  assert.equal(sf.length, 5 * 4); // tops 10, J, Q, K, A
});

test("the picker offers only what is at or above the lowest", () => {
  const lowest = p(PuntoKind.TWO_PAIR, KING, NINE);
  const kinds = puntoChoices(lowest, PuntoKind.TWO_PAIR, -1, -1).kinds;
  assert.deepEqual(kinds, [PuntoKind.TWO_PAIR, PuntoKind.THREE_OF_A_KIND, PuntoKind.FULL_HOUSE, PuntoKind.FOUR_OF_A_KIND, PuntoKind.STRAIGHT_FLUSH]);
  assert.deepEqual(puntoChoices(lowest, PuntoKind.TWO_PAIR, -1, -1).primaries, [KING, ACE]);
  assert.deepEqual(puntoChoices(lowest, PuntoKind.TWO_PAIR, KING, -1).secondaries, [NINE, TEN, 9, 10]);
  assert.deepEqual(puntoChoices(lowest, PuntoKind.TWO_PAIR, ACE, -1).secondaries.length, 12);
  assert.deepEqual(puntoChoices(lowest, PuntoKind.STRAIGHT_FLUSH, FIVE, FIVE).suits, [0, 1, 2, 3]);
});

test("a choice settles on a legal Punto near it", () => {
  const lowest = p(PuntoKind.PAIR, KING);
  // Asking for a lower pair lands on the lowest legal one.
  assert.deepEqual(settleChoice(lowest, p(PuntoKind.PAIR, FIVE)), p(PuntoKind.PAIR, KING));
  // A kind below the lowest is not offered: the lowest offered kind instead, the rank kept if offered.
  assert.deepEqual(settleChoice(lowest, p(PuntoKind.HIGH_CARD, ACE)), p(PuntoKind.PAIR, ACE));
  assert.deepEqual(settleChoice(lowest, p(PuntoKind.HIGH_CARD, TWO)), p(PuntoKind.PAIR, KING));
  // Changing the kind keeps the rank when it is offered.
  assert.deepEqual(settleChoice(lowest, p(PuntoKind.THREE_OF_A_KIND, KING)), p(PuntoKind.THREE_OF_A_KIND, KING));
  // Two pair needs a lower second pair.
  assert.deepEqual(settleChoice(lowest, p(PuntoKind.TWO_PAIR, FIVE, FIVE)), p(PuntoKind.TWO_PAIR, FIVE, TWO));
  // Nothing above the top.
  assert.equal(settleChoice(p(PuntoKind.UNSPECIFIED, 0), p(PuntoKind.PAIR, KING)), null);
});

test("Punti in words, in Italian and English", () => {
  setLanguage("it");
  assert.equal(puntoName(p(PuntoKind.PAIR, KING)), "Coppia di Re");
  assert.equal(puntoName(p(PuntoKind.HIGH_CARD, ACE)), "Carta alta: Asso");
  assert.equal(puntoName(p(PuntoKind.TWO_PAIR, ACE, NINE)), "Doppia coppia di Assi e 9");
  assert.equal(puntoName(p(PuntoKind.STRAIGHT, FIVE)), "Scala al 5");
  assert.equal(puntoName(p(PuntoKind.STRAIGHT, 6)), "Scala all'8");
  assert.equal(puntoName(p(PuntoKind.FULL_HOUSE, KING, NINE)), "Full di Re e 9");
  assert.equal(puntoName(p(PuntoKind.STRAIGHT_FLUSH, NINE, NINE, 2)), "Scala colore al 9 di Cuori");
  assert.equal(puntoName(p(PuntoKind.STRAIGHT_FLUSH, ACE, ACE, 3)), "Scala reale di Picche");
  setLanguage("en");
  assert.equal(puntoName(p(PuntoKind.PAIR, KING)), "Pair of Kings");
  assert.equal(puntoName(p(PuntoKind.FULL_HOUSE, KING, NINE)), "Full house, Kings over Nines");
  assert.equal(puntoName(p(PuntoKind.STRAIGHT, FIVE)), "Five-high straight");
  setLanguage("it");
});

// The replayer's line: one recorded TableEvent in words ("Mario rilancia a 600"), read against the
// table as it was just before the event (names, who held which seat).
import { type TableModel, cardLabel } from "../../sdk/index.js";
import { BlindKind, CardTarget, Direction, PokerActionKind, type PuntoKind, type TableEvent } from "../../sdk/wire.js";
import { formatChips, t } from "../i18n/index.js";
import { categoryName, puntoName } from "./table/words.js";

const n = (v: bigint | number | undefined): number => Number(v ?? 0);

/** The name at a poker seat or of a Polacco player, "" when the table does not know it. */
function nameOf(m: TableModel, who: number): string {
  if (m.game.kind === "poker") return m.game.seats[who]?.name || t("step.seat", { seat: who + 1 });
  return m.game.seats.find((s) => s.player === who)?.name || t("step.player", { player: who });
}

/** A Punto in the table's words ("Coppia di Re"); the recorded message may lack one. */
export function puntoText(p: { kind: PuntoKind; primaryRank: number; secondaryRank: number; suit: number } | undefined): string {
  return p ? puntoName(p) || t("step.somePunto") : t("step.somePunto");
}

/** A hand category in the middle of a sentence ("con colore"). */
function categoryInLine(category: number): string {
  const name = categoryName(category);
  return name.charAt(0).toLocaleLowerCase() + name.slice(1);
}

const cards = (faces: readonly number[]) => faces.map(cardLabel).join(" ");

/** The event in words; `before` is the table just before it. */
export function stepText(event: TableEvent, before: TableModel): string {
  const e = event.event;
  const name = (who: number | bigint) => nameOf(before, Number(who));
  const chips = (v: bigint | number) => formatChips(n(v));
  switch (e.case) {
    case "handStarted":
      return t("step.handStarted", { hand: n(e.value.hand), dealer: name(e.value.button) });
    case "antePosted":
      return t("step.ante", { name: name(e.value.seat), amount: chips(e.value.amount) });
    case "blindPosted":
      return t(e.value.kind === BlindKind.SMALL ? "step.smallBlind" : "step.bigBlind", {
        name: name(e.value.seat),
        amount: chips(e.value.amount),
      });
    case "cardDealt": {
      const d = e.value;
      const face = d.card?.face;
      if (d.target === CardTarget.BOARD) return t("step.board", { card: face === undefined ? "?" : cardLabel(face) });
      if (d.target === CardTarget.BURN) return t("step.burn");
      return face === undefined
        ? t("step.dealtDown", { name: name(d.seat) })
        : t("step.dealt", { name: name(d.seat), card: cardLabel(face) });
    }
    case "streetDealt":
      return t("step.street");
    case "bettingRoundStarted":
      return t("step.bettingRound", { name: name(e.value.firstToAct) });
    case "drawStarted":
      return t("step.draw");
    case "acted": {
      const a = e.value;
      const who = name(a.seat);
      const allIn = a.allIn ? t("step.allIn") : "";
      switch (a.action) {
        case PokerActionKind.FOLD:
          return t(a.automatic ? "step.foldTimeout" : "step.fold", { name: who });
        case PokerActionKind.CHECK:
          return t(a.automatic ? "step.checkTimeout" : "step.check", { name: who });
        case PokerActionKind.CALL:
          return t("step.call", { name: who, amount: chips(a.added), allIn });
        case PokerActionKind.BET:
          return t("step.bet", { name: who, amount: chips(a.totalBet), allIn });
        case PokerActionKind.RAISE:
          return t("step.raise", { name: who, amount: chips(a.totalBet), allIn });
        default:
          return t("step.acted", { name: who });
      }
    }
    case "discarded": {
      const count = e.value.cards.length;
      if (count === 0) return t("step.standPat", { name: name(e.value.seat) });
      const seen = e.value.cards.flatMap((c) => (c.face === undefined ? [] : [c.face]));
      return seen.length === count
        ? t("step.discardedSeen", { name: name(e.value.seat), count, cards: cards(seen) })
        : t("step.discarded", { name: name(e.value.seat), count });
    }
    case "deckReshuffled":
      return t("step.reshuffled");
    case "uncalledReturned":
      return t("step.uncalled", { name: name(e.value.seat), amount: chips(e.value.amount) });
    case "potsFormed":
      return t("step.pots", { amount: chips(e.value.collected) });
    case "cardsShown":
      return t("step.shows", { name: name(e.value.seat), cards: cards(e.value.cards) });
    case "mucked":
      return t("step.mucks", { name: name(e.value.seat) });
    case "potAwarded": {
      const a = e.value;
      const winners = a.seats.map((s) => name(s)).join(", ");
      const pot = a.potIndex === 0 ? t("step.mainPot") : t("step.sidePot", { index: a.potIndex });
      return a.showdown && a.handCategory
        ? t("step.wonWith", { names: winners, amount: chips(a.amount), pot, hand: categoryInLine(a.handCategory) })
        : t("step.won", { names: winners, amount: chips(a.amount), pot });
    }
    case "handEnded":
    case "polaccoHandEnded":
      return t("step.handEnded");
    case "pokerDecision":
      return t("step.toAct", { name: name(e.value.toAct) });
    case "polaccoHandStarted":
      return t("step.polaccoStarted", { hand: n(e.value.hand), name: name(e.value.firstSpeaker) });
    case "directionChosen":
      return t(e.value.direction === Direction.ANTICLOCKWISE ? "step.anticlockwise" : "step.clockwise", {
        name: name(e.value.by),
      });
    case "polaccoCardDealt": {
      const face = e.value.card?.face;
      return face === undefined
        ? t("step.dealtDown", { name: name(e.value.to) })
        : t("step.dealt", { name: name(e.value.to), card: cardLabel(face) });
    }
    case "declared":
      return t(e.value.byTimeout ? "step.declaredTimeout" : "step.declared", {
        name: name(e.value.by),
        punto: puntoText(e.value.punto),
      });
    case "passed":
      return t("step.passed", { name: name(e.value.by), next: name(e.value.next) });
    case "doubted":
      return t(e.value.byTimeout ? "step.doubtedTimeout" : "step.doubted", {
        name: name(e.value.by),
        declarer: name(e.value.declarer),
        punto: puntoText(e.value.punto),
      });
    case "cardsRevealed":
      return t("step.shows", { name: name(e.value.player), cards: cards(e.value.cards) });
    case "judged":
      return t(e.value.present ? "step.present" : "step.absent", { punto: puntoText(e.value.punto) });
    case "penaltyGiven":
      return t("step.penalty", { name: name(e.value.player), count: e.value.penalties });
    case "penaltyRemoved":
      return t("step.penaltyRemoved", { name: name(e.value.player), count: e.value.penalties });
    case "polaccoPlayerEliminated":
      return t("step.eliminated", { name: name(e.value.player) });
    case "polaccoDecision":
      return t("step.toAct", { name: name(e.value.toAct) });
    case "clock":
      return t("step.clock", {
        name: before.game.kind === "poker" ? name(e.value.seat) : name(e.value.player),
        seconds: Math.ceil(n(e.value.timeLeftMs) / 1000),
      });
    case "sittingOut": {
      const who = before.game.kind === "poker" ? name(e.value.seat) : name(e.value.player);
      return t(e.value.sittingOut ? "step.sitOut" : "step.sitIn", { name: who });
    }
    case "connection": {
      const who = before.game.kind === "poker" ? name(e.value.seat) : name(e.value.player);
      return t(e.value.connected ? "step.connected" : "step.disconnected", { name: who });
    }
    case "shuffleCommitment":
      return t("step.commitment", { commitment: e.value.commitment.slice(0, 12) });
    case "shuffleReveal":
      return t("step.reveal", { seed: e.value.seed.slice(0, 12) });
    default:
      return t("step.other");
  }
}

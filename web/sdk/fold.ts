// applyEvent(): a table model updated by one TableEvent its viewer received. The client's logic only
// moves chips and cards as the events say and never judges a rule: whose turn it is and what may be
// done arrive as the pending decision. The same folding as the C++ client (tools/client/table_fold.cpp),
// except that `legal` is set only while the viewer has a decision to answer: an action clears it until
// the next pending decision.
import type { TableEvent } from "./gen/table_events_pb.js";
import { Direction } from "./gen/vocabulary_pb.js";
import { CardTarget, CardVisibility, PokerActionKind } from "./gen/vocabulary_pb.js";
import {
  type PokerSeat,
  type PokerState,
  type PolaccoState,
  type TableModel,
  clockOf,
  emptySeat,
  pokerLegalOf,
  polaccoLegalOf,
  puntoOf,
  stakesOf,
} from "./model.js";

const n = (v: bigint | number | undefined): number => Number(v ?? 0);

function seatAt(t: PokerState, seat: number): PokerSeat {
  while (t.seats.length <= seat) t.seats.push(emptySeat(t.seats.length));
  return t.seats[seat]!;
}

function foldPoker(m: TableModel, t: PokerState, e: TableEvent["event"], now: number): void {
  switch (e.case) {
    case "handStarted": {
      const h = e.value;
      t.hand = n(h.hand);
      t.inHand = true;
      t.game = h.game;
      t.betting = h.betting;
      t.stakes = stakesOf(h.stakes);
      t.tableSize = h.tableSize;
      t.button = h.button;
      t.smallBlindSeat = h.smallBlindSeat;
      t.bigBlindSeat = h.bigBlindSeat;
      t.street = 0;
      t.board = [];
      t.pots = [];
      t.potTotal = 0;
      t.toAct = -1;
      t.decision = 1;
      t.legal = null;
      t.replacing = null;
      m.awards = [];
      for (let s = 0; s < h.tableSize; ++s) {
        const seat = seatAt(t, s);
        const dealtIn = h.seats.includes(s);
        // Stacks are indexed by seat (tools/client/table_fold.cpp).
        if (dealtIn && s < h.stacks.length) seat.stack = n(h.stacks[s]);
        Object.assign(seat, {
          dealtIn,
          bet: 0,
          folded: false,
          allIn: false,
          shown: false,
          mucked: false,
          cards: [],
          faceUp: [],
        });
      }
      return;
    }
    case "antePosted":
      return putIn(t, e.value.seat, n(e.value.amount), false, e.value.allIn);
    case "blindPosted":
      return putIn(t, e.value.seat, n(e.value.amount), true, e.value.allIn);
    case "cardDealt": {
      const d = e.value;
      const face = d.card?.face ?? null;
      if (d.target === CardTarget.BOARD) {
        if (face !== null) t.board.push(face);
        return;
      }
      if (d.target !== CardTarget.PLAYER) return; // a burn card is nobody's
      const seat = seatAt(t, d.seat);
      const r = t.replacing;
      if (r && r.seat === d.seat && r.slots.length > 0) {
        const slot = r.slots.pop()!;
        if (slot < seat.cards.length) seat.cards[slot] = face;
        if (r.slots.length === 0) t.replacing = null;
        return;
      }
      seat.cards.push(face);
      seat.faceUp.push(d.visibility === CardVisibility.EVERYONE);
      return;
    }
    case "streetDealt":
    case "bettingRoundStarted":
    case "drawStarted":
      t.street = e.value.street;
      return;
    case "acted": {
      const a = e.value;
      t.decision += 1;
      t.legal = null; // answered: the next decision brings its own
      const seat = seatAt(t, a.seat);
      seat.stack -= n(a.added);
      seat.bet = n(a.totalBet);
      t.potTotal += n(a.added);
      if (a.allIn) seat.allIn = true;
      if (a.action === PokerActionKind.FOLD) {
        seat.folded = true;
        seat.cards = []; // a folded hand is in no view (RULES.md §8)
        seat.faceUp = [];
      }
      return;
    }
    case "discarded": {
      // The replacements that follow take the thrown cards' places: a card the viewer sees by its
      // face, else the k-th thrown goes to the k-th place (all the player's cards are hidden to him then).
      t.decision += 1;
      t.legal = null;
      const d = e.value;
      if (d.cards.length === 0) return;
      const seat = seatAt(t, d.seat);
      const slots = d.cards.map((thrown, k) => {
        const face = thrown.face;
        if (face === undefined) return k;
        const i = seat.cards.indexOf(face);
        return i >= 0 ? i : k;
      });
      t.replacing = { seat: d.seat, slots: slots.reverse() };
      return;
    }
    case "uncalledReturned": {
      const seat = seatAt(t, e.value.seat);
      seat.stack += n(e.value.amount);
      seat.bet -= n(e.value.amount);
      if (seat.stack > 0) seat.allIn = false;
      t.potTotal -= n(e.value.amount);
      return;
    }
    case "potsFormed":
      for (const seat of t.seats) seat.bet = 0;
      t.pots = e.value.pots.map((p) => ({ amount: n(p.amount), eligible: [...p.eligible] }));
      return;
    case "cardsShown": {
      const seat = seatAt(t, e.value.seat);
      seat.cards = [...e.value.cards];
      while (seat.faceUp.length < seat.cards.length) seat.faceUp.push(false);
      seat.faceUp.length = seat.cards.length;
      seat.shown = true;
      return;
    }
    case "mucked": {
      const seat = seatAt(t, e.value.seat);
      seat.mucked = true;
      seat.cards = [];
      seat.faceUp = [];
      return;
    }
    case "potAwarded": {
      const a = e.value;
      for (let i = 0; i < a.seats.length && i < a.shares.length; ++i) seatAt(t, a.seats[i]!).stack += n(a.shares[i]);
      t.potTotal -= n(a.amount);
      m.awards.push({
        potIndex: a.potIndex,
        amount: n(a.amount),
        seats: [...a.seats],
        shares: a.shares.map(n),
        showdown: a.showdown,
        category: a.handCategory,
      });
      return;
    }
    case "handEnded": {
      const h = e.value;
      for (let s = 0; s < h.stacks.length; ++s) {
        if (!h.seats.includes(s)) continue; // stacks are indexed by seat
        const seat = seatAt(t, s);
        seat.stack = n(h.stacks[s]);
        seat.bet = 0;
      }
      t.inHand = false;
      t.toAct = -1;
      t.legal = null;
      t.pots = [];
      t.replacing = null;
      m.clock = null;
      return;
    }
    case "pokerDecision": {
      const p = e.value;
      t.decision = n(p.decision);
      t.toAct = p.toAct;
      t.legal = pokerLegalOf(p.legal);
      if (p.clock) m.clock = clockOf(p.clock, now); // the clock that runs for it
      return;
    }
    case "sittingOut":
      if (e.value.seat >= 0) seatAt(t, e.value.seat).sittingOut = e.value.sittingOut;
      return;
    case "connection":
      if (e.value.seat >= 0) seatAt(t, e.value.seat).disconnected = !e.value.connected;
      return;
    default:
      return; // DeckReshuffled, the shuffle's commitment and reveal: nothing in the seats changes
  }
}

function putIn(t: PokerState, s: number, amount: number, toBet: boolean, allIn: boolean): void {
  const seat = seatAt(t, s);
  seat.stack -= amount;
  if (toBet) seat.bet += amount;
  if (allIn) seat.allIn = true;
  t.potTotal += amount;
}

function foldPolacco(m: TableModel, t: PolaccoState, e: TableEvent["event"], now: number): void {
  const player = (id: bigint | number) => t.seats.find((s) => s.player === Number(id));
  switch (e.case) {
    case "polaccoHandStarted": {
      const h = e.value;
      t.seats = h.seats.map((s) => {
        const before = player(s.player);
        return {
          player: n(s.player),
          name: before?.name ?? "",
          penalties: s.penalties,
          passAvailable: s.passAvailable,
          eliminated: false,
          cards: [],
          sittingOut: before?.sittingOut ?? false,
          disconnected: before?.disconnected ?? false,
        };
      });
      t.hand = n(h.hand);
      t.inHand = true;
      t.firstSpeaker = n(h.firstSpeaker);
      t.direction = Direction.UNSPECIFIED;
      t.lastPunto = null;
      t.lastDeclarer = -1;
      t.toAct = n(h.firstSpeaker);
      t.decision = 1;
      t.legal = null;
      m.awards = [];
      return;
    }
    case "directionChosen":
      // Forced by the clockwise-only rule (no decision) or by the clock (the Declared after counts it).
      if (!e.value.forced) t.decision += 1;
      t.direction = e.value.direction;
      t.legal = null;
      return;
    case "polaccoCardDealt":
      player(e.value.to)?.cards.push(e.value.card?.face ?? null);
      return;
    case "declared":
      t.lastPunto = puntoOf(e.value.punto);
      t.lastDeclarer = n(e.value.by);
      t.decision += 1;
      t.legal = null;
      return;
    case "cardsRevealed": {
      const seat = player(e.value.player);
      if (seat) seat.cards = [...e.value.cards];
      return;
    }
    case "penaltyGiven":
    case "penaltyRemoved": {
      const seat = player(e.value.player);
      if (seat) seat.penalties = e.value.penalties;
      return;
    }
    case "polaccoPlayerEliminated": {
      const seat = player(e.value.player);
      if (seat) seat.eliminated = true;
      return;
    }
    case "passed": {
      t.decision += 1;
      t.legal = null;
      const seat = player(e.value.by);
      if (seat) seat.passAvailable = false;
      return;
    }
    case "doubted":
      t.decision += 1;
      t.legal = null;
      return;
    case "polaccoHandEnded":
      t.inHand = false;
      t.toAct = -1;
      t.legal = null;
      m.clock = null;
      return;
    case "polaccoDecision":
      t.decision = n(e.value.decision);
      t.toAct = n(e.value.toAct);
      t.legal = polaccoLegalOf(e.value.legal);
      if (e.value.clock) m.clock = clockOf(e.value.clock, now);
      return;
    case "sittingOut": {
      const seat = player(e.value.player);
      if (seat) seat.sittingOut = e.value.sittingOut;
      return;
    }
    case "connection": {
      const seat = player(e.value.player);
      if (seat) seat.disconnected = !e.value.connected;
      return;
    }
    default:
      return; // Judged: what it changes arrives in the events after it
  }
}

/** Applies one event to the model (in place) and records its sequence number. */
export function applyEvent(m: TableModel, event: TableEvent, seq: number, now: number): void {
  m.seq = seq;
  const e = event.event;
  if (e.case === "clock") {
    m.clock = clockOf(e.value, now);
    return;
  }
  if (e.case === "shuffleCommitment") {
    m.shuffleCommitment = e.value.commitment;
    return;
  }
  if (m.game.kind === "poker") foldPoker(m, m.game, e, now);
  else foldPolacco(m, m.game, e, now);
}

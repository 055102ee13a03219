// A table as a client knows it: the protocol's TableSnapshot as plain data (numbers, not bigints), for
// a UI or a bot. fromSnapshot() builds it; fold.ts applies each TableEvent after it.
import type { PokerLegalActions, PolaccoLegalActions, TableSnapshot, TurnClock } from "./gen/table_pb.js";
import type { Betting, Direction, Game, PuntoKind, TableRef } from "./gen/vocabulary_pb.js";
import type { SeenFace } from "./cards.js";

/** "tournament/table": the key a connection files its tables under. */
export type TableKey = string;

export function tableKey(ref: { tournamentId: number | bigint; table: number }): TableKey {
  return `${ref.tournamentId}/${ref.table}`;
}

export interface TableAddress {
  tournamentId: number;
  table: number;
}

export function addressOf(ref: TableRef | undefined): TableAddress {
  return { tournamentId: Number(ref?.tournamentId ?? 0n), table: ref?.table ?? 0 };
}

export interface Stakes {
  level: number;
  smallBlind: number;
  bigBlind: number;
  ante: number;
}

export interface PokerLegal {
  decision: number;
  seat: number;
  betting: boolean;
  drawing: boolean;
  mayFold: boolean;
  mayCheck: boolean;
  mayCall: boolean;
  callAmount: number;
  mayBetOrRaise: boolean;
  isRaise: boolean;
  minTo: number;
  maxTo: number;
  allInTo: number;
  maxDiscards: number;
}

export interface PokerSeat {
  seat: number;
  /** -1: an empty seat. */
  entrant: number;
  name: string;
  stack: number;
  bet: number;
  dealtIn: boolean;
  folded: boolean;
  allIn: boolean;
  shown: boolean;
  mucked: boolean;
  cards: SeenFace[];
  faceUp: boolean[];
  sittingOut: boolean;
  disconnected: boolean;
}

export interface Pot {
  amount: number;
  eligible: number[];
}

export interface PokerState {
  kind: "poker";
  tableSize: number;
  seats: PokerSeat[];
  hand: number;
  inHand: boolean;
  game: Game;
  betting: Betting;
  stakes: Stakes;
  button: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  street: number;
  board: number[];
  pots: Pot[];
  potTotal: number;
  toAct: number;
  decision: number;
  legal: PokerLegal | null;
  /** A draw in progress: where the replacements of the last discard go (fold.ts). */
  replacing: { seat: number; slots: number[] } | null;
}

export interface Punto {
  kind: PuntoKind;
  primaryRank: number;
  secondaryRank: number;
  suit: number;
}

export interface PolaccoLegal {
  decision: number;
  player: number;
  chooseDirection: boolean;
  declare: boolean;
  lowestDeclaration: Punto | null;
  doubt: boolean;
  pass: boolean;
}

export interface PolaccoSeat {
  player: number;
  name: string;
  penalties: number;
  passAvailable: boolean;
  eliminated: boolean;
  cards: SeenFace[];
  sittingOut: boolean;
  disconnected: boolean;
}

export interface PolaccoState {
  kind: "polacco";
  seats: PolaccoSeat[];
  hand: number;
  inHand: boolean;
  firstSpeaker: number;
  direction: Direction;
  lastPunto: Punto | null;
  lastDeclarer: number;
  toAct: number;
  decision: number;
  legal: PolaccoLegal | null;
}

export interface Clock {
  seat: number;
  player: number;
  decision: number;
  timeLeftMs: number;
  timeBankMs: number;
  /** When this client received it (performance.now() or Date.now() of the receiver), to count down. */
  receivedAt: number;
}

/** One pot's award, as the hand's result shows it. */
export interface Award {
  potIndex: number;
  amount: number;
  seats: number[];
  shares: number[];
  showdown: boolean;
  /** HandCategory of the winning hand at a showdown (0 otherwise). */
  category: number;
}

export interface TableModel {
  key: TableKey;
  address: TableAddress;
  /** The table's sequence number of the last message applied. */
  seq: number;
  /** The viewer's seat at a poker table, -1 when watching. */
  yourSeat: number;
  /** The viewer's player id at a Polacco table, -1 when watching. */
  yourPlayer: number;
  game: PokerState | PolaccoState;
  clock: Clock | null;
  levelEndsAtMs: number;
  shuffleCommitment: string;
  /** The awards of the hand in play or of the last hand (cleared when the next starts). */
  awards: Award[];
}

const n = (v: bigint | number | undefined): number => Number(v ?? 0);

export function stakesOf(s: { level: number; smallBlind: bigint; bigBlind: bigint; ante: bigint } | undefined): Stakes {
  return { level: s?.level ?? 0, smallBlind: n(s?.smallBlind), bigBlind: n(s?.bigBlind), ante: n(s?.ante) };
}

export function pokerLegalOf(l: PokerLegalActions | undefined): PokerLegal | null {
  if (!l) return null;
  return {
    decision: n(l.decision),
    seat: l.seat,
    betting: l.betting,
    drawing: l.drawing,
    mayFold: l.mayFold,
    mayCheck: l.mayCheck,
    mayCall: l.mayCall,
    callAmount: n(l.callAmount),
    mayBetOrRaise: l.mayBetOrRaise,
    isRaise: l.isRaise,
    minTo: n(l.minTo),
    maxTo: n(l.maxTo),
    allInTo: n(l.allInTo),
    maxDiscards: l.maxDiscards,
  };
}

export function puntoOf(p: { kind: PuntoKind; primaryRank: number; secondaryRank: number; suit: number } | undefined): Punto | null {
  if (!p) return null;
  return { kind: p.kind, primaryRank: p.primaryRank, secondaryRank: p.secondaryRank, suit: p.suit };
}

export function polaccoLegalOf(l: PolaccoLegalActions | undefined): PolaccoLegal | null {
  if (!l) return null;
  return {
    decision: n(l.decision),
    player: n(l.player),
    chooseDirection: l.chooseDirection,
    declare: l.declare,
    lowestDeclaration: puntoOf(l.lowestDeclaration),
    doubt: l.doubt,
    pass: l.pass,
  };
}

export function clockOf(c: TurnClock | undefined, receivedAt: number): Clock | null {
  if (!c) return null;
  return {
    seat: c.seat,
    player: n(c.player),
    decision: n(c.decision),
    timeLeftMs: n(c.timeLeftMs),
    timeBankMs: n(c.timeBankMs),
    receivedAt,
  };
}

export function emptySeat(seat: number): PokerSeat {
  return {
    seat,
    entrant: -1,
    name: "",
    stack: 0,
    bet: 0,
    dealtIn: false,
    folded: false,
    allIn: false,
    shown: false,
    mucked: false,
    cards: [],
    faceUp: [],
    sittingOut: false,
    disconnected: false,
  };
}

/** The model of a TableSnapshot received with this table_seq. */
export function fromSnapshot(s: TableSnapshot, seq: number, now: number): TableModel {
  const address = addressOf(s.table);
  let game: PokerState | PolaccoState;
  if (s.game.case === "polacco") {
    const t = s.game.value;
    game = {
      kind: "polacco",
      seats: t.seats.map((p) => ({
        player: n(p.player),
        name: p.name,
        penalties: p.penalties,
        passAvailable: p.passAvailable,
        eliminated: p.eliminated,
        cards: p.cards.map((c) => c.face ?? null),
        sittingOut: p.sittingOut,
        disconnected: p.disconnected,
      })),
      hand: n(t.hand),
      inHand: t.inHand,
      firstSpeaker: n(t.firstSpeaker),
      direction: t.direction,
      lastPunto: puntoOf(t.lastPunto),
      lastDeclarer: n(t.lastDeclarer),
      toAct: n(t.toAct),
      decision: n(t.decision),
      legal: polaccoLegalOf(t.legal),
    };
  } else {
    const t = s.game.case === "poker" ? s.game.value : undefined;
    game = {
      kind: "poker",
      tableSize: t?.tableSize ?? 0,
      seats: (t?.seats ?? []).map((p) => ({
        seat: p.seat,
        entrant: n(p.entrant),
        name: p.name,
        stack: n(p.stack),
        bet: n(p.bet),
        dealtIn: p.dealtIn,
        folded: p.folded,
        allIn: p.allIn,
        shown: p.shown,
        mucked: p.mucked,
        cards: p.cards.map((c) => c.face ?? null),
        faceUp: [...p.faceUp],
        sittingOut: p.sittingOut,
        disconnected: p.disconnected,
      })),
      hand: n(t?.hand),
      inHand: t?.inHand ?? false,
      game: t?.game ?? 0,
      betting: t?.betting ?? 0,
      stakes: stakesOf(t?.stakes),
      button: t?.button ?? -1,
      smallBlindSeat: t?.smallBlindSeat ?? -1,
      bigBlindSeat: t?.bigBlindSeat ?? -1,
      street: t?.street ?? 0,
      board: [...(t?.board ?? [])],
      pots: (t?.pots ?? []).map((p) => ({ amount: n(p.amount), eligible: [...p.eligible] })),
      potTotal: n(t?.potTotal),
      toAct: t?.toAct ?? -1,
      decision: n(t?.decision),
      legal: pokerLegalOf(t?.legal),
      replacing: null,
    };
    while (game.seats.length < game.tableSize) game.seats.push(emptySeat(game.seats.length));
  }
  return {
    key: tableKey(address),
    address,
    seq,
    yourSeat: s.yourSeat,
    yourPlayer: n(s.yourPlayer),
    game,
    clock: clockOf(s.clock, now),
    levelEndsAtMs: n(s.levelEndsAtMs),
    shuffleCommitment: s.shuffleCommitment,
    awards: [],
  };
}

/** A deep copy (the replayer keeps the state before each step). */
export function cloneModel(m: TableModel): TableModel {
  return structuredClone(m);
}

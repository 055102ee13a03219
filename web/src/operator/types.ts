// The operator API's JSON shapes (proto/operator.openapi.yaml), as the dashboard reads them. Amounts are
// integer cents; optional fields are those the server may leave out.

export type Role = "player" | "operator" | "admin";

export interface Me {
  id: number;
  name: string;
  role: Role;
}

export interface LoginAnswer {
  token: string;
  role: Role;
  expires_at: string;
}

export type TournamentState = "registering" | "running" | "on_break" | "finished" | "cancelled";

export interface TournamentSummary {
  id: number;
  name: string;
  game: string;
  kind: string;
  betting: string;
  state: TournamentState | string;
  buy_in_cents: { prize_part: number; fee: number };
  guarantee_cents: number;
  starts_at?: string;
  players: number;
  prize_pool_cents: number;
  created_by_operator: boolean;
}

export interface Registration {
  registration: number;
  account: number;
  name: string;
  entry: number;
  state: string;
  paid_cents: number;
  place?: number | null;
  prize_cents: number;
  refund_cents: number;
  refund_from_pool_cents: number;
  refund_from_house_cents: number;
  rebuys?: number;
  addons?: number;
}

export interface LivePlayer {
  entrant: number;
  name: string;
  account?: number;
  stack: number;
  state: string;
  table?: number;
  seat?: number;
  place?: number;
  penalties?: number;
}

// A table of the director's snapshot. Poker's counts tables from 1 in `number` (the rest of the API
// counts from 0); Polacco's gives `table`.
export interface LiveTable {
  table?: number;
  button?: number;
  in_hand?: boolean;
  hand_playing?: number;
  hands_played?: number;
  held?: boolean;
  players: { seat?: number; entrant?: number; name: string; stack?: number; penalties?: number; pass_available?: boolean }[];
}

export interface LiveSnapshot {
  paused?: boolean;
  level?: number;
  stakes?: { small_blind: number; big_blind: number; ante: number };
  clock?: {
    elapsed_ms: number;
    level_ends_at_ms: number;
    level_duration_ms?: number;
    on_break: boolean;
    break_left_ms?: number;
    paused: boolean;
  };
  entrants?: number;
  remaining?: number;
  chips_in_play?: number;
  prize_pool_cents?: number;
  payouts?: { place: number; prize_cents: number }[];
  tables?: LiveTable[];
  players?: LivePlayer[];
  standings?: { name: string; place: number; prize_cents: number }[];
  starting?: boolean;
}

export interface TournamentRecord extends TournamentSummary {
  registrations: Registration[];
  live?: LiveSnapshot;
}

export interface PauseState {
  id: number;
  state: string;
  paused: boolean;
}

export interface Refund {
  registration: number;
  account: number;
  amount_cents: number;
  from_pool_cents: number;
  from_house_cents: number;
}

export interface Cancellation {
  id: number;
  state: string;
  preview: boolean;
  already_cancelled: boolean;
  started: boolean;
  reason?: string;
  refunds: Refund[];
  totals: { amount_cents: number; from_pool_cents: number; from_house_cents: number };
}

export interface CreatedTournament {
  id: number;
  name: string;
  state: string;
}

export interface TableSummary {
  tournament: number;
  table: number;
  game: string;
  betting: string;
  seats_taken: number;
  table_size: number;
  hand: number;
  in_hand: boolean;
  level: number;
  small_blind: number;
  big_blind: number;
  ante: number;
  paused: boolean;
}

export interface HandCards {
  type: "hand_cards";
  tournament: number;
  table: number;
  hand: number;
  seats: { seat: number; entrant: number; name: string; cards: string }[];
}

// The protocol's TableSnapshot in protobuf's JSON mapping: int64 fields are strings, fields at their
// default value are left out.
export interface SeenCardJson {
  face?: number;
}
export interface PokerSeatJson {
  seat?: number;
  entrant?: string;
  name?: string;
  stack?: string;
  bet?: string;
  dealtIn?: boolean;
  folded?: boolean;
  allIn?: boolean;
  shown?: boolean;
  mucked?: boolean;
  cards?: SeenCardJson[];
  faceUp?: boolean[];
  sittingOut?: boolean;
  disconnected?: boolean;
}
export interface PokerTableJson {
  tableSize?: number;
  seats?: PokerSeatJson[];
  hand?: string;
  inHand?: boolean;
  stakes?: { level?: number; smallBlind?: string; bigBlind?: string; ante?: string };
  button?: number;
  smallBlindSeat?: number;
  bigBlindSeat?: number;
  street?: number;
  board?: number[];
  pots?: { amount?: string; eligible?: number[] }[];
  potTotal?: string;
  toAct?: number;
}
export interface PolaccoSeatJson {
  player?: string;
  name?: string;
  penalties?: number;
  passAvailable?: boolean;
  eliminated?: boolean;
  cards?: SeenCardJson[];
  sittingOut?: boolean;
  disconnected?: boolean;
}
export interface PolaccoTableJson {
  seats?: PolaccoSeatJson[];
  hand?: string;
  inHand?: boolean;
  toAct?: string;
  direction?: string;
  lastPunto?: unknown;
}
export interface TableSnapshotJson {
  poker?: PokerTableJson;
  polacco?: PolaccoTableJson;
  clock?: { seat?: number; player?: string; timeLeftMs?: string; timeBankMs?: string };
  levelEndsAtMs?: string;
  shuffleCommitment?: string;
}

export interface TableDetail extends TableSummary {
  observer: TableSnapshotJson;
  last_hand: HandCards | null;
}

export interface ChatRemoval {
  tournament: number;
  table: number;
  line: number;
  removed: boolean;
  reason: string;
}

export interface PlayerSummary {
  id: number;
  name: string;
  role: Role;
  created_at: string;
  closed: boolean;
  closed_at: string | null;
}

export interface LedgerEntry {
  id: number;
  transaction_id: number;
  kind: string;
  memo: string;
  amount_cents: number;
  at: string;
  counterpart: string;
}

export interface PlayerTournament {
  tournament_id: number;
  name: string;
  tournament_state: string;
  state: string;
  entry_number: number;
  place: number | null;
  paid_cents: number;
  prize_cents: number;
  refund_cents: number;
  rebuys: number;
  addons: number;
}

export type SanctionKind = "warning" | "exclusion" | "disqualification" | "mute" | "close_account";

export interface PlayerSanction {
  id: number;
  kind: SanctionKind;
  tournament_id: number | null;
  orbits: number | null;
  hands: number | null;
  reason: string;
  operator: { id: number; name: string };
  created_at: string;
  expires_at: string | null;
}

export interface PlayerFile {
  account: PlayerSummary;
  wallet: { id: number; balance_cents: number };
  entries: LedgerEntry[];
  next_before: number | null;
  tournaments: PlayerTournament[];
  sanctions: PlayerSanction[];
}

export interface WalletMovement {
  account_id: number;
  direction: "credit" | "debit";
  amount_cents: number;
  key: string;
  transaction_id: number;
  balance_before_cents: number;
  balance_after_cents: number;
}

export interface SanctionRequest {
  kind: SanctionKind;
  reason: string;
  tournament?: number;
  orbits?: number;
  minutes?: number;
}

export interface Sanction {
  id: number;
  account: number;
  kind: string;
  reason: string;
  created_at: string;
  tournament?: number;
  table?: number;
  orbits?: number;
  hands?: number;
  chips_removed?: number;
  expires_at?: string | null;
  applied?: string;
}

export interface RoleChange {
  account_id: number;
  before: Role;
  after: Role;
  changed: boolean;
}

export interface AuditEntry {
  id: number;
  at: string;
  operator: { id: number; name: string };
  action: string;
  target: string;
  details: { operator?: string; before?: unknown; after?: unknown; reason?: string };
}

export interface AuditPage {
  entries: AuditEntry[];
  next_before: number | null;
}

export interface HandPlayer {
  name: string;
  seat: number | null;
  starting_stack: number;
  finishing_stack: number | null;
  net: number | null;
  won: number | null;
}

export interface HandSummary {
  id: number;
  tournament: number;
  tournament_name: string;
  table: number;
  hand: number;
  level: number | null;
  game: string;
  betting: string;
  started_at: string;
  ended_at: string;
  variant: string | null;
  players: HandPlayer[];
  pot: number | null;
}

export interface HandList {
  hands: HandSummary[];
  next_before: number | null;
}

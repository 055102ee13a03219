// The connection's vocabulary: its options, states, events and refusals (connection.ts uses them).
import type { TableEvent } from "./gen/table_events_pb.js";
import type { SanctionNotice } from "./gen/table_pb.js";
import type { Closing } from "./gen/tavolo_pb.js";
import type { TournamentEvent } from "./gen/tournament_pb.js";
import { ErrorCode } from "./gen/vocabulary_pb.js";
import type { LobbyTournament } from "./lobby.js";
import type { TableAddress, TableKey, TableModel } from "./model.js";

/** What a WebSocket must offer: the browser's, or Node's `ws`. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((ev: any) => void) | null;
  onclose: ((ev: any) => void) | null;
  onerror: ((ev: any) => void) | null;
  onmessage: ((ev: { data: any }) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

export type ConnectionState =
  | "idle" // not connected yet
  | "connecting" // the first connection
  | "open" // connected and, once logged in, attached
  | "reconnecting" // dropped: trying again with backoff
  | "closed"; // closed for good (close(), superseded, logged out, account closed)

export interface ConnectionOptions {
  /** ws://host:port/ws or wss://... */
  url: string;
  /** The client's name for the server's logs. */
  client?: string;
  /** Makes a socket; default: the global WebSocket. */
  webSocket?: (url: string) => WebSocketLike;
  /** Backoff between reconnection attempts: from initialMs, doubling, at most maxMs (with jitter). */
  backoff?: { initialMs: number; maxMs: number };
  /** A Ping this often while open; a connection silent for two periods is dropped and resumed. */
  pingIntervalMs?: number;
  /** Milliseconds, for clocks: default performance.now() where it exists. */
  now?: () => number;
}

export interface Account {
  id: number;
  name: string;
  balanceCents: number;
}

/** A refused request: the server's ErrorCode and message, or a local reason (code UNSPECIFIED). */
export class TavoloError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The table a refused table request named (the server's Error.table): which of them failed. */
    readonly table?: TableAddress,
  ) {
    super(message);
    this.name = "TavoloError";
  }
  get codeName(): string {
    return ErrorCode[this.code] ?? String(this.code);
  }
  /** Waiting cures it: send the same request again after a wait that grows (isRetryable). */
  get retryable(): boolean {
    return isRetryable(this.code);
  }
}

/**
 * The refusals that waiting cures: UNAVAILABLE ("retry in a moment": the server's database or the node
 * hosting a table or the lobby did not answer in time) and RATE_LIMITED (too fast). INTERNAL is not one:
 * waiting does not cure a fault.
 */
export function isRetryable(code: ErrorCode): boolean {
  return code === ErrorCode.UNAVAILABLE || code === ErrorCode.RATE_LIMITED;
}

export interface ChatEntry {
  id: number;
  from: string;
  text: string;
}

export type ConnectionEvents = {
  state: (state: ConnectionState) => void;
  /** Logged in or resumed: the account and a fresh resume token (keep it to resume after a reload). */
  loggedIn: (account: Account, resumeToken: string, expiresAtMs: number) => void;
  /** The resume token was refused (expired, logged out elsewhere): log in again. */
  loggedOut: (reason: string) => void;
  lobby: (tournaments: LobbyTournament[]) => void;
  /** A table's model changed (a snapshot, or an event applied: then `event` is it). */
  table: (model: TableModel, event: TableEvent | null) => void;
  chat: (key: TableKey, line: ChatEntry) => void;
  chatRemoved: (key: TableKey, id: number, reason: string) => void;
  tournament: (event: TournamentEvent) => void;
  wallet: (balanceCents: number) => void;
  sanction: (notice: SanctionNotice) => void;
  /** An Error the server sent on its own or for a request nobody waits for. */
  error: (error: TavoloError) => void;
  closing: (closing: Closing) => void;
};

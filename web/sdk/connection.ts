// A connection to tavolo-server's /ws for a UI, a mobile app or a bot: the handshake, log in, the
// lobby, tables kept up to date in order of their sequence numbers, and a resume with backoff after a
// drop. Runs in a browser (the global WebSocket) or in Node (pass `ws`'s WebSocket as `webSocket`).
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import type { LoggedIn, TournamentInfo } from "./gen/account_pb.js";
import type { ChatLine, PokerCommand, PokerCommandSchema, PolaccoCommand, PolaccoCommandSchema } from "./gen/table_pb.js";
import {
  ClientMessageSchema,
  type ServerMessage,
  type Closing,
  type Error as WireError,
} from "./gen/tavolo_pb.js";
import { ErrorCode, ProtocolVersion } from "./gen/vocabulary_pb.js";
import { Emitter } from "./emitter.js";
import { messagesOf } from "./frames.js";
import { type LobbyTournament, lobbyTournamentOf } from "./lobby.js";
import { type TableAddress, type TableKey, type TableModel, addressOf, tableKey } from "./model.js";
import { retryingRefusals } from "./retry.js";
import { TableStream } from "./table_stream.js";
import {
  type Account,
  type ChatEntry,
  type ConnectionEvents,
  type ConnectionOptions,
  type ConnectionState,
  TavoloError,
  type WebSocketLike,
} from "./connection_types.js";

export * from "./connection_types.js";


type ClientBody = MessageInitShape<typeof ClientMessageSchema>["body"];

interface Pending {
  resolve: (m: ServerMessage) => void;
  reject: (e: TavoloError) => void;
}

const kOpen = 1;

export class TavoloConnection extends Emitter<ConnectionEvents> {
  private readonly options: Required<Omit<ConnectionOptions, "webSocket">> & Pick<ConnectionOptions, "webSocket">;
  private socket: WebSocketLike | null = null;
  private nextRequest = 1;
  private pending = new Map<number, Pending>();
  private inFlight = new Map<string, { promise: Promise<void>; id: number }>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private resumeToken = "";
  private lobbyWanted = false;
  private lobbyMap = new Map<number, LobbyTournament>();
  private streams = new Map<TableKey, TableStream>();
  private observed = new Set<TableKey>();
  private closedForGood = false;
  private welcomed: Promise<void> | null = null;
  private failWelcome: ((e: TavoloError) => void) | null = null;

  state: ConnectionState = "idle";
  account: Account | null = null;
  /** Chat lines per table, oldest first (at most 200 a table). */
  readonly chats = new Map<TableKey, ChatEntry[]>();

  constructor(options: ConnectionOptions) {
    super();
    const perf = (globalThis as { performance?: { now(): number } }).performance;
    this.options = {
      client: "tavolo-sdk",
      backoff: { initialMs: 500, maxMs: 15_000 },
      pingIntervalMs: 15_000,
      now: perf ? () => perf.now() : () => Date.now(),
      ...options,
    };
  }

  // ---- Connecting and logging in ----------------------------------------------------------------

  /** Opens the socket and says Hello; resolves on the Welcome. */
  connect(): Promise<void> {
    if (this.welcomed) return this.welcomed;
    this.closedForGood = false;
    this.setState(this.state === "reconnecting" ? "reconnecting" : "connecting");
    this.welcomed = new Promise<void>((resolve, reject) => {
      this.failWelcome = reject;
      let socket: WebSocketLike;
      try {
        socket = this.options.webSocket ? this.options.webSocket(this.options.url) : makeBrowserSocket(this.options.url);
      } catch (e) {
        this.welcomed = null;
        reject(new TavoloError(ErrorCode.UNSPECIFIED, `cannot open ${this.options.url}: ${String(e)}`));
        return;
      }
      this.socket = socket;
      socket.binaryType = "arraybuffer";
      socket.onopen = () => {
        this.lastHeard = this.options.now();
        this.request({ case: "hello", value: { version: ProtocolVersion.PROTOCOL_VERSION_1, client: this.options.client, acceptsBatches: true } })
          .then(() => {
            this.failWelcome = null;
            if (!this.resumeToken) this.setState("open"); // else open once resumed
            resolve();
          }, reject);
      };
      socket.onmessage = (ev) => this.receive(ev.data);
      socket.onerror = () => {};
      socket.onclose = () => {
        if (this.socket !== socket) return; // detached already (close, dropNow)
        this.detach(`the connection to ${this.options.url} closed`);
        this.dropped();
      };
    });
    return this.welcomed;
  }

  createAccount(name: string, password: string): Promise<Account> {
    return this.logInWith({ case: "createAccount", value: { name, password } });
  }

  logIn(name: string, password: string): Promise<Account> {
    return this.logInWith({ case: "logIn", value: { name, password } });
  }

  /** Resumes with a token kept from an earlier LoggedIn (e.g. after a page reload). */
  resume(token: string): Promise<Account> {
    return this.logInWith({ case: "resume", value: { resumeToken: token } });
  }

  /** Closes for good: no reconnection. */
  close(): void {
    this.closedForGood = true;
    this.clearTimers();
    this.detach("the connection was closed", 1000);
    this.failPending("the connection was closed");
    this.setState("closed");
  }

  /**
   * Drops the socket as if the network had (a silent network, a resync of a seated table, a refused
   * resume, tests): once it is closed, resumes with backoff.
   */
  dropNow(): void {
    this.socket?.close(4000, "dropped by the client");
  }

  /** Forgets the socket (its late events are ignored), fails a handshake under way, closes it. */
  private detach(reason: string, code?: number): void {
    const socket = this.socket;
    this.socket = null;
    this.welcomed = null;
    if (socket) {
      socket.onmessage = null; // what it still delivers is of a connection given up: ignored
      socket.onopen = null;
    }
    const fail = this.failWelcome;
    this.failWelcome = null;
    fail?.(new TavoloError(ErrorCode.UNSPECIFIED, reason));
    if (code !== undefined) socket?.close(code, reason.slice(0, 100));
  }

  // ---- Lobby, registration, wallet --------------------------------------------------------------

  async subscribeLobby(): Promise<LobbyTournament[]> {
    this.lobbyWanted = true;
    const answer = await this.request({ case: "subscribeLobby", value: {} });
    if (answer.body.case !== "lobbySnapshot") throw unexpected(answer);
    return this.lobby; // receiveOne applied it
  }

  async unsubscribeLobby(): Promise<void> {
    this.lobbyWanted = false;
    await this.send({ case: "unsubscribeLobby", value: {} });
  }

  get lobby(): LobbyTournament[] {
    return [...this.lobbyMap.values()];
  }

  async register(tournamentId: number): Promise<number> {
    const m = await this.request({ case: "registerTournament", value: { tournamentId: BigInt(tournamentId) } });
    if (m.body.case !== "registered") throw unexpected(m);
    return this.setBalance(Number(m.body.value.balanceCents));
  }

  async unregister(tournamentId: number): Promise<number> {
    const m = await this.request({ case: "unregisterTournament", value: { tournamentId: BigInt(tournamentId) } });
    if (m.body.case !== "unregistered") throw unexpected(m);
    return this.setBalance(Number(m.body.value.balanceCents));
  }

  async getWallet(): Promise<number> {
    const m = await this.request({ case: "getWallet", value: {} });
    if (m.body.case !== "wallet") throw unexpected(m);
    return this.setBalance(Number(m.body.value.balanceCents));
  }

  // ---- Tables -----------------------------------------------------------------------------------

  /** Every table this connection follows (seated or observed). */
  get tables(): TableModel[] {
    return [...this.streams.values()].flatMap((s) => (s.model ? [s.model] : []));
  }

  table(key: TableKey): TableModel | null {
    return this.streams.get(key)?.model ?? null;
  }

  /** Stops following a table (stops observing it when observed). */
  forget(key: TableKey): void {
    for (const [flight, f] of this.inFlight) {
      if (!flight.startsWith(`${key}/`)) continue;
      const p = this.pending.get(f.id);
      this.pending.delete(f.id);
      p?.reject(new TavoloError(ErrorCode.UNSPECIFIED, "the table was left: the action is forgotten"));
    }
    const model = this.table(key);
    if (this.observed.has(key) && model) void this.send({ case: "stopObserving", value: { table: ref(model.address) } });
    this.observed.delete(key);
    this.streams.delete(key);
  }

  async observe(address: TableAddress): Promise<void> {
    const key = tableKey(address);
    this.observed.add(key);
    this.stream(key);
    await this.send({ case: "observe", value: { table: ref(address) } });
  }

  async stopObserving(address: TableAddress): Promise<void> {
    this.forget(tableKey(address));
  }

  /**
   * Acts on the table's current decision. Resolves once the table has moved past that decision,
   * rejects with the server's refusal (nothing changed then).
   */
  act(key: TableKey, command: { poker: MessageInitShape<typeof PokerCommandSchema> } | { polacco: MessageInitShape<typeof PolaccoCommandSchema> }): Promise<void> {
    const model = this.table(key);
    if (!model) return Promise.reject(new TavoloError(ErrorCode.UNKNOWN_TABLE, `not at table ${key}`));
    const hand = model.game.hand;
    const decision = model.game.decision;
    // The same decision answered twice (a double click, a pre-action racing a button) sends once.
    const flight = `${key}/${hand}/${decision}`;
    const already = this.inFlight.get(flight);
    if (already) return already.promise;
    const id = this.nextRequest++;
    const body: ClientBody = {
      case: "action",
      value: {
        table: ref(model.address),
        hand: BigInt(hand),
        decision: BigInt(decision),
        command: "poker" in command ? { case: "poker", value: command.poker } : { case: "polacco", value: command.polacco },
      },
    };
    const sent = new Promise<void>((resolve, reject) => {
      const stop = this.on("table", (m) => {
        if (m.key !== key) return;
        if (m.game.hand !== hand || m.game.decision > decision) {
          stop();
          this.pending.delete(id);
          resolve();
        }
      });
      this.pending.set(id, {
        resolve: () => {},
        reject: (e) => {
          stop();
          reject(e);
        },
      });
      if (!this.sendRaw(id, body)) {
        stop();
        this.pending.delete(id);
        reject(new TavoloError(ErrorCode.UNSPECIFIED, "not connected: the action was not sent"));
      }
    });
    this.inFlight.set(flight, { promise: sent, id });
    const done = () => this.inFlight.delete(flight);
    sent.then(done, done);
    return sent;
  }

  pokerCommand(key: TableKey, command: MessageInitShape<typeof PokerCommandSchema>): Promise<void> {
    return this.act(key, { poker: command });
  }

  polaccoCommand(key: TableKey, command: MessageInitShape<typeof PolaccoCommandSchema>): Promise<void> {
    return this.act(key, { polacco: command });
  }

  sitOut(address: TableAddress): Promise<void> {
    return this.send({ case: "sitOut", value: { table: ref(address) } });
  }

  sitIn(address: TableAddress): Promise<void> {
    return this.send({ case: "sitIn", value: { table: ref(address) } });
  }

  chat(address: TableAddress, text: string): Promise<void> {
    return this.send({ case: "chat", value: { table: ref(address), text } });
  }

  clientSeed(address: TableAddress, seed: Uint8Array): Promise<void> {
    return this.send({ case: "clientSeed", value: { table: ref(address), seed } });
  }

  rebuy(address: TableAddress, decline = false): Promise<void> {
    return this.send({ case: "rebuy", value: { table: ref(address), decline } });
  }

  addOn(address: TableAddress, decline = false): Promise<void> {
    return this.send({ case: "addOn", value: { table: ref(address), decline } });
  }

  // ---- Internals --------------------------------------------------------------------------------

  private async logInWith(body: ClientBody): Promise<Account> {
    await this.connect();
    const m = await this.request(body);
    if (m.body.case !== "loggedIn" || !this.account) throw unexpected(m);
    return this.account; // receiveOne applied it
  }

  private loggedIn(l: LoggedIn): Account {
    this.account = { id: Number(l.accountId), name: l.name, balanceCents: Number(l.balanceCents) };
    this.resumeToken = l.resumeToken;
    this.attempt = 0;
    for (const t of l.seatedAt) this.stream(tableKey(addressOf(t))); // their snapshots follow
    this.setState("open");
    this.emit("loggedIn", this.account, l.resumeToken, Number(l.resumeTokenExpiresAtMs));
    this.emit("wallet", this.account.balanceCents);
    return this.account;
  }

  private setBalance(cents: number): number {
    if (this.account) this.account.balanceCents = cents;
    this.emit("wallet", cents);
    return cents;
  }

  private takeLobby(m: ServerMessage): LobbyTournament[] {
    if (m.body.case !== "lobbySnapshot") throw unexpected(m);
    this.lobbyMap = new Map(m.body.value.tournaments.map((t: TournamentInfo) => [Number(t.id), lobbyTournamentOf(t)]));
    const list = this.lobby;
    this.emit("lobby", list);
    return list;
  }

  private stream(key: TableKey): TableStream {
    let s = this.streams.get(key);
    if (!s) {
      s = new TableStream();
      s.onEvent = (event, model) => this.emit("table", model, event);
      this.streams.set(key, s);
    }
    return s;
  }

  /** Sends a request and resolves with its answer (rejects with the server's Error). */
  private request(body: ClientBody): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const id = this.nextRequest++;
      this.pending.set(id, { resolve, reject });
      if (!this.sendRaw(id, body)) {
        this.pending.delete(id);
        reject(new TavoloError(ErrorCode.UNSPECIFIED, "not connected: try again once the connection is back"));
      }
    });
  }

  /** Sends a request that has no answer when accepted; a refusal arrives as an 'error' event. */
  private send(body: ClientBody): Promise<void> {
    const id = this.nextRequest++;
    if (!this.sendRaw(id, body))
      return Promise.reject(new TavoloError(ErrorCode.UNSPECIFIED, "not connected: try again once the connection is back"));
    return Promise.resolve();
  }

  private sendRaw(id: number, body: ClientBody): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== kOpen) return false;
    const message = create(ClientMessageSchema, { requestId: BigInt(id), body });
    socket.send(toBinary(ClientMessageSchema, message));
    return true;
  }

  private receive(data: unknown): void {
    this.lastHeard = this.options.now();
    let messages: ServerMessage[];
    try {
      messages = messagesOf(data);
    } catch (e) {
      this.emit("error", new TavoloError(ErrorCode.MALFORMED_FRAME, `the server sent a frame that does not parse: ${String(e)}`));
      return;
    }
    for (const m of messages) this.receiveOne(m);
  }

  private receiveOne(m: ServerMessage): void {
    const id = Number(m.requestId);
    const waiting = id ? this.pending.get(id) : undefined;
    if (m.body.case === "error") {
      const e = m.body.value;
      const error = new TavoloError(e.code, e.message, e.table ? addressOf(e.table) : undefined);
      if (waiting) {
        this.pending.delete(id);
        waiting.reject(error);
      } else this.emit("error", error);
      return;
    }
    // Applied before the caller hears of it: the messages after it in the same batch (a lobby update
    // after the snapshot, the wallet after LoggedIn) are applied before the caller's code runs.
    this.dispatch(m);
    if (waiting) {
      this.pending.delete(id);
      waiting.resolve(m);
    }
  }

  private dispatch(m: ServerMessage): void {
    const now = this.options.now();
    const seq = Number(m.tableSeq);
    switch (m.body.case) {
      case "tableSnapshot": {
        const key = tableKey(addressOf(m.body.value.table));
        const s = this.stream(key);
        if (s.snapshot(m.body.value, seq, now) === "applied") this.emit("table", s.model!, null);
        return;
      }
      case "tableEvent": {
        const key = tableKey(addressOf(m.body.value.table));
        const s = this.streams.get(key);
        if (!s) return; // a table this connection no longer follows
        if (s.event(m.body.value, seq, now) === "resync") this.resync(key); // applied: emitted by onEvent
        return;
      }
      case "chatLine":
        return this.chatLine(m.body.value);
      case "chatRemoved": {
        const key = tableKey(addressOf(m.body.value.table));
        const id = Number(m.body.value.id);
        const lines = this.chats.get(key);
        if (lines) this.chats.set(key, lines.filter((l) => l.id !== id));
        this.emit("chatRemoved", key, id, m.body.value.reason);
        return;
      }
      case "lobbySnapshot":
        this.takeLobby(m);
        return;
      case "lobbyUpdate": {
        const u = m.body.value;
        const id = Number(u.tournament?.id ?? 0n);
        if (u.removed) this.lobbyMap.delete(id);
        else if (u.tournament) this.lobbyMap.set(id, lobbyTournamentOf(u.tournament));
        this.emit("lobby", this.lobby);
        return;
      }
      case "wallet":
        this.setBalance(Number(m.body.value.balanceCents));
        return;
      case "tournamentEvent":
        this.emit("tournament", m.body.value);
        return;
      case "sanctionNotice":
        this.emit("sanction", m.body.value);
        return;
      case "closing":
        this.closing(m.body.value);
        return;
      case "loggedIn":
        this.loggedIn(m.body.value);
        return;
      default:
        return; // Welcome, Pong, Registered...: answers handled by their request
    }
  }

  private chatLine(c: ChatLine): void {
    const key = tableKey(addressOf(c.table));
    const lines = this.chats.get(key) ?? [];
    const id = Number(c.id);
    if (id && lines.some((l) => l.id === id)) return; // the same line again after a resume
    lines.push({ id, from: c.from, text: c.text });
    if (lines.length > 200) lines.splice(0, lines.length - 200);
    this.chats.set(key, lines);
    this.emit("chat", key, lines[lines.length - 1]!);
  }

  private closing(c: Closing): void {
    this.emit("closing", c);
    if (c.code === ErrorCode.SUPERSEDED || c.code === ErrorCode.ACCOUNT_CLOSED) {
      this.close();
      if (c.code === ErrorCode.ACCOUNT_CLOSED) this.emit("loggedOut", c.reason);
    }
    // A shutdown (UNSPECIFIED): the close follows and the resume loop takes over.
  }

  /** A gap at a table: observe it again (an observer), or drop and resume (a seated player). */
  private resync(key: TableKey): void {
    const model = this.table(key);
    if (this.observed.has(key) && model) {
      void this.send({ case: "observe", value: { table: ref(model.address) } }).catch(() => {});
      return;
    }
    this.dropNow();
  }

  private dropped(): void {
    this.clearTimers();
    this.failPending("the connection dropped: try again once it is back");
    for (const s of this.streams.values()) s.forgetHeld();
    if (this.closedForGood) return this.setState("closed");
    this.setState("reconnecting");
    const { initialMs, maxMs } = this.options.backoff;
    const base = Math.min(maxMs, initialMs * 2 ** Math.min(this.attempt, 16));
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = null;
    try {
      await this.connect();
    } catch {
      return; // onclose scheduled the next attempt
    }
    try {
      if (this.resumeToken) {
        const m = await this.request({ case: "resume", value: { resumeToken: this.resumeToken } });
        if (m.body.case !== "loggedIn") throw unexpected(m); // receiveOne applied it
      } else this.setState("open");
      for (const key of this.observed) {
        const [tournamentId, table] = key.split("/").map(Number);
        await this.send({ case: "observe", value: { table: ref({ tournamentId: tournamentId!, table: table! }) } });
      }
      // The lobby refused for now (its node or database away: UNAVAILABLE) is asked again on this
      // connection, which stays; any other refusal drops it as below. Once this socket is gone or the
      // lobby unwanted, its answer does not matter (and must not drop a newer socket).
      const socket = this.socket;
      const stillWanted = () => this.socket === socket && this.lobbyWanted;
      if (this.lobbyWanted)
        await retryingRefusals(() => this.subscribeLobby(), { ...this.options.backoff, stillWanted }).catch((e: unknown) => {
          if (stillWanted()) throw e;
          return [];
        });
    } catch (e) {
      const error = e instanceof TavoloError ? e : new TavoloError(ErrorCode.UNSPECIFIED, String(e));
      if (error.code === ErrorCode.BAD_RESUME_TOKEN || error.code === ErrorCode.ACCOUNT_CLOSED) {
        this.resumeToken = "";
        this.close();
        this.emit("loggedOut", error.message);
        return;
      }
      // Otherwise the socket dropped again (onclose schedules the next attempt), or the server refused
      // for a while (UNAVAILABLE, RATE_LIMITED) or with a fault (INTERNAL, also told as an error): drop
      // and try again later, a resume has no other way forward.
      if (error.code !== ErrorCode.UNSPECIFIED && !error.retryable) this.emit("error", error);
      this.dropNow();
    }
  }

  private setState(state: ConnectionState): void {
    if (state === "open") this.startPing();
    if (this.state === state) return;
    this.state = state;
    this.emit("state", state);
  }

  private startPing(): void {
    if (this.pingTimer) return;
    const every = this.options.pingIntervalMs;
    this.pingTimer = setInterval(() => {
      if (this.options.now() - this.lastHeard > 2 * every) {
        this.dropNow(); // silent too long: the network is gone though the socket does not know
        return;
      }
      void this.send({ case: "ping", value: { nonce: BigInt(Date.now()) } }).catch(() => {});
    }, every);
    (this.pingTimer as { unref?: () => void }).unref?.();
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
  }

  private failPending(reason: string): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new TavoloError(ErrorCode.UNSPECIFIED, reason));
  }
}

function ref(a: TableAddress) {
  return { tournamentId: BigInt(a.tournamentId), table: a.table };
}

function unexpected(m: ServerMessage): TavoloError {
  return new TavoloError(ErrorCode.UNSPECIFIED, `unexpected answer from the server: ${m.body.case ?? "nothing"}`);
}

function makeBrowserSocket(url: string): WebSocketLike {
  const WS = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (!WS) throw new Error("no global WebSocket here: pass options.webSocket (in Node: ws)");
  return new WS(url);
}

export type { WireError, PokerCommand, PolaccoCommand };

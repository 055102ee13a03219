// The operators' live feed: one WebSocket to /api/v1/live (the token in the query, as browsers cannot
// set headers on a WebSocket), JSON frames in, reconnected with a growing delay after a drop.

export interface LiveEvent {
  type: "hello" | "lobby" | "tournament" | "table" | "hand_cards" | "error" | string;
  tournament?: number;
  table?: number;
  hand?: number;
  /** The protocol's ServerMessage in protobuf's JSON mapping (lobby, tournament, table). */
  event?: Record<string, unknown>;
  seats?: { seat: number; entrant: number; name: string; cards: string }[];
  operator?: string;
  message?: string;
}

export type LiveStatus = "connecting" | "open" | "reconnecting" | "stopped";

type EventListener = (event: LiveEvent) => void;
type StatusListener = (status: LiveStatus) => void;

const FIRST_DELAY_MS = 500;
const LAST_DELAY_MS = 15_000;

export class LiveFeed {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay = FIRST_DELAY_MS;
  private current: LiveStatus = "stopped";
  private readonly events = new Set<EventListener>();
  private readonly statuses = new Set<StatusListener>();

  constructor(private readonly token: () => string | null) {}

  get status(): LiveStatus {
    return this.current;
  }

  start(): void {
    if (this.current !== "stopped") return;
    this.setStatus("connecting");
    this.connect();
  }

  stop(): void {
    this.setStatus("stopped");
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "log out");
  }

  onEvent(listener: EventListener): () => void {
    this.events.add(listener);
    return () => this.events.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statuses.add(listener);
    return () => this.statuses.delete(listener);
  }

  private connect(): void {
    const token = this.token();
    if (!token) {
      this.stop();
      return;
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/v1/live?token=${encodeURIComponent(token)}`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.delay = FIRST_DELAY_MS;
      this.setStatus("open");
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket || typeof message.data !== "string") return;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return; // not a frame of the feed
      }
      for (const listener of this.events) listener(event);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return; // stopped, or replaced
      this.socket = null;
      this.setStatus("reconnecting");
      // Jitter so that many dashboards do not reconnect in step after a restart.
      const wait = this.delay * (0.75 + Math.random() * 0.5);
      this.delay = Math.min(this.delay * 2, LAST_DELAY_MS);
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.current !== "stopped") this.connect();
      }, wait);
    };
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const listener of this.statuses) listener(status);
  }
}

// What the dashboard keeps of the live feed since it opened: the newest events (for the live view) and
// each table's chat lines (the only way to learn a line's id, which removing it needs: table snapshots
// carry no chat history).
import type { LiveEvent, LiveFeed } from "./live";

export interface LoggedEvent {
  serial: number;
  at: Date;
  event: LiveEvent;
}

export interface ChatEntry {
  id: number;
  from: string;
  text: string;
  at: Date;
  removed?: string; // the reason, once removed
}

const KEEP_EVENTS = 1000;
const KEEP_CHAT_LINES = 200; // per table

export function tableKey(tournament: number, table: number): string {
  return `${tournament}/${table}`;
}

interface ChatLineJson {
  from?: string;
  text?: string;
  id?: string | number;
}
interface ChatRemovedJson {
  id?: string | number;
  reason?: string;
}

export class LiveLog {
  private serial = 0;
  private readonly recent: LoggedEvent[] = [];
  private readonly chats = new Map<string, ChatEntry[]>();
  private readonly listeners = new Set<() => void>();

  constructor(feed: LiveFeed) {
    feed.onEvent((event) => this.add(event));
  }

  /** Newest first. */
  events(): readonly LoggedEvent[] {
    return this.recent;
  }

  chat(tournament: number, table: number): readonly ChatEntry[] {
    return this.chats.get(tableKey(tournament, table)) ?? [];
  }

  markRemoved(tournament: number, table: number, id: number, reason: string): void {
    const line = this.chats.get(tableKey(tournament, table))?.find((l) => l.id === id);
    if (line) line.removed = reason || "removed";
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.recent.length = 0;
    this.changed();
  }

  private add(event: LiveEvent): void {
    const at = new Date();
    this.recent.unshift({ serial: ++this.serial, at, event });
    if (this.recent.length > KEEP_EVENTS) this.recent.length = KEEP_EVENTS;
    if (event.type === "table" && event.event && event.tournament !== undefined) {
      const table = event.table ?? 0;
      const line = event.event["chatLine"] as ChatLineJson | undefined;
      const removed = event.event["chatRemoved"] as ChatRemovedJson | undefined;
      if (line) this.addChat(event.tournament, table, line, at);
      if (removed) this.markRemoved(event.tournament, table, Number(removed.id ?? 0), removed.reason ?? "");
    }
    this.changed();
  }

  private addChat(tournament: number, table: number, line: ChatLineJson, at: Date): void {
    const key = tableKey(tournament, table);
    const lines = this.chats.get(key) ?? [];
    lines.push({ id: Number(line.id ?? 0), from: line.from ?? "", text: line.text ?? "", at });
    if (lines.length > KEEP_CHAT_LINES) lines.splice(0, lines.length - KEEP_CHAT_LINES);
    this.chats.set(key, lines);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

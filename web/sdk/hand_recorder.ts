// Hand histories as this viewer saw them: each hand's starting model and the events that followed,
// for the step-by-step replayer. Only what the server sent this viewer is kept, so a history never
// shows a card the player did not see. Kept in a Storage (localStorage in a browser) when given one.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { type TableEvent, TableEventSchema } from "./gen/table_events_pb.js";
import { applyEvent } from "./fold.js";
import { type TableModel, cloneModel } from "./model.js";

export interface RecordedHand {
  /** "tournament/table/hand": unique per hand. */
  id: string;
  tableKey: string;
  hand: number;
  /** Milliseconds since the epoch when the recording started. */
  startedAtMs: number;
  /** The table before the first recorded event (the moment the hand started, or a mid-hand snapshot). */
  start: TableModel;
  events: TableEvent[];
  /** The hand ended while recorded (else it was joined or left midway). */
  complete: boolean;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const kStoragePrefix = "tavolo.hands.v1";

export class HandRecorder {
  private current = new Map<string, RecordedHand>();
  private done: RecordedHand[] = [];
  private storageKey = kStoragePrefix;
  private lastSeq = new Map<string, number>(); // by table: the number of the last event seen

  constructor(
    private readonly storage: StorageLike | null = null,
    private readonly keep = 50,
  ) {
    this.done = this.load();
  }

  /**
   * Whose hands these are: each account keeps its own (another account logged in on the same browser
   * does not see them). Call it on every log in; the recorder reloads that account's hands.
   */
  setOwner(accountId: number): void {
    const key = `${kStoragePrefix}.${accountId}`;
    if (key === this.storageKey) return;
    this.storageKey = key;
    this.current.clear();
    this.done = this.load();
  }

  /** Every finished hand, newest first. */
  get hands(): RecordedHand[] {
    return [...this.done];
  }

  /**
   * Feed each table change: the model after the change and the event applied (null for a snapshot).
   * A recording starts at a hand's HandStarted (the table as the hand began) or at a mid-hand snapshot.
   */
  observe(after: TableModel, event: TableEvent | null): void {
    const key = after.key;
    const c = event?.event.case;
    if (c === "handStarted" || c === "polaccoHandStarted") {
      this.begin(after);
      return;
    }
    const rec = this.current.get(key);
    if (!event) {
      // A snapshot: mid-hand, the recording goes on from it. It keeps what it has only when nothing
      // was missed (the snapshot is at the last event recorded); else it starts again from here, so a
      // replay never shows a table the events did not make.
      if (rec && rec.hand === after.game.hand && this.lastSeq.get(key) === after.seq) return;
      if (after.game.inHand) this.begin(after);
      else this.finish(key, false);
      return;
    }
    this.lastSeq.set(key, after.seq);
    if (!rec) return;
    rec.events.push(event);
    if (c === "shuffleReveal") this.finish(key, true); // the hand's last event
    else if (c === "handEnded" || c === "polaccoHandEnded") rec.complete = true;
  }

  /** Files the table's recording in progress, if any, and starts one from this model. */
  private begin(start: TableModel): void {
    this.finish(start.key, false);
    this.lastSeq.set(start.key, start.seq);
    this.current.set(start.key, {
      id: `${start.key}/${start.game.hand}`,
      tableKey: start.key,
      hand: start.game.hand,
      startedAtMs: Date.now(),
      start: cloneModel(start),
      events: [],
      complete: false,
    });
  }

  private finish(key: string, complete: boolean): void {
    const rec = this.current.get(key);
    if (!rec) return;
    this.current.delete(key);
    rec.complete ||= complete;
    this.done = [rec, ...this.done.filter((h) => h.id !== rec.id)].slice(0, this.keep);
    this.save();
  }

  private save(): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(this.storageKey, JSON.stringify(this.done.map(encode)));
    } catch {
      // Full or unavailable: the histories stay in memory.
    }
  }

  private load(): RecordedHand[] {
    try {
      const text = this.storage?.getItem(this.storageKey);
      return text ? (JSON.parse(text) as Encoded[]).map(decode) : [];
    } catch {
      return [];
    }
  }
}

/** The table after the first `steps` events of a recorded hand (0: as it started). */
export function replay(hand: RecordedHand, steps: number): TableModel {
  const m = cloneModel(hand.start);
  const count = Math.max(0, Math.min(steps, hand.events.length));
  for (let i = 0; i < count; ++i) applyEvent(m, hand.events[i]!, m.seq + 1, 0);
  return m;
}

type Encoded = Omit<RecordedHand, "events"> & { events: string[] };

function encode(h: RecordedHand): Encoded {
  return { ...h, events: h.events.map((e) => base64(toBinary(TableEventSchema, e))) };
}

function decode(h: Encoded): RecordedHand {
  return { ...h, events: h.events.map((e) => fromBinary(TableEventSchema, unbase64(e))) };
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function unbase64(text: string): Uint8Array {
  const s = atob(text);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; ++i) bytes[i] = s.charCodeAt(i);
  return bytes;
}

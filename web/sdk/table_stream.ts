// The sequence rules of one table's stream (proto/README.md "Sequence numbers"), without a socket:
//   - table messages before the table's first snapshot are dropped (after a Resume or Observe the
//     stream may already be running when the snapshot arrives);
//   - a snapshot replaces the model; each event must carry the next number; an older or repeated
//     number is dropped (a duplicate);
//   - a number past the next is a gap: the events are held, a resync is asked for once, and after the
//     fresh snapshot the held events that follow it are applied in order;
//   - a ChatLine or an Error carries the table's current number and does not advance it.
import type { TableEvent } from "./gen/table_events_pb.js";
import type { TableSnapshot } from "./gen/table_pb.js";
import { applyEvent } from "./fold.js";
import { type TableModel, fromSnapshot } from "./model.js";

export type StreamOutcome =
  | "applied" // the model changed
  | "dropped" // older than the model, or before the first snapshot
  | "held" // after a gap: kept until the resync's snapshot
  | "resync"; // a gap was just found: the caller asks for a fresh snapshot (once)

/** The most events held while waiting for a resync; past it the older ones are forgotten. */
const kMaxHeld = 512;

export class TableStream {
  model: TableModel | null = null;
  private held = new Map<number, TableEvent>();
  private resyncing = false;
  /** Called for each event applied, with the model before the event's change is visible to the UI. */
  onEvent: ((event: TableEvent, model: TableModel) => void) | null = null;

  get awaitingResync(): boolean {
    return this.resyncing;
  }

  /** The number the next event must carry. */
  get nextSeq(): number {
    return (this.model?.seq ?? 0) + 1;
  }

  /**
   * A snapshot replaces everything known of the table, whatever its number: within a connection it is
   * the latest truth, and a table restored after a server restart numbers its messages from 1 again.
   */
  snapshot(s: TableSnapshot, seq: number, now: number): StreamOutcome {
    this.model = fromSnapshot(s, seq, now);
    this.resyncing = false;
    this.drain(now);
    return "applied";
  }

  event(e: TableEvent, seq: number, now: number): StreamOutcome {
    if (!this.model) return "dropped";
    if (seq <= this.model.seq) return "dropped";
    if (seq === this.model.seq + 1 && !this.resyncing) {
      this.apply(e, seq, now);
      this.drain(now);
      return "applied";
    }
    this.held.set(seq, e);
    if (this.held.size > kMaxHeld) this.held.delete(Math.min(...this.held.keys()));
    if (this.resyncing) return "held";
    this.resyncing = true;
    return "resync";
  }

  /** The resync could not be asked for (the connection dropped): the next snapshot settles it. */
  forgetHeld(): void {
    this.held.clear();
  }

  private apply(e: TableEvent, seq: number, now: number): void {
    applyEvent(this.model!, e, seq, now);
    this.onEvent?.(e, this.model!);
  }

  private drain(now: number): void {
    const model = this.model!;
    for (const seq of [...this.held.keys()].sort((a, b) => a - b)) {
      const e = this.held.get(seq)!;
      this.held.delete(seq);
      if (seq === model.seq + 1) this.apply(e, seq, now);
      else if (seq > model.seq + 1) {
        this.held.set(seq, e); // still a gap: wait for more
        break;
      }
    }
  }
}

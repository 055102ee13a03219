// One line of words for a live feed event: which tournament and table, and what happened, from the
// protocol message the feed carries (protobuf's JSON mapping).
import { stateFromEnum } from "./labels";
import type { LiveEvent } from "./live";
import { formatCents } from "./money";

const MAX = 220;

function compact(value: unknown): string {
  if (value === undefined || value === null) return "";
  const text = JSON.stringify(value)
    .replace(/"([A-Za-z_]+)":/g, "$1: ")
    .replace(/"/g, "")
    .replace(/,/g, ", ")
    .replace(/\b(POKER_ACTION_KIND|BLIND_KIND|CARD_TARGET|CARD_VISIBILITY|ANTE_MODE|GAME|BETTING)_/g, "");
  return text === "{}" ? "" : text.length > MAX ? `${text.slice(0, MAX)}…` : text;
}

/** The oneof member set in a message: its first key that is not one of `skip`. */
function member(message: Record<string, unknown> | undefined, skip: string[]): [string, unknown] | null {
  if (!message) return null;
  for (const [k, v] of Object.entries(message)) if (!skip.includes(k)) return [k, v];
  return null;
}

function words(camel: string): string {
  return camel.replace(/([A-Z])/g, " $1").toLowerCase();
}

export function where(event: LiveEvent): string {
  if (event.tournament === undefined) return "";
  return event.table === undefined ? `T${event.tournament}` : `T${event.tournament} · table ${event.table}`;
}

export function describe(event: LiveEvent): string {
  switch (event.type) {
    case "hello":
      return `connected as ${event.operator ?? "?"}`;
    case "error":
      return `the feed refused a command: ${event.message ?? ""}`;
    case "hand_cards":
      return `hand ${event.hand ?? "?"} cards: ${(event.seats ?? []).map((s) => `${s.name} ${s.cards}`).join(", ")}`;
    case "lobby": {
      const update = event.event?.["lobbyUpdate"] as
        | { tournament?: { id?: string; name?: string; state?: string; entrants?: number; prizePoolCents?: string }; removed?: boolean }
        | undefined;
      if (update?.tournament) {
        const t = update.tournament;
        if (update.removed) return `tournament ${t.id} left the lobby`;
        return `tournament ${t.id} ${t.name ?? ""}: ${stateFromEnum(t.state) ?? "?"}, ${t.entrants ?? 0} entrants, pool ${formatCents(Number(t.prizePoolCents ?? 0))}`;
      }
      const snapshot = event.event?.["lobbySnapshot"] as { tournaments?: unknown[] } | undefined;
      return `lobby: ${snapshot?.tournaments?.length ?? 0} tournaments`;
    }
    case "tournament": {
      const body = event.event?.["tournamentEvent"] as Record<string, unknown> | undefined;
      const m = member(body, ["tournamentId"]);
      return m ? `${words(m[0])} ${compact(m[1])}` : "tournament event";
    }
    case "table": {
      const m = member(event.event, ["tableSeq", "requestId"]);
      if (!m) return "table message";
      const [kind, value] = m;
      if (kind === "tableEvent") {
        const e = value as Record<string, unknown>;
        const inner = member(e, ["table", "hand"]);
        const hand = e["hand"] ? `hand ${String(e["hand"])} · ` : "";
        return inner ? `${hand}${words(inner[0])} ${compact(inner[1])}` : `${hand}table event`;
      }
      if (kind === "chatLine") {
        const c = value as { id?: string; from?: string; text?: string };
        return `chat #${c.id ?? "?"} ${c.from ?? ""}: ${c.text ?? ""}`;
      }
      if (kind === "chatRemoved") {
        const c = value as { id?: string; reason?: string };
        return `chat line #${c.id ?? "?"} removed: ${c.reason ?? ""}`;
      }
      if (kind === "tableSnapshot") return "snapshot of the table";
      return `${words(kind)} ${compact(value)}`;
    }
    default:
      return compact(event);
  }
}

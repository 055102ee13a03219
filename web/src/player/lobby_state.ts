// The lobby as the player sees it: every tournament, kept live by the lobby's updates once logged in,
// the filters he chose, and registering / unregistering (the wallet follows from the answer).
import { signal } from "@preact/signals";
import type { LobbyTournament } from "../../sdk/index.js";
import { errorText } from "./error_text.js";
import { type LobbyFilter, kNoFilter } from "./lobby_filter.js";
import { conn, onConnection } from "./session.js";

export const tournaments = signal<LobbyTournament[]>([]);
export const lobbyFilter = signal<LobbyFilter>(kNoFilter);
/** A request in flight per tournament (its button waits), and the last refusal to show in its row. */
export const pending = signal<ReadonlySet<number>>(new Set());
export const rowErrors = signal<ReadonlyMap<number, string>>(new Map());

onConnection((c) => {
  tournaments.value = [];
  const offLobby = c.on("lobby", (list) => (tournaments.value = list));
  // Once logged in (the lobby then says which tournaments are the player's); a resume after a drop
  // subscribes again by itself.
  const offLogin = c.on("loggedIn", () => {
    offLogin();
    c.subscribeLobby().catch(() => {});
  });
  return () => {
    offLobby();
    offLogin();
  };
});

/** The tournament's name, for messages about it ("" when the lobby does not list it). */
export function tournamentName(id: number): string {
  return tournaments.value.find((x) => x.id === id)?.name ?? "";
}

export function register(id: number): Promise<void> {
  return request(id, () => conn().register(id));
}

export function unregister(id: number): Promise<void> {
  return request(id, () => conn().unregister(id));
}

async function request(id: number, send: () => Promise<number>): Promise<void> {
  if (pending.value.has(id)) return;
  pending.value = new Set([...pending.value, id]);
  setRowError(id, null);
  try {
    await send();
  } catch (e) {
    setRowError(id, errorText(e));
  } finally {
    const next = new Set(pending.value);
    next.delete(id);
    pending.value = next;
  }
}

function setRowError(id: number, text: string | null): void {
  const next = new Map(rowErrors.value);
  if (text) next.set(id, text);
  else next.delete(id);
  rowErrors.value = next;
}

// Which part of the client is in front: the lobby, the tables, or the hand history.
import { signal } from "@preact/signals";

export type View = "lobby" | "tables" | "history";

export const view = signal<View>("lobby");

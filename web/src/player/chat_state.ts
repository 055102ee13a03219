// Chat per table: the lines the connection keeps (a removed line disappears), lines unread while the
// player looks elsewhere, sending (200 characters at most) and the refusals (muted, too fast).
import { signal } from "@preact/signals";
import { type ChatEntry, type TableKey, type TableModel } from "../../sdk/index.js";
import { ErrorCode } from "../../sdk/wire.js";
import { errorText } from "./error_text.js";
import { conn, onConnection } from "./session.js";

export const kMaxChatLength = 200;

export const chatLines = signal<ReadonlyMap<TableKey, readonly ChatEntry[]>>(new Map());
export const unread = signal<ReadonlyMap<TableKey, number>>(new Map());
export const chatErrors = signal<ReadonlyMap<TableKey, string>>(new Map());
/** The tables whose chat the player has in front of him (their lines are read as they come). */
const open = new Set<TableKey>();
/** The table of the last line sent: a chat refusal names no table the SDK passes on. */
let lastSentTo: TableKey | null = null;

const chatCodes = new Set([ErrorCode.MUTED, ErrorCode.CHAT_RATE_LIMITED, ErrorCode.BAD_CHAT]);

export function isChatError(code: ErrorCode): boolean {
  return chatCodes.has(code);
}

onConnection((c) => {
  chatLines.value = new Map();
  unread.value = new Map();
  chatErrors.value = new Map();
  const refresh = (key: TableKey) => {
    const next = new Map(chatLines.value);
    next.set(key, [...(c.chats.get(key) ?? [])]);
    chatLines.value = next;
  };
  const offs = [
    c.on("chat", (key) => {
      refresh(key);
      if (!open.has(key)) bump(key, 1);
    }),
    c.on("chatRemoved", (key) => refresh(key)),
    c.on("error", (e) => {
      if (isChatError(e.code) && lastSentTo) setError(lastSentTo, errorText(e));
    }),
  ];
  return () => offs.forEach((off) => off());
});

function bump(key: TableKey, by: number): void {
  const next = new Map(unread.value);
  next.set(key, (next.get(key) ?? 0) + by);
  unread.value = next;
}

function setError(key: TableKey, text: string | null): void {
  const next = new Map(chatErrors.value);
  if (text) next.set(key, text);
  else next.delete(key);
  chatErrors.value = next;
}

/** The chat of `key` is in view (or not): its lines count as read. */
export function chatInView(key: TableKey, inView: boolean): void {
  if (inView) {
    open.add(key);
    if (unread.value.get(key)) {
      const next = new Map(unread.value);
      next.delete(key);
      unread.value = next;
    }
  } else open.delete(key);
}

/** Sends a line; false (and the reason under the chat) when it cannot go. */
export async function sendChat(model: TableModel, text: string): Promise<boolean> {
  const line = text.trim();
  if (!line || line.length > kMaxChatLength) return false;
  setError(model.key, null);
  lastSentTo = model.key;
  try {
    await conn().chat(model.address, line);
    return true;
  } catch (e) {
    setError(model.key, errorText(e));
    return false;
  }
}

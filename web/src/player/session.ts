// The player's session: one TavoloConnection to this page's server and one HandRecorder, the account
// and wallet as signals, the resume token kept in localStorage so a reload resumes, and why the
// connection closed for good when it did. Everything else in the client reads these signals.
import { batch, signal } from "@preact/signals";
import { type Account, type ConnectionState, HandRecorder, TavoloConnection, TavoloError } from "../../sdk/index.js";
import { socketUrl } from "./socket_url.js";
import { ErrorCode } from "../../sdk/wire.js";

const kTokenKey = "tavolo.resume";

/** Why the connection is closed for good, when the player did not close it himself. */
export type ClosedReason =
  | "superseded" // the account connected from another tab or device
  | "accountClosed" // an operator closed the account
  | "sessionExpired" // the resume token was refused: log in again
  | "lost"; // closed for another reason

/** What the start of the page is doing: resuming a kept session, or waiting for a log in. */
export type Phase = "resuming" | "loggedOut" | "loggedIn";

export const connState = signal<ConnectionState>("idle");
export const account = signal<Account | null>(null);
export const balance = signal<number | null>(null);
export const phase = signal<Phase>("loggedOut");
export const closedReason = signal<ClosedReason | null>(null);
/** The kept session could not be resumed: the log-in form says why it is asking again. */
export const resumeRefused = signal(false);

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function keptToken(): string {
  return storage()?.getItem(kTokenKey) ?? "";
}

function keepToken(token: string): void {
  try {
    if (token) storage()?.setItem(kTokenKey, token);
    else storage()?.removeItem(kTokenKey);
  } catch {
    // not kept: a reload asks for the password again
  }
}

export const recorder = new HandRecorder(storage());

type Listener = (c: TavoloConnection) => () => void;
const binders: Listener[] = [];
let unbind: (() => void)[] = [];
let current: TavoloConnection = makeConnection();

/** The connection of the current session (a new one after each log out). */
export function conn(): TavoloConnection {
  return current;
}

/**
 * Other modules follow the connection through this: `bind` is called now and again for each new
 * connection (after a log out), and what it returns is called when that connection is replaced.
 */
export function onConnection(bind: Listener): void {
  binders.push(bind);
  unbind.push(bind(current));
}

function makeConnection(): TavoloConnection {
  // (No location outside a browser: the unit tests load this module in Node and never connect.)
  const page = globalThis.location ?? { protocol: "http:", host: "localhost" };
  const c = new TavoloConnection({ url: socketUrl(page), client: "tavolo-web" });
  c.on("state", (s) => {
    connState.value = s;
    if (s === "closed" && phase.value === "loggedIn" && !closedReason.value) closedReason.value = "lost";
  });
  c.on("loggedIn", (a, token) => {
    keepToken(token);
    recorder.setOwner(a.id); // each account its own hand histories
    batch(() => {
      account.value = { ...a };
      balance.value = a.balanceCents;
      phase.value = "loggedIn";
      closedReason.value = null;
      resumeRefused.value = false;
    });
  });
  c.on("wallet", (cents) => (balance.value = cents));
  c.on("loggedOut", () => {
    keepToken("");
    closedReason.value = "sessionExpired";
  });
  c.on("closing", (closing) => {
    if (closing.code === ErrorCode.SUPERSEDED) closedReason.value = "superseded";
    else if (closing.code === ErrorCode.ACCOUNT_CLOSED) {
      keepToken("");
      closedReason.value = "accountClosed";
    }
  });
  c.on("table", (model, event) => recorder.observe(model, event));
  return c;
}

function replaceConnection(): void {
  for (const u of unbind) u();
  current = makeConnection();
  unbind = binders.map((bind) => bind(current));
}

/** Resumes the session a reload left (when a token is kept); else the log-in form shows. */
export function start(): void {
  const token = keptToken();
  if (!token) {
    phase.value = "loggedOut";
    return;
  }
  phase.value = "resuming";
  void resumeWith(token);
}

async function resumeWith(token: string): Promise<void> {
  const c = current;
  try {
    await c.resume(token);
  } catch (e) {
    if (c !== current) return;
    const code = e instanceof TavoloError ? e.code : ErrorCode.UNSPECIFIED;
    if (code === ErrorCode.BAD_RESUME_TOKEN || code === ErrorCode.ACCOUNT_CLOSED || code === ErrorCode.SUPERSEDED) {
      keepToken("");
      c.close();
      replaceConnection();
      batch(() => {
        resumeRefused.value = true;
        phase.value = "loggedOut";
      });
      return;
    }
    // The server could not be reached, or refused for a while (its database away, too many
    // requests): the connection retries with backoff; resume once it is open again.
    const stop = c.on("state", (s) => {
      if (s !== "open") return;
      stop();
      if (c === current && phase.value === "resuming") void resumeWith(token);
    });
    if (c.state === "open") c.dropNow(); // refused on a live connection: drop it, the backoff paces the retry
  }
}

export async function logIn(name: string, password: string): Promise<void> {
  await fresh().logIn(name, password);
}

export async function createAccount(name: string, password: string): Promise<void> {
  await fresh().createAccount(name, password);
}

/** A connection fit for a log in: the current one unless it was closed for good. */
function fresh(): TavoloConnection {
  if (current.state === "closed") replaceConnection();
  return current;
}

/** Logs out: forgets the token, closes the connection and starts a new one for the next log in. */
export function logOut(): void {
  keepToken("");
  current.close();
  replaceConnection();
  batch(() => {
    account.value = null;
    balance.value = null;
    closedReason.value = null;
    phase.value = "loggedOut";
  });
}

/** After a close for good: resume with the kept token (superseded: take the session back), or log in. */
export function reconnect(): void {
  const token = keptToken();
  closedReason.value = null;
  replaceConnection();
  if (!token) {
    batch(() => {
      account.value = null;
      balance.value = null;
      phase.value = "loggedOut";
    });
    return;
  }
  phase.value = "resuming";
  void resumeWith(token);
}

// A refusal from the server in the player's words: each ErrorCode a player can meet has its text in
// the catalogues (what went wrong and what to do); any other keeps the server's message.
import { TavoloError } from "../../sdk/index.js";
import { ErrorCode } from "../../sdk/wire.js";
import { type MessageKey, t } from "../i18n/index.js";

const keys: Partial<Record<ErrorCode, MessageKey>> = {
  [ErrorCode.NOT_LOGGED_IN]: "error.notLoggedIn",
  [ErrorCode.STALE_DECISION]: "error.staleDecision",
  [ErrorCode.NOT_YOUR_TURN]: "error.notYourTurn",
  [ErrorCode.ILLEGAL_AMOUNT]: "error.illegalAmount",
  [ErrorCode.UNKNOWN_TABLE]: "error.unknownTable",
  [ErrorCode.RATE_LIMITED]: "error.rateLimited",
  [ErrorCode.ILLEGAL_ACTION]: "error.illegalAction",
  [ErrorCode.NAME_TAKEN]: "error.nameTaken",
  [ErrorCode.BAD_CREDENTIALS_FORMAT]: "error.badCredentialsFormat",
  [ErrorCode.WRONG_CREDENTIALS]: "error.wrongCredentials",
  [ErrorCode.BAD_RESUME_TOKEN]: "error.badResumeToken",
  [ErrorCode.UNKNOWN_TOURNAMENT]: "error.unknownTournament",
  [ErrorCode.REGISTRATION_CLOSED]: "error.registrationClosed",
  [ErrorCode.NOT_REGISTERED]: "error.notRegistered",
  [ErrorCode.INSUFFICIENT_FUNDS]: "error.insufficientFunds",
  [ErrorCode.NOT_SEATED]: "error.notSeated",
  [ErrorCode.SHUTTING_DOWN]: "error.shuttingDown",
  [ErrorCode.INTERNAL]: "error.internal",
  [ErrorCode.UNAVAILABLE]: "error.unavailable",
  [ErrorCode.SUPERSEDED]: "error.superseded",
  [ErrorCode.BAD_CHAT]: "error.badChat",
  [ErrorCode.PURCHASE_REFUSED]: "error.purchaseRefused",
  [ErrorCode.MUTED]: "error.muted",
  [ErrorCode.CHAT_RATE_LIMITED]: "error.chatRateLimited",
  [ErrorCode.ACCOUNT_CLOSED]: "error.accountClosed",
};

/** The catalogue key for a code, or null when the client has no words of its own for it. */
export function errorKey(code: ErrorCode): MessageKey | null {
  return keys[code] ?? null;
}

/**
 * What to show for a failed request. A refusal the client knows is named in the player's language
 * (a refused purchase adds the server's reason: only it knows why); a request lost with the
 * connection says so and what to do; anything else keeps the server's message.
 */
export function errorText(e: unknown): string {
  if (!(e instanceof TavoloError)) return t("error.unexpected");
  if (e.code === ErrorCode.UNSPECIFIED) return t("error.connection");
  const key = errorKey(e.code);
  if (!key) return t("error.other", { message: e.message });
  const text = t(key);
  return withDetail.has(e.code) && e.message ? `${text} (${e.message})` : text;
}

/** Codes whose message says something the code alone does not. */
const withDetail = new Set<ErrorCode>([ErrorCode.PURCHASE_REFUSED]);

// The account rules the server applies (server/session/credentials.cpp), checked before sending so
// the form can say what to fix at once; the server stays the judge (BAD_CREDENTIALS_FORMAT).
import type { MessageKey } from "../i18n/index.js";

export const kMinNameLength = 3;
export const kMaxNameLength = 20;
export const kMinPasswordLength = 8;
export const kMaxPasswordLength = 128;

/** What is wrong with a new account's name and password, or null when they follow the rules. */
export function credentialsProblem(name: string, password: string): MessageKey | null {
  if (name.length < kMinNameLength || name.length > kMaxNameLength) return "login.rule.nameLength";
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) return "login.rule.nameCharacters";
  if (!/^[A-Za-z0-9]/.test(name)) return "login.rule.nameStart";
  if (password.length < kMinPasswordLength) return "login.rule.passwordShort";
  if (new TextEncoder().encode(password).length > kMaxPasswordLength) return "login.rule.passwordLong";
  if (/[\u0000-\u001f\u007f]/.test(password)) return "login.rule.passwordControl";
  return null;
}

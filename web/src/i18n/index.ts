// The player client's words: one catalogue per language (it.ts, en.ts, the same keys: en.ts is typed
// by it.ts), the language from the browser or the player's choice (kept in localStorage), and the
// number formats of the Italian rooms: amounts in euros as players there write them (1.234,50 €).
import { signal } from "@preact/signals";
import { en } from "./en.js";
import { it, type Catalogue } from "./it.js";

export type Language = "it" | "en";
export type MessageKey = keyof Catalogue;

const catalogues: Record<Language, Catalogue> = { it, en };
const kStorageKey = "tavolo.language";

function initialLanguage(): Language {
  try {
    const saved = globalThis.localStorage?.getItem(kStorageKey);
    if (saved === "it" || saved === "en") return saved;
  } catch {
    // no storage: the browser's language decides
  }
  const wanted = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? "it"];
  for (const tag of wanted) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "it" || primary === "en") return primary;
  }
  return "it";
}

/** The language shown; components that read it re-render when it changes. */
export const language = signal<Language>(initialLanguage());

export function setLanguage(next: Language): void {
  language.value = next;
  try {
    globalThis.localStorage?.setItem(kStorageKey, next);
  } catch {
    // not kept: fine
  }
  if (globalThis.document) document.documentElement.lang = next;
}

/** The text of `key` in the current language, `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = catalogues[language.value][key] ?? it[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const money = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });
const integer = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0, useGrouping: true });

/** Cents as players in the Italian rooms write euros: 123450 -> "1.234,50 €". */
export function formatMoney(cents: number): string {
  // Intl leaves 4-digit amounts ungrouped in it-IT ("1234,50 €"): group them as players write them.
  const text = money.format(cents / 100);
  return text.replace(/^(-?)(\d)(\d{3}),/, "$1$2.$3,");
}

/** Chips: whole numbers with the same grouping (1.500, 12.000). */
export function formatChips(chips: number): string {
  return integer.format(chips).replace(/^(-?)(\d)(\d{3})$/, "$1$2.$3");
}

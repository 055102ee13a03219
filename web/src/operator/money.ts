// Money on the dashboard: the API counts integer cents; they become euros only for display, and a typed
// amount is read as a string, never through a float.

const euros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

/** 1100 -> "€11.00" (negative: "-€11.00"). */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "—";
  // Intl formats a number; cents/100 is exact to two decimals for any amount under 2^53 cents.
  return euros.format(cents / 100);
}

/** Chips and other counts: 18000 -> "18,000". */
const counts = new Intl.NumberFormat("en-IE");
export function formatCount(n: number | string | null | undefined): string {
  if (n === null || n === undefined || n === "") return "—";
  const value = typeof n === "string" ? Number(n) : n;
  return Number.isFinite(value) ? counts.format(value) : String(n);
}

const AMOUNT = /^(\d{1,11})(?:[.,](\d{1,2}))?$/;

/**
 * Reads an amount typed in euros ("25", "25.5", "25.50", or "25,50" with a decimal comma; thousands
 * separators are refused) as integer cents, or an error message saying what to type.
 */
export function parseEuros(text: string): { cents: number } | { error: string } {
  const t = text.trim().replace(/^€\s*/, "");
  const m = AMOUNT.exec(t);
  if (!m) return { error: "Type an amount in euros with at most two decimals, e.g. 25.00." };
  const whole = m[1]!;
  const fraction = (m[2] ?? "").padEnd(2, "0");
  const cents = Number(whole) * 100 + Number(fraction);
  if (!Number.isSafeInteger(cents)) return { error: "That amount is too large." };
  return { cents };
}

/** The API's amount strings ("10.00") from what was typed, or an error message. "" stays "". */
export function amountString(text: string): { value: string } | { error: string } {
  if (text.trim() === "") return { value: "" };
  const parsed = parseEuros(text);
  if ("error" in parsed) return parsed;
  const whole = Math.floor(parsed.cents / 100);
  const rest = String(parsed.cents % 100).padStart(2, "0");
  return { value: `${whole}.${rest}` };
}

// The keys of a [[tournament]] declaration (deploy/tavolo.example.toml) the creation form offers, how
// each is typed, and how the typed text becomes the JSON the API reads. Empty means "the default".
import { amountString } from "./money";

export type FieldType = "text" | "int" | "amount" | "bool" | "tristate" | "select" | "levels" | "percentages";
export type Applies = "all" | "poker" | "polacco";

export interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  group: string;
  applies: Applies;
  options?: string[];
  hint?: string;
  placeholder?: string;
}

export const GROUPS = ["Game", "Entry", "Players and start", "Structure", "Re-buys and add-on", "Action clock", "Polacco"];

export const FIELDS: FieldSpec[] = [
  { key: "name", label: "Name", type: "text", group: "Game", applies: "all", hint: "Unique: the lobby shows it." },
  { key: "game", label: "Game", type: "select", group: "Game", applies: "all", options: ["holdem", "stud", "draw", "polacco"] },
  { key: "kind", label: "Kind", type: "select", group: "Game", applies: "all", options: ["sng", "headsup", "mtt", "shootout"] },
  { key: "betting", label: "Betting", type: "select", group: "Game", applies: "poker", options: ["nl", "pl", "limit"] },
  { key: "seats", label: "Seats per table", type: "int", group: "Game", applies: "all", placeholder: "default", hint: "2 to 10 (draw 6)." },
  { key: "buy_in", label: "Buy-in (€)", type: "amount", group: "Entry", applies: "all", placeholder: "default 10.00", hint: "The prize part." },
  { key: "fee", label: "Fee (€)", type: "amount", group: "Entry", applies: "all", placeholder: "default 1.00", hint: "To the house; buy-in + fee: 0.50 to 100.00." },
  { key: "freeroll", label: "Freeroll (the house pays the entries)", type: "bool", group: "Entry", applies: "all" },
  { key: "guarantee", label: "Guarantee (€)", type: "amount", group: "Entry", applies: "all", placeholder: "none" },
  { key: "payout", label: "Payout (% by place)", type: "percentages", group: "Entry", applies: "all", placeholder: "default", hint: "e.g. 50, 30, 20" },
  { key: "min_players", label: "Minimum players", type: "int", group: "Players and start", applies: "all", placeholder: "default" },
  { key: "max_players", label: "Maximum players", type: "int", group: "Players and start", applies: "all", placeholder: "default" },
  {
    key: "start",
    label: "Start",
    type: "text",
    group: "Players and start",
    applies: "all",
    placeholder: "when full",
    hint: "An RFC 3339 time (2026-11-27T20:00:00Z) or a delay (+90s, +15m, +2h). Empty: a Sit&Go starts when full; an MTT needs one.",
  },
  { key: "late_registration_levels", label: "Late registration (levels)", type: "int", group: "Players and start", applies: "poker", placeholder: "0: off" },
  { key: "reentry", label: "Re-entry while late registration is open", type: "bool", group: "Players and start", applies: "poker" },
  { key: "starting_stack", label: "Starting stack (chips)", type: "int", group: "Structure", applies: "poker", placeholder: "default" },
  { key: "level_minutes", label: "Level length (minutes)", type: "int", group: "Structure", applies: "poker", placeholder: "default" },
  { key: "levels", label: "Levels", type: "levels", group: "Structure", applies: "poker", placeholder: "default", hint: "small/big[/ante], comma-separated: 25/50, 50/100, 300/600/25" },
  { key: "antes", label: "Antes", type: "select", group: "Structure", applies: "poker", options: ["", "none", "classic", "big_blind"] },
  { key: "breaks", label: "Breaks", type: "tristate", group: "Structure", applies: "poker" },
  { key: "rebuy", label: "Re-buys", type: "bool", group: "Re-buys and add-on", applies: "poker" },
  { key: "rebuy_levels", label: "Re-buys during levels 1..N", type: "int", group: "Re-buys and add-on", applies: "poker", placeholder: "4" },
  { key: "rebuy_max", label: "Re-buys per player (0: unlimited)", type: "int", group: "Re-buys and add-on", applies: "poker", placeholder: "0" },
  { key: "rebuy_price", label: "Re-buy price (€)", type: "amount", group: "Re-buys and add-on", applies: "poker", placeholder: "buy-in" },
  { key: "rebuy_fee", label: "Re-buy fee (€)", type: "amount", group: "Re-buys and add-on", applies: "poker", placeholder: "fee" },
  { key: "addon", label: "Add-on", type: "bool", group: "Re-buys and add-on", applies: "poker" },
  { key: "addon_price", label: "Add-on price (€)", type: "amount", group: "Re-buys and add-on", applies: "poker", placeholder: "buy-in" },
  { key: "addon_fee", label: "Add-on fee (€)", type: "amount", group: "Re-buys and add-on", applies: "poker", placeholder: "fee" },
  { key: "addon_chips", label: "Add-on chips", type: "int", group: "Re-buys and add-on", applies: "poker", placeholder: "starting stack" },
  { key: "action_seconds", label: "Seconds per decision", type: "int", group: "Action clock", applies: "poker", placeholder: "30" },
  { key: "time_bank_seconds", label: "Time bank (s)", type: "int", group: "Action clock", applies: "poker", placeholder: "60" },
  { key: "time_bank_per_level_seconds", label: "Time bank added per level (s)", type: "int", group: "Action clock", applies: "poker", placeholder: "10" },
  { key: "time_bank_cap_seconds", label: "Time bank cap (s)", type: "int", group: "Action clock", applies: "poker", placeholder: "120" },
  { key: "final_warning_seconds", label: "Final warning (s)", type: "int", group: "Action clock", applies: "poker", placeholder: "10" },
  { key: "mode", label: "Mode", type: "select", group: "Polacco", applies: "polacco", options: ["", "no_dealer", "casino"] },
  { key: "clockwise_only", label: "Clockwise only (casino)", type: "bool", group: "Polacco", applies: "polacco" },
  { key: "passamano", label: "Passamano", type: "bool", group: "Polacco", applies: "polacco" },
  { key: "bonus", label: "Bonus", type: "bool", group: "Polacco", applies: "polacco" },
  { key: "turn_seconds", label: "Seconds per turn", type: "int", group: "Polacco", applies: "polacco", placeholder: "30" },
];

export type FormValues = Record<string, string>;

export const INITIAL_VALUES: FormValues = { game: "holdem", kind: "sng", betting: "nl" };

export function applies(field: FieldSpec, game: string): boolean {
  if (field.applies === "all") return true;
  return (field.applies === "polacco") === (game === "polacco");
}

function integers(text: string, separator: RegExp): number[] | null {
  const parts = text.split(separator).map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  return parts.map(Number);
}

/** The request body, or the first field's problem (key and message, as the API's 400 names them). */
export function declaration(values: FormValues): { body: Record<string, unknown> } | { field: string; message: string } {
  const game = values["game"] ?? "holdem";
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    if (!applies(f, game)) continue;
    const raw = (values[f.key] ?? "").trim();
    if (raw === "") continue;
    switch (f.type) {
      case "text":
      case "select":
        body[f.key] = raw;
        break;
      case "bool":
        if (raw === "true") body[f.key] = true;
        break;
      case "tristate":
        body[f.key] = raw === "true";
        break;
      case "int":
        if (!/^\d+$/.test(raw)) return { field: f.key, message: `${f.label}: type a whole number.` };
        body[f.key] = Number(raw);
        break;
      case "amount": {
        const amount = amountString(raw);
        if ("error" in amount) return { field: f.key, message: `${f.label}: ${amount.error}` };
        body[f.key] = amount.value;
        break;
      }
      case "percentages": {
        const list = integers(raw, /[,\s]+/);
        if (!list) return { field: f.key, message: `${f.label}: whole percentages separated by commas, e.g. 50, 30, 20.` };
        body[f.key] = list;
        break;
      }
      case "levels": {
        const levels = raw.split(",").map((level) => integers(level, /\//));
        if (levels.some((l) => !l || l.length < 2 || l.length > 3))
          return { field: f.key, message: `${f.label}: small/big or small/big/ante, comma-separated, e.g. 25/50, 50/100.` };
        body[f.key] = levels;
        break;
      }
    }
  }
  if (!body["name"]) return { field: "name", message: "Name: give the tournament a name." };
  return { body };
}

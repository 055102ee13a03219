// Il catalogo italiano: every visible string of the player client. en.ts has the same keys.
// Keys are grouped by the part of the client that uses them; add new keys to both files.
export const it = {
  // ---- app shell (web/src/player/*.tsx) ----
  "app.title": "Tavolo",
  "app.language": "Lingua",

  // ---- table (web/src/player/table/) ----
  "table.pot": "Piatto",
} as const satisfies Record<string, string>;

export type Catalogue = { readonly [K in keyof typeof it]: string };

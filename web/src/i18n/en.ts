// The English catalogue: the same keys as it.ts (the type makes a missing or extra key an error).
import type { Catalogue } from "./it.js";

export const en: Catalogue = {
  // ---- app shell (web/src/player/*.tsx) ----
  "app.title": "Tavolo",
  "app.language": "Language",

  // ---- table (web/src/player/table/) ----
  "table.pot": "Pot",
};

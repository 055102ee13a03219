// A bubble by a seat with what its player last did ("Rilancia a 300", "Coppia di Re", "Dubito!").
import { formatChips, t } from "../../i18n/index.js";
import type { Said } from "./table_talk.js";
import { puntoName } from "./words.js";

export function saidText(s: Said): string {
  let text: string;
  switch (s.kind) {
    case "bet":
    case "raise":
    case "allIn":
      text = t(`table.said.${s.kind}`, { amount: formatChips(s.amount) });
      break;
    case "discard":
      text = t("table.said.discard", { n: s.count });
      break;
    case "declare":
      text = puntoName(s.punto);
      break;
    default:
      text = t(`table.said.${s.kind}`);
  }
  return s.automatic ? `${text} (${t("table.said.timeout")})` : text;
}

export function SaidBubble({ said }: { said: Said | undefined }) {
  // A fold is already on the seat ("Ha lasciato").
  if (!said || said.kind === "fold") return null;
  return (
    <span class={`tv-said tv-said--${said.kind}`} data-testid="said">
      {saidText(said)}
    </span>
  );
}

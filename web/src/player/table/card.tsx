// One playing card: a face (rank and suit symbol, red or black) or a back for a card this viewer may
// not see. Sizes come from the CSS variable --card-w of the place it sits in.
import { RANKS, SUIT_SYMBOLS, type SeenFace, cardCode, isRed, rankOf, suitOf } from "../../../sdk/cards.js";
import { t } from "../../i18n/index.js";
import { cardName } from "./words.js";

export interface CardProps {
  face: SeenFace;
  /** A stud up-card (everyone sees it): drawn raised. */
  up?: boolean;
  /** Picked (a draw's discard): drawn lifted and marked. */
  picked?: boolean;
  /** Greyed: a folded or losing hand. */
  dim?: boolean;
  /** Makes it a button (a draw's pick). */
  onPick?: () => void;
  /** Dealt just now: slides in. */
  fresh?: boolean;
}

export function Card({ face, up, picked, dim, onPick, fresh }: CardProps) {
  const classes = ["tv-card"];
  if (face === null) classes.push("tv-card--back");
  else classes.push(isRed(face) ? "tv-card--red" : "tv-card--black");
  if (up) classes.push("tv-card--up");
  if (picked) classes.push("tv-card--picked");
  if (dim) classes.push("tv-card--dim");
  if (fresh) classes.push("tv-card--fresh");
  // "As", "Td": what hand histories write, for tests and tools.
  const code = face === null ? undefined : cardCode(face);
  const name = cardName(face) + (up ? ` (${t("table.upCard")})` : "") + (picked ? ` (${t("table.draw.selected")})` : "");
  const body =
    face === null ? null : (
      <>
        <span class="tv-card__rank">{rankLabel(face)}</span>
        <span class="tv-card__suit">{SUIT_SYMBOLS[suitOf(face)]}</span>
      </>
    );
  if (onPick)
    return (
      <button type="button" class={classes.join(" ")} aria-label={name} aria-pressed={picked ? "true" : "false"} data-card={code} onClick={onPick}>
        {body}
      </button>
    );
  return (
    <span class={classes.join(" ")} role="img" aria-label={name} data-card={code}>
      {body}
    </span>
  );
}

function rankLabel(face: number): string {
  const r = RANKS[rankOf(face)]!;
  return r === "T" ? "10" : r;
}

/** Cards side by side. */
export function CardRow(props: { faces: SeenFace[]; upFlags?: boolean[]; dim?: boolean; class?: string }) {
  return (
    <span class={`tv-cards ${props.class ?? ""}`}>
      {props.faces.map((face, i) => (
        <Card key={i} face={face} up={props.upFlags?.[i]} dim={props.dim} />
      ))}
    </span>
  );
}

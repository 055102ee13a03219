// The hand's result: who won what from which pot, with the winning hand's category at a showdown.
// Shown from the first pot awarded until the next hand starts (model.awards).
import type { Award } from "../../../sdk/model.js";
import { formatChips, t } from "../../i18n/index.js";
import { categoryName } from "./words.js";

export function HandResult(props: { awards: Award[]; nameOf: (seat: number) => string; pots: number }) {
  if (props.awards.length === 0) return null;
  // Side pots are awarded first: show the main pot first.
  const awards = [...props.awards].sort((a, b) => a.potIndex - b.potIndex);
  return (
    <div class="tv-result" data-testid="result" role="status" aria-label={t("table.result.title")}>
      {awards.map((a) => (
        <div class="tv-result__line" key={`${a.potIndex}`}>
          {a.seats.map((seat, i) => (
            <span class="tv-result__winner" key={seat}>
              {t("table.result.wins", { name: props.nameOf(seat), amount: formatChips(a.shares[i] ?? 0) })}
              {a.showdown && a.category > 0 && i === 0 && (
                <span class="tv-result__hand"> {t("table.result.withHand", { category: categoryName(a.category) })}</span>
              )}
            </span>
          ))}
          {(a.potIndex > 0 || a.seats.length > 1) && (
            <span class="tv-result__pot">
              {a.potIndex > 0 && t("table.result.sidePot", { n: a.potIndex })}
              {a.potIndex > 0 && a.seats.length > 1 && " · "}
              {a.seats.length > 1 && t("table.result.split")}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** Chips each seat won in these awards. */
export function winningsBySeat(awards: Award[]): Map<number, number> {
  const won = new Map<number, number>();
  for (const a of awards) a.seats.forEach((seat, i) => won.set(seat, (won.get(seat) ?? 0) + (a.shares[i] ?? 0)));
  return won;
}

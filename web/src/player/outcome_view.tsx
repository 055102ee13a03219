// A tournament's outcome for the player: his place and prize (or refund), the results table or the
// refunds of a cancellation; in a dialog when it happens, then in the lobby until dismissed.
import type { JSX } from "preact";
import { formatMoney, t } from "../i18n/index.js";
import type { TournamentOutcome } from "./notices.js";
import { account } from "./session.js";

export function outcomeTitle(o: TournamentOutcome): string {
  const name = o.name ? `«${o.name}»` : t("news.tournamentNumber", { id: o.tournamentId });
  if (o.cancelled) return t("outcome.cancelledTitle", { tournament: name });
  if (o.results.length > 0) return t("outcome.finishedTitle", { tournament: name });
  return t("outcome.outTitle", { tournament: name });
}

/** "2° posto: 30,00 €", "Fuori dai premi", "Rimborso: 11,00 €". */
export function outcomeLine(o: TournamentOutcome): string {
  if (o.cancelled)
    return o.paidCents > 0 ? t("outcome.refunded", { amount: formatMoney(o.paidCents) }) : t("outcome.noRefund");
  if (o.place <= 0) return t("outcome.noPlace");
  return o.paidCents > 0
    ? t("outcome.placePrize", { place: o.place, prize: formatMoney(o.paidCents) })
    : t("outcome.placeNoPrize", { place: o.place });
}

export function OutcomeDetails(props: { outcome: TournamentOutcome; compact?: boolean }): JSX.Element {
  const o = props.outcome;
  const me = account.value?.name ?? "";
  return (
    <div class="outcome-details">
      <p class="outcome-line" data-testid="outcome-line">
        {outcomeLine(o)}
      </p>
      {o.cancelled && o.reason && <p class="outcome-reason">{t("outcome.reason", { reason: o.reason })}</p>}
      {!props.compact && o.results.length > 0 && (
        <table class="results" data-testid="results">
          <thead>
            <tr>
              <th scope="col">{t("outcome.place")}</th>
              <th scope="col">{t("outcome.player")}</th>
              <th scope="col">{t("outcome.prize")}</th>
            </tr>
          </thead>
          <tbody>
            {o.results.map((r) => (
              <tr key={`${r.place}-${r.name}`} class={r.name === me ? "me" : undefined}>
                <td>{t("outcome.ordinal", { place: r.place })}</td>
                <td>{r.name}</td>
                <td>{r.prizeCents > 0 ? formatMoney(r.prizeCents) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!props.compact && o.entrants > o.results.length && o.results.length > 0 && (
        <p class="outcome-partial" data-testid="results-partial">
          {t("outcome.partial", { entrants: o.entrants })}
        </p>
      )}
      {!props.compact && o.cancelled && o.refunds.length > 0 && (
        <table class="results" data-testid="refunds">
          <thead>
            <tr>
              <th scope="col">{t("outcome.player")}</th>
              <th scope="col">{t("outcome.refund")}</th>
            </tr>
          </thead>
          <tbody>
            {o.refunds.map((r) => (
              <tr key={r.name} class={r.name === me ? "me" : undefined}>
                <td>{r.name}</td>
                <td>{formatMoney(r.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

// A cancellation's refunds (RULES.md §7), previewed or paid: who gets what, from the pool and from the
// house, with the totals.
import { formatCents } from "./money";
import { href } from "./router";
import type { Cancellation, Registration } from "./types";

export function RefundsTable({ plan, registrations, testId }: { plan: Cancellation; registrations: Registration[]; testId: string }) {
  const names = new Map(registrations.map((r) => [r.registration, r.name]));
  if (plan.refunds.length === 0) return <p class="muted" data-testid={testId}>Nobody is owed a refund.</p>;
  return (
    <div class="table-wrap">
      <table class="data" data-testid={testId}>
        <thead>
          <tr>
            <th>Player</th>
            <th class="num">Registration</th>
            <th class="num">Refund</th>
            <th class="num">From the pool</th>
            <th class="num">From the house</th>
          </tr>
        </thead>
        <tbody>
          {plan.refunds.map((r) => (
            <tr key={r.registration} data-testid="refund">
              <td>
                <a href={href("players", r.account)}>{names.get(r.registration) ?? `account ${r.account}`}</a>
              </td>
              <td class="num">{r.registration}</td>
              <td class="num" data-testid="refund-amount">
                {formatCents(r.amount_cents)}
              </td>
              <td class="num">{formatCents(r.from_pool_cents)}</td>
              <td class="num">{formatCents(r.from_house_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <td />
            <td class="num" data-testid="refund-total">
              {formatCents(plan.totals.amount_cents)}
            </td>
            <td class="num">{formatCents(plan.totals.from_pool_cents)}</td>
            <td class="num">{formatCents(plan.totals.from_house_cents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

// One account: the wallet and its ledger (paged), tournament entries, sanctions; and what an operator
// does to it: wallet credit or debit, a sanction, a new role (admins only).
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { useDashboard } from "./context";
import { useLoad } from "./hooks";
import { formatCents } from "./money";
import { RoleForm } from "./role_form";
import { hrefWithQuery, href } from "./router";
import { SanctionForm } from "./sanction_form";
import type { LedgerEntry, PlayerFile } from "./types";
import { ErrorMessage, formatTime, Loading, StateBadge } from "./ui";
import { WalletForm } from "./wallet_form";

const PAGE = 20;

export function PlayerDetail({ id }: { id: number }) {
  const { me } = useDashboard();
  const file = useLoad(() => api.get<PlayerFile>(`/api/v1/players/${id}`, { entries: PAGE }), [id]);
  const [older, setOlder] = useState<{ entries: LedgerEntry[]; next: number | null } | null>(null);
  const [olderError, setOlderError] = useState<ApiError | null>(null);

  const reload = () => {
    setOlder(null);
    file.reload();
  };
  const f = file.data;
  if (!f) return file.error ? <ErrorMessage error={file.error} /> : <Loading what={`account ${id}`} />;

  const next = older ? older.next : f.next_before;
  const entries = older ? [...f.entries, ...older.entries] : f.entries;
  const loadOlder = async () => {
    if (next === null) return;
    try {
      const page = await api.get<PlayerFile>(`/api/v1/players/${id}`, { entries: PAGE, before: next });
      setOlder({ entries: [...(older?.entries ?? []), ...page.entries], next: page.next_before });
      setOlderError(null);
    } catch (e) {
      setOlderError(e instanceof ApiError ? e : new ApiError(0, "CLIENT", String(e)));
    }
  };

  return (
    <section data-testid="player-detail">
      <header class="page-head">
        <h1>
          {f.account.name} <span class="muted">#{f.account.id}</span> <span class="badge muted">{f.account.role}</span>
          {f.account.closed ? <span class="badge bad">closed</span> : null}
        </h1>
        <div class="actions">
          <a class="button" href={hrefWithQuery(["audit"], { target: `account:${id}` })}>
            Audit log
          </a>
          <a class="button" href={hrefWithQuery(["hands"], { player: id })}>
            Hands
          </a>
          <button type="button" onClick={reload}>
            Refresh
          </button>
        </div>
      </header>
      <dl class="facts">
        <div>
          <dt>Balance</dt>
          <dd data-testid="balance">{formatCents(f.wallet.balance_cents)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatTime(f.account.created_at)}</dd>
        </div>
        {f.account.closed ? (
          <div>
            <dt>Closed</dt>
            <dd>{formatTime(f.account.closed_at)}</dd>
          </div>
        ) : null}
      </dl>

      <div class="columns">
        <WalletForm account={id} balance={f.wallet.balance_cents} onMoved={reload} />
        <SanctionForm account={id} tournaments={f.tournaments} onSanctioned={reload} />
        {me.role === "admin" ? (
          <RoleForm account={id} role={f.account.role} self={me.id === id} onChanged={reload} />
        ) : null}
      </div>

      <h2>Ledger</h2>
      {entries.length === 0 ? (
        <p class="muted">No movement yet.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="ledger">
            <thead>
              <tr>
                <th>When</th>
                <th>Kind</th>
                <th class="num">Amount</th>
                <th>Counterpart</th>
                <th>Memo</th>
                <th class="num">Entry</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatTime(e.at)}</td>
                  <td>{e.kind}</td>
                  <td class={`num ${e.amount_cents < 0 ? "minus" : "plus"}`}>{formatCents(e.amount_cents)}</td>
                  <td>{e.counterpart}</td>
                  <td>{e.memo}</td>
                  <td class="num">{e.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorMessage error={olderError} />
      {next !== null ? (
        <button type="button" onClick={loadOlder}>
          Older entries
        </button>
      ) : null}

      <h2>Tournaments</h2>
      {f.tournaments.length === 0 ? (
        <p class="muted">Never entered one.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="player-tournaments">
            <thead>
              <tr>
                <th>Tournament</th>
                <th>Its state</th>
                <th>Entry</th>
                <th class="num">Paid</th>
                <th class="num">Place</th>
                <th class="num">Prize</th>
                <th class="num">Refund</th>
                <th class="num">Re-buys / add-ons</th>
              </tr>
            </thead>
            <tbody>
              {f.tournaments.map((t) => (
                <tr key={`${t.tournament_id}/${t.entry_number}`}>
                  <td>
                    <a href={href("tournaments", t.tournament_id)}>{t.name}</a> <span class="muted">#{t.tournament_id}</span>
                  </td>
                  <td>
                    <StateBadge state={t.tournament_state} />
                  </td>
                  <td>
                    {t.state} <span class="muted">(entry {t.entry_number})</span>
                  </td>
                  <td class="num">{formatCents(t.paid_cents)}</td>
                  <td class="num">{t.place ?? "—"}</td>
                  <td class="num">{t.prize_cents ? formatCents(t.prize_cents) : "—"}</td>
                  <td class="num">{t.refund_cents ? formatCents(t.refund_cents) : "—"}</td>
                  <td class="num">
                    {t.rebuys} / {t.addons}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Sanctions</h2>
      {f.sanctions.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="sanctions">
            <thead>
              <tr>
                <th>When</th>
                <th>Kind</th>
                <th>Tournament</th>
                <th>Reason</th>
                <th>By</th>
                <th>Until</th>
              </tr>
            </thead>
            <tbody>
              {f.sanctions.map((s) => (
                <tr key={s.id}>
                  <td>{formatTime(s.created_at)}</td>
                  <td>
                    {s.kind.replace("_", " ")}
                    {s.orbits ? ` (${s.orbits} orbits, ${s.hands ?? "?"} hands)` : ""}
                  </td>
                  <td>{s.tournament_id ? <a href={href("tournaments", s.tournament_id)}>#{s.tournament_id}</a> : "—"}</td>
                  <td>{s.reason}</td>
                  <td>{s.operator.name}</td>
                  <td>{s.kind === "mute" ? (s.expires_at ? formatTime(s.expires_at) : "further notice") : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

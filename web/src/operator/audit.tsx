// The audit log, newest first: who did what to which target, when, with the state before and after and
// the reason. Filters are the API's (operator, action, target); "Older entries" pages on.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { useLoad } from "./hooks";
import { formatCents } from "./money";
import { href, hrefWithQuery, navigate, type Route } from "./router";
import type { AuditEntry, AuditPage as AuditPageJson } from "./types";
import { ErrorMessage, formatTime, Json, Loading } from "./ui";

const ACTIONS = [
  "create_tournament",
  "pause_tournament",
  "resume_tournament",
  "cancel_tournament",
  "credit_wallet",
  "debit_wallet",
  "set_role",
  "sanction",
  "remove_chat_line",
];
const PAGE = 50;

interface Filters {
  operator: string;
  action: string;
  target: string;
}

/** "account:7" -> a link to that page of the dashboard. */
function targetLink(target: string): string | null {
  const m = /^(account|tournament):(\d+)$/.exec(target);
  if (!m) return null;
  return href(m[1] === "account" ? "players" : "tournaments", m[2]!);
}

export function AuditPage({ route }: { route: Route }) {
  const filters: Filters = {
    operator: route.query.get("operator") ?? "",
    action: route.query.get("action") ?? "",
    target: route.query.get("target") ?? "",
  };
  const [typed, setTyped] = useState<Filters>(filters);
  const first = useLoad(
    () => api.get<AuditPageJson>("/api/v1/audit", { ...filters, limit: PAGE }),
    [filters.operator, filters.action, filters.target],
  );
  const [older, setOlder] = useState<{ key: string; entries: AuditEntry[]; next: number | null } | null>(null);
  const [olderError, setOlderError] = useState<ApiError | null>(null);
  const key = JSON.stringify(filters);
  const extra = older && older.key === key ? older : null;

  const apply = (e: Event) => {
    e.preventDefault();
    if (typed.operator.trim() && !/^\d+$/.test(typed.operator.trim())) {
      setOlderError(new ApiError(400, "CLIENT", "Operator: type the operator's account id (a number)."));
      return;
    }
    setOlderError(null);
    navigate(hrefWithQuery(["audit"], { operator: typed.operator.trim(), action: typed.action.trim(), target: typed.target.trim() }));
  };

  const page = first.data;
  const entries = page ? [...page.entries, ...(extra?.entries ?? [])] : [];
  const next = extra ? extra.next : (page?.next_before ?? null);
  const loadOlder = async () => {
    if (next === null) return;
    try {
      const more = await api.get<AuditPageJson>("/api/v1/audit", { ...filters, limit: PAGE, before: next });
      setOlder({ key, entries: [...(extra?.entries ?? []), ...more.entries], next: more.next_before });
    } catch (e) {
      setOlderError(e instanceof ApiError ? e : new ApiError(0, "CLIENT", String(e)));
    }
  };

  return (
    <section>
      <header class="page-head">
        <h1>Audit log</h1>
        <button type="button" onClick={() => (setOlder(null), first.reload())}>
          Refresh
        </button>
      </header>
      <form class="filters" onSubmit={apply} aria-label="Audit filters">
        <label class="inline">
          <span>Operator id</span>
          <input name="operator" inputMode="numeric" size={6} value={typed.operator} onInput={(e) => setTyped({ ...typed, operator: e.currentTarget.value })} />
        </label>
        <label class="inline">
          <span>Action</span>
          <input name="action" list="audit-actions" value={typed.action} onInput={(e) => setTyped({ ...typed, action: e.currentTarget.value })} />
          <datalist id="audit-actions">
            {ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <label class="inline">
          <span>Target</span>
          <input name="target" placeholder="account:7, tournament:42" value={typed.target} onInput={(e) => setTyped({ ...typed, target: e.currentTarget.value })} />
        </label>
        <button type="submit" class="primary">
          Filter
        </button>
        <a class="button" href={href("audit")} onClick={() => setTyped({ operator: "", action: "", target: "" })}>
          Clear
        </a>
      </form>
      <ErrorMessage error={first.error ?? olderError} />
      {!page ? (
        first.error ? null : (
          <Loading what="the audit log" />
        )
      ) : entries.length === 0 ? (
        <p class="muted">No entry matches.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="audit">
            <thead>
              <tr>
                <th>When</th>
                <th>Operator</th>
                <th>Action</th>
                <th>Target</th>
                <th>Reason</th>
                <th>Before → after</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const link = targetLink(e.target);
                return (
                  <tr key={e.id} data-testid="audit-entry">
                    <td>{formatTime(e.at)}</td>
                    <td>
                      {e.operator.name} <span class="muted">#{e.operator.id}</span>
                    </td>
                    <td>{e.action}</td>
                    <td>{link ? <a href={link}>{e.target}</a> : e.target}</td>
                    <td>{e.details.reason || <span class="muted">—</span>}</td>
                    <td>
                      <details>
                        <summary>{summarize(e)}</summary>
                        <Json value={{ before: e.details.before, after: e.details.after }} />
                      </details>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {next !== null ? (
        <button type="button" onClick={loadOlder}>
          Older entries
        </button>
      ) : null}
    </section>
  );
}

/** A short line for the usual changes (balances, roles, states), else "details". */
function summarize(entry: AuditEntry): string {
  const before = entry.details.before as Record<string, unknown> | null | undefined;
  const after = entry.details.after as Record<string, unknown> | null | undefined;
  const pick = (o: Record<string, unknown> | null | undefined, k: string) => (o && k in o ? o[k] : undefined);
  for (const k of ["balance_cents", "role", "state", "paused"]) {
    const b = pick(before, k);
    const a = pick(after, k);
    if (a === undefined) continue;
    const show = (v: unknown) =>
      v === undefined ? "—" : k === "balance_cents" && typeof v === "number" ? formatCents(v) : String(v);
    return `${k.replace("_cents", "")}: ${show(b)} → ${show(a)}`;
  }
  return "details";
}

// The tables section: the live tables, filtered by tournament (#/tables?tournament=ID), and one table
// (#/tables/TOURNAMENT/TABLE).
import { useState } from "preact/hooks";
import { api } from "./api";
import { useInterval, useLiveStatus, useLoad } from "./hooks";
import { gameLabel } from "./labels";
import { formatCount } from "./money";
import { href, hrefWithQuery, navigate, type Route } from "./router";
import { TableDetailView } from "./table_detail";
import type { TableSummary } from "./types";
import { ErrorMessage, Loading } from "./ui";

export function TablesPage({ route }: { route: Route }) {
  const [tournament, table] = route.parts;
  if (tournament !== undefined && table !== undefined) {
    const t = Number(tournament);
    const n = Number(table);
    if (!Number.isSafeInteger(t) || t <= 0 || !Number.isSafeInteger(n) || n < 0)
      return <ErrorMessage error="That is not a table: open one from the list." />;
    return <TableDetailView key={`${t}/${n}`} tournament={t} table={n} />;
  }
  return <TableList tournament={route.query.get("tournament") ?? ""} />;
}

function TableList({ tournament }: { tournament: string }) {
  const tables = useLoad(
    () => api.get<{ tables: TableSummary[] }>("/api/v1/tables", { tournament }).then((a) => a.tables),
    [tournament],
  );
  const status = useLiveStatus();
  useInterval(tables.reload, status === "open" ? 5_000 : 3_000);
  const [typed, setTyped] = useState(tournament);

  return (
    <section>
      <header class="page-head">
        <h1>Tables</h1>
        <form
          class="actions"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(hrefWithQuery(["tables"], { tournament: typed.trim() }));
          }}
        >
          <label class="inline">
            <span>Tournament</span>
            <input
              name="tournament"
              inputMode="numeric"
              size={6}
              placeholder="all"
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
          </label>
          <button type="submit">Filter</button>
          <button type="button" onClick={tables.reload}>
            Refresh
          </button>
        </form>
      </header>
      <p class="muted">Live tables only: a finished tournament's tables are gone (its hands are under Hand histories).</p>
      <ErrorMessage error={tables.error} />
      {tables.data === null ? (
        tables.error ? null : (
          <Loading what="tables" />
        )
      ) : tables.data.length === 0 ? (
        <p class="muted">No live table{tournament ? ` in tournament ${tournament}` : ""}.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="tables">
            <thead>
              <tr>
                <th>Table</th>
                <th>Game</th>
                <th class="num">Seated</th>
                <th class="num">Hand</th>
                <th class="num">Level</th>
                <th class="num">Blinds</th>
                <th>Now</th>
              </tr>
            </thead>
            <tbody>
              {tables.data.map((t) => (
                <tr key={`${t.tournament}/${t.table}`}>
                  <td>
                    <a href={href("tables", t.tournament, t.table)}>
                      Tournament {t.tournament} · table {t.table}
                    </a>
                  </td>
                  <td>{gameLabel(t.game, t.betting)}</td>
                  <td class="num">
                    {t.seats_taken}/{t.table_size}
                  </td>
                  <td class="num">{t.hand}</td>
                  <td class="num">{t.level || "—"}</td>
                  <td class="num">
                    {t.big_blind ? `${formatCount(t.small_blind)}/${formatCount(t.big_blind)}${t.ante ? ` (${formatCount(t.ante)})` : ""}` : "—"}
                  </td>
                  <td>
                    {t.paused ? (
                      <span class="badge warn" title="No hand is dealt now: a break, a pause, a database wait or a stop">
                        not dealing
                      </span>
                    ) : t.in_hand ? (
                      "in a hand"
                    ) : (
                      "between hands"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

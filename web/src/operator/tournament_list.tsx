// The tournaments, newest first, with their live state: entrant counts, state and prize pool follow the
// live feed's lobby updates as they come; the list is also fetched again every few seconds (more often
// while the feed is down), and a running tournament's pause is read from its record.
import { useState } from "preact/hooks";
import { api } from "./api";
import { useDebounced, useInterval, useLiveEvents, useLiveStatus, useLoad } from "./hooks";
import { gameLabel, kindLabel, stateFromEnum } from "./labels";
import type { LiveEvent } from "./live";
import { formatCents } from "./money";
import { href, hrefWithQuery, navigate } from "./router";
import type { TournamentRecord, TournamentSummary } from "./types";
import { ErrorMessage, Loading, StateBadge } from "./ui";

const STATES = ["registering", "running", "finished", "cancelled"];
const MAX_PAUSE_LOOKUPS = 25;

interface Row extends TournamentSummary {
  paused?: boolean;
}

interface LobbyTournament {
  id?: string | number;
  entrants?: number;
  state?: string;
  prizePoolCents?: string | number;
}

function lobbyTournaments(event: LiveEvent): LobbyTournament[] {
  const body = event.event ?? {};
  const update = body["lobbyUpdate"] as { tournament?: LobbyTournament } | undefined;
  const snapshot = body["lobbySnapshot"] as { tournaments?: LobbyTournament[] } | undefined;
  if (update?.tournament) return [update.tournament];
  return snapshot?.tournaments ?? [];
}

async function loadRows(state: string): Promise<Row[]> {
  const { tournaments } = await api.get<{ tournaments: TournamentSummary[] }>("/api/v1/tournaments", { state });
  const running = tournaments.filter((t) => t.state === "running" || t.state === "on_break").slice(0, MAX_PAUSE_LOOKUPS);
  const paused = new Map<number, boolean>();
  await Promise.all(
    running.map(async (t) => {
      try {
        const record = await api.get<TournamentRecord>(`/api/v1/tournaments/${t.id}`);
        paused.set(t.id, record.live?.paused === true);
      } catch {
        // the list still shows; the pause shows on the tournament's page
      }
    }),
  );
  return tournaments.map((t) => ({ ...t, paused: paused.get(t.id) }));
}

export function TournamentList({ stateFilter }: { stateFilter: string }) {
  const rows = useLoad(() => loadRows(stateFilter), [stateFilter]);
  const status = useLiveStatus();
  const [updatedByFeed, setUpdatedByFeed] = useState(0);
  const reloadSoon = useDebounced(rows.reload, 300);
  useInterval(rows.reload, status === "open" ? 15_000 : 5_000);

  useLiveEvents((event) => {
    if (event.type === "tournament") {
      reloadSoon(); // started, finished, cancelled...: the summary's fields change
      return;
    }
    if (event.type !== "lobby" || !rows.data) return;
    const changes = lobbyTournaments(event);
    if (changes.length === 0) return;
    let unknown = false;
    let next = rows.data;
    for (const change of changes) {
      const id = Number(change.id ?? 0);
      const index = next.findIndex((r) => r.id === id);
      if (index < 0) {
        unknown = true;
        continue;
      }
      const row = next[index]!;
      const state = stateFromEnum(change.state) ?? row.state;
      const patched: Row = {
        ...row,
        players: change.entrants ?? 0, // protobuf's JSON leaves out a zero
        prize_pool_cents: Number(change.prizePoolCents ?? 0),
        state,
      };
      if (stateFilter && state !== stateFilter) unknown = true; // it leaves this filtered list
      next = next === rows.data ? [...next] : next;
      next[index] = patched;
    }
    if (next !== rows.data) {
      rows.set(next);
      setUpdatedByFeed((n) => n + 1);
    }
    if (unknown) reloadSoon();
  });

  return (
    <section>
      <header class="page-head">
        <h1>Tournaments</h1>
        <div class="actions">
          <label class="inline">
            <span>State</span>
            <select
              aria-label="Filter by state"
              value={stateFilter}
              onChange={(e) => navigate(hrefWithQuery(["tournaments"], { state: e.currentTarget.value }))}
            >
              <option value="">all</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={rows.reload}>
            Refresh
          </button>
          <a class="button primary" href={href("tournaments", "new")}>
            New tournament
          </a>
        </div>
      </header>
      <ErrorMessage error={rows.error} />
      {rows.data === null ? (
        rows.error ? null : (
          <Loading what="tournaments" />
        )
      ) : rows.data.length === 0 ? (
        <p class="muted">No tournament{stateFilter ? ` is ${stateFilter}` : " yet: create one"}.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="tournaments" data-feed-updates={updatedByFeed}>
            <thead>
              <tr>
                <th>ID</th>
                <th>Name</th>
                <th>Game</th>
                <th>Kind</th>
                <th class="num">Buy-in</th>
                <th class="num">Entrants</th>
                <th>State</th>
                <th class="num">Prize pool</th>
              </tr>
            </thead>
            <tbody>
              {rows.data.map((t) => (
                <tr key={t.id} data-testid={`tournament-${t.id}`}>
                  <td class="num">{t.id}</td>
                  <td>
                    <a href={href("tournaments", t.id)}>{t.name}</a>
                  </td>
                  <td>{gameLabel(t.game, t.betting)}</td>
                  <td>{kindLabel(t.kind)}</td>
                  <td class="num">
                    {formatCents(t.buy_in_cents.prize_part)} + {formatCents(t.buy_in_cents.fee)}
                  </td>
                  <td class="num" data-testid="entrants">
                    {t.players}
                  </td>
                  <td>
                    <StateBadge state={t.state} paused={t.paused} />
                  </td>
                  <td class="num">{formatCents(t.prize_pool_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// Hand histories: a tournament's (or one of its tables') or a player's hands, newest first, each
// downloadable as JSON, PHH or PokerStars text, and the whole selection as one PHH or PokerStars file.
import { useState } from "preact/hooks";
import { api, ApiError, type Query } from "./api";
import { download } from "./download";
import { useLoad } from "./hooks";
import { gameLabel } from "./labels";
import { formatCount } from "./money";
import { href, hrefWithQuery, navigate, type Route } from "./router";
import type { HandList, HandSummary } from "./types";
import { ErrorMessage, formatTime, Loading } from "./ui";

const PAGE = 50;
const FORMATS = [
  { format: "json", label: "JSON", ext: "json" },
  { format: "phh", label: "PHH", ext: "phh" },
  { format: "pokerstars", label: "PokerStars", ext: "txt" },
] as const;

interface Filters {
  tournament: string;
  table: string;
  player: string;
}

function check(f: Filters): string | null {
  for (const [k, v] of Object.entries(f)) if (v.trim() && !/^\d+$/.test(v.trim())) return `${k}: type a number.`;
  if (!f.tournament.trim() && !f.player.trim()) return "Name a tournament or a player (an account id).";
  if (f.table.trim() && !f.tournament.trim()) return "A table is a tournament's: name the tournament too.";
  return null;
}

export function HandsPage({ route }: { route: Route }) {
  const filters: Filters = {
    tournament: route.query.get("tournament") ?? "",
    table: route.query.get("table") ?? "",
    player: route.query.get("player") ?? "",
  };
  const [typed, setTyped] = useState<Filters>(filters);
  const [formError, setFormError] = useState<string | null>(null);
  const ready = check(filters) === null;
  const query: Query = { tournament: filters.tournament, table: filters.table, player: filters.player };
  const list = useLoad(
    () => (ready ? api.get<HandList>("/api/v1/hands", { ...query, limit: PAGE }) : Promise.resolve(null)),
    [filters.tournament, filters.table, filters.player],
  );
  const [older, setOlder] = useState<{ key: string; hands: HandSummary[]; next: number | null } | null>(null);
  const [actionError, setActionError] = useState<ApiError | string | null>(null);
  const key = JSON.stringify(filters);
  const extra = older?.key === key ? older : null;
  const hands = list.data ? [...list.data.hands, ...(extra?.hands ?? [])] : [];
  const next = extra ? extra.next : (list.data?.next_before ?? null);

  const apply = (e: Event) => {
    e.preventDefault();
    const problem = check(typed);
    setFormError(problem);
    if (!problem) navigate(hrefWithQuery(["hands"], { tournament: typed.tournament.trim(), table: typed.table.trim(), player: typed.player.trim() }));
  };

  const save = async (path: string, q: Query, filename: string) => {
    setActionError(null);
    try {
      await download(path, q, filename);
    } catch (e) {
      setActionError(e instanceof ApiError ? e : String(e));
    }
  };

  const selectionName = [
    filters.tournament ? `t${filters.tournament}` : "",
    filters.table ? `table${filters.table}` : "",
    filters.player ? `player${filters.player}` : "",
  ]
    .filter(Boolean)
    .join("-");

  const loadOlder = async () => {
    if (next === null) return;
    try {
      const more = await api.get<HandList>("/api/v1/hands", { ...query, limit: PAGE, before: next });
      setOlder({ key, hands: [...(extra?.hands ?? []), ...more.hands], next: more.next_before });
    } catch (e) {
      setActionError(e instanceof ApiError ? e : String(e));
    }
  };

  return (
    <section>
      <header class="page-head">
        <h1>Hand histories</h1>
      </header>
      <form class="filters" onSubmit={apply} aria-label="Hand filters">
        <label class="inline">
          <span>Tournament</span>
          <input name="tournament" inputMode="numeric" size={6} value={typed.tournament} onInput={(e) => setTyped({ ...typed, tournament: e.currentTarget.value })} />
        </label>
        <label class="inline">
          <span>Table</span>
          <input name="table" inputMode="numeric" size={4} placeholder="all" value={typed.table} onInput={(e) => setTyped({ ...typed, table: e.currentTarget.value })} />
        </label>
        <label class="inline">
          <span>Player (account id)</span>
          <input name="player" inputMode="numeric" size={6} value={typed.player} onInput={(e) => setTyped({ ...typed, player: e.currentTarget.value })} />
        </label>
        <button type="submit" class="primary">
          List hands
        </button>
        {ready ? (
          <button type="button" onClick={() => (setOlder(null), list.reload())}>
            Refresh
          </button>
        ) : null}
      </form>
      <ErrorMessage error={formError} />
      <ErrorMessage error={list.error ?? actionError} testId="hands-error" />
      {!ready ? (
        <p class="muted">Name a tournament or a player to list their hands.</p>
      ) : !list.data ? (
        list.error ? null : (
          <Loading what="hands" />
        )
      ) : hands.length === 0 ? (
        <p class="muted">No hand recorded for this selection.</p>
      ) : (
        <>
          <div class="actions">
            <span class="muted">The whole selection (its newest 1,000 hands; Polacco hands have no PHH form and are left out):</span>
            <button type="button" onClick={() => save("/api/v1/hands", { ...query, limit: 1000, format: "phh" }, `tavolo-${selectionName}.phhs`)}>
              Download PHH
            </button>
            <button
              type="button"
              onClick={() => save("/api/v1/hands", { ...query, limit: 1000, format: "pokerstars" }, `tavolo-${selectionName}-pokerstars.txt`)}
            >
              Download PokerStars text
            </button>
          </div>
          <div class="table-wrap">
            <table class="data" data-testid="hands">
              <thead>
                <tr>
                  <th>Hand</th>
                  <th>Game</th>
                  <th class="num">Level</th>
                  <th>Ended</th>
                  <th class="num">Pot</th>
                  <th>Players (net)</th>
                  <th>Download</th>
                </tr>
              </thead>
              <tbody>
                {hands.map((h) => (
                  <tr key={h.id} data-testid="hand">
                    <td>
                      <a href={href("tournaments", h.tournament)}>{h.tournament_name || `#${h.tournament}`}</a> · table {h.table} · hand {h.hand}
                    </td>
                    <td>{gameLabel(h.game, h.betting)}</td>
                    <td class="num">{h.level ?? "—"}</td>
                    <td>{formatTime(h.ended_at)}</td>
                    <td class="num">{h.pot === null ? "—" : formatCount(h.pot)}</td>
                    <td class="small">
                      {h.players.length
                        ? h.players.map((p) => `${p.name} ${p.net === null ? "" : p.net > 0 ? `+${p.net}` : p.net}`).join(", ")
                        : "—"}
                    </td>
                    <td class="nowrap">
                      {FORMATS.filter((f) => f.format === "json" || h.game !== "polacco").map((f) => (
                        <button
                          key={f.format}
                          type="button"
                          class="small"
                          onClick={() =>
                            save(
                              `/api/v1/hands/${h.tournament}/${h.table}/${h.hand}`,
                              { format: f.format },
                              `tavolo-t${h.tournament}-table${h.table}-hand${h.hand}.${f.ext}`,
                            )
                          }
                        >
                          {f.label}
                        </button>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {next !== null ? (
            <button type="button" onClick={loadOlder}>
              Older hands
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

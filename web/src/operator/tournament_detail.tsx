// One tournament: its record and entries, the director's live snapshot while it runs, and the
// operator's actions on it: pause and resume with a reason, cancel with the refund preview. The page
// follows the live feed (this tournament's lobby and tournament events, each finished hand) and polls
// as a fallback.
import { useState } from "preact/hooks";
import { api } from "./api";
import { CancelDialog } from "./cancel_dialog";
import { useDebounced, useInterval, useLiveEvents, useLiveStatus, useLoad } from "./hooks";
import { gameLabel, kindLabel } from "./labels";
import { formatCents, formatCount } from "./money";
import { ReasonDialog } from "./reason_dialog";
import { RefundsTable } from "./refunds_table";
import { href } from "./router";
import type { Cancellation, LiveSnapshot, LiveTable, PauseState, TournamentRecord } from "./types";
import { ErrorMessage, formatDuration, formatTime, Loading, Notice, StateBadge } from "./ui";

type Open = "pause" | "resume" | "cancel" | null;

function concerns(id: number, event: { type: string; tournament?: number; event?: Record<string, unknown> }): boolean {
  if (event.type === "lobby") {
    const update = event.event?.["lobbyUpdate"] as { tournament?: { id?: string | number } } | undefined;
    return Number(update?.tournament?.id ?? 0) === id || event.event?.["lobbySnapshot"] !== undefined;
  }
  if (event.tournament !== id) return false;
  if (event.type === "tournament" || event.type === "hand_cards") return true;
  // Table events: only a hand's end changes what this page shows (stacks, eliminations).
  return event.type === "table" && JSON.stringify(event.event ?? {}).includes('"handEnded"');
}

export function TournamentDetail({ id }: { id: number }) {
  const record = useLoad(() => api.get<TournamentRecord>(`/api/v1/tournaments/${id}`), [id]);
  const status = useLiveStatus();
  const reloadSoon = useDebounced(record.reload, 300);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useInterval(record.reload, status === "open" ? 10_000 : 5_000);
  useLiveEvents((event) => {
    if (concerns(id, event)) reloadSoon();
  });

  const t = record.data;
  if (!t) return record.error ? <ErrorMessage error={record.error} /> : <Loading what={`tournament ${id}`} />;
  const paused = t.live?.paused === true;
  const playing = t.state === "running" || t.state === "on_break";
  const cancellable = t.state === "registering" || playing;

  const pauseOrResume = (action: "pause" | "resume") => async (reason: string) => {
    const answer = await api.post<PauseState>(`/api/v1/tournaments/${id}/${action}`, { reason });
    setNotice(answer.paused ? "Paused: no table deals a new hand and the level clock stands still." : "Resumed.");
    record.reload();
  };

  return (
    <section data-testid="tournament-detail">
      <header class="page-head">
        <h1>
          {t.name} <span class="muted">#{t.id}</span> <StateBadge state={t.state} paused={paused} />
        </h1>
        <div class="actions">
          {playing && !paused ? (
            <button type="button" onClick={() => setOpen("pause")}>
              Pause
            </button>
          ) : null}
          {playing && paused ? (
            <button type="button" class="primary" onClick={() => setOpen("resume")}>
              Resume
            </button>
          ) : null}
          {cancellable ? (
            <button type="button" class="danger" onClick={() => setOpen("cancel")}>
              Cancel tournament…
            </button>
          ) : null}
          <a class="button" href={href("tables") + `?tournament=${t.id}`}>
            Tables
          </a>
          <a class="button" href={href("hands") + `?tournament=${t.id}`}>
            Hands
          </a>
          <button type="button" onClick={record.reload}>
            Refresh
          </button>
        </div>
      </header>
      {notice ? <Notice>{notice}</Notice> : null}
      <ErrorMessage error={record.error} />

      <dl class="facts">
        <Fact label="Game" value={gameLabel(t.game, t.betting)} />
        <Fact label="Kind" value={kindLabel(t.kind)} />
        <Fact label="Buy-in" value={`${formatCents(t.buy_in_cents.prize_part)} + ${formatCents(t.buy_in_cents.fee)}`} />
        <Fact label="Entrants" value={String(t.players)} testId="detail-entrants" />
        <Fact label="Prize pool" value={formatCents(t.prize_pool_cents)} testId="detail-prize-pool" />
        {t.guarantee_cents ? <Fact label="Guarantee" value={formatCents(t.guarantee_cents)} /> : null}
        {t.starts_at ? <Fact label="Starts" value={formatTime(t.starts_at)} /> : null}
        <Fact label="Created by" value={t.created_by_operator ? "an operator" : "the configuration"} />
      </dl>

      {t.live ? <LiveSection tournament={t.id} live={t.live} /> : null}
      {t.state === "cancelled" ? <PaidRefunds tournament={t} /> : null}

      <h2>Entries</h2>
      {t.registrations.length === 0 ? (
        <p class="muted">Nobody has registered yet.</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="registrations">
            <thead>
              <tr>
                <th>Player</th>
                <th class="num">Entry</th>
                <th>State</th>
                <th class="num">Paid</th>
                <th class="num">Place</th>
                <th class="num">Prize</th>
                <th class="num">Refund</th>
              </tr>
            </thead>
            <tbody>
              {t.registrations.map((r) => (
                <tr key={r.registration}>
                  <td>
                    <a href={href("players", r.account)}>{r.name}</a>
                  </td>
                  <td class="num">{r.entry}</td>
                  <td>{r.state}</td>
                  <td class="num">{formatCents(r.paid_cents)}</td>
                  <td class="num">{r.place ?? "—"}</td>
                  <td class="num">{r.prize_cents ? formatCents(r.prize_cents) : "—"}</td>
                  <td class="num">{r.refund_cents ? formatCents(r.refund_cents) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {open === "pause" || open === "resume" ? (
        <ReasonDialog
          title={open === "pause" ? `Pause ${t.name}` : `Resume ${t.name}`}
          explain={
            open === "pause"
              ? "The level clock stops and no table deals a new hand after the one in play; players are told the reason. It stays paused across a restart until resumed."
              : "The clock goes on where it stood and the tables deal again."
          }
          confirmLabel={open === "pause" ? "Pause" : "Resume"}
          testId={`${open}-dialog`}
          onConfirm={pauseOrResume(open)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "cancel" ? (
        <CancelDialog
          tournament={t.id}
          name={t.name}
          registrations={t.registrations}
          onClose={(cancelled) => {
            setOpen(null);
            if (cancelled) setNotice("Cancelled; the refunds are paid.");
            record.reload();
          }}
        />
      ) : null}
    </section>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The API's table number (from 0) of a table of the director's snapshot. */
function tableNumber(table: LiveTable): number {
  return table.table ?? 0;
}

function LiveSection({ tournament, live }: { tournament: number; live: LiveSnapshot }) {
  if (live.starting) return <p class="muted">The tables are being set up…</p>;
  const clock = live.clock;
  return (
    <>
      <h2>Live</h2>
      <dl class="facts" data-testid="live-facts">
        {live.level !== undefined ? <Fact label="Level" value={String(live.level)} /> : null}
        {live.stakes ? (
          <Fact
            label="Blinds"
            value={`${formatCount(live.stakes.small_blind)} / ${formatCount(live.stakes.big_blind)}${live.stakes.ante ? ` ante ${formatCount(live.stakes.ante)}` : ""}`}
          />
        ) : null}
        {clock ? (
          <Fact
            label={clock.on_break ? "Break ends in" : "Level ends in"}
            value={formatDuration(clock.on_break ? (clock.break_left_ms ?? 0) : clock.level_ends_at_ms - clock.elapsed_ms)}
          />
        ) : null}
        {live.remaining !== undefined ? <Fact label="Remaining" value={`${live.remaining} of ${live.entrants ?? "?"}`} /> : null}
        {live.chips_in_play !== undefined ? <Fact label="Chips in play" value={formatCount(live.chips_in_play)} /> : null}
        {live.payouts?.length ? (
          <Fact label="Payouts" value={live.payouts.map((p) => `${p.place}: ${formatCents(p.prize_cents)}`).join(" · ")} />
        ) : null}
      </dl>
      {live.tables?.length ? (
        <div class="cards-row">
          {live.tables.map((table) => {
            const number = tableNumber(table);
            return (
              <article class="card mini" key={number}>
                <h3>
                  <a href={href("tables", tournament, number)}>Table {number}</a>{" "}
                  <span class="muted">
                    {table.in_hand ? `hand ${table.hand_playing ?? ""} in play` : "between hands"}
                    {table.held ? " · held" : ""}
                  </span>
                </h3>
                <ul class="plain">
                  {table.players.map((p, i) => (
                    <li key={i}>
                      {p.seat !== undefined ? <span class="muted">{p.seat === table.button ? "D " : ""}seat {p.seat}: </span> : null}
                      {p.name}
                      {p.stack !== undefined ? <span class="num"> {formatCount(p.stack)}</span> : null}
                      {p.penalties !== undefined ? <span class="muted"> · penalties {p.penalties}</span> : null}
                    </li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      ) : null}
      {live.standings?.length ? (
        <p>
          Standings: {live.standings.map((s) => `${s.place}. ${s.name}${s.prize_cents ? ` ${formatCents(s.prize_cents)}` : ""}`).join(", ")}
        </p>
      ) : null}
      {live.players?.some((p) => p.place) ? (
        <p>
          Out:{" "}
          {live.players
            .filter((p) => p.place)
            .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))
            .map((p) => `${p.place}. ${p.name}`)
            .join(", ")}
        </p>
      ) : null}
    </>
  );
}

function PaidRefunds({ tournament }: { tournament: TournamentRecord }) {
  const paid = useLoad(() => api.get<Cancellation>(`/api/v1/tournaments/${tournament.id}/cancellation`), [tournament.id, tournament.state]);
  return (
    <>
      <h2>Refunds paid</h2>
      {paid.data?.reason ? <p>Reason: {paid.data.reason}</p> : null}
      <ErrorMessage error={paid.error} />
      {paid.data ? <RefundsTable plan={paid.data} registrations={tournament.registrations} testId="detail-refunds" /> : null}
    </>
  );
}

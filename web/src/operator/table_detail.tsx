// One live table as operators see it: what an observer sees now (seats, stacks, bets, board, pots, the
// clock; hole cards stay face down while the hand is played), the hole cards of its last finished
// hand, and its chat as the live feed brought it since the dashboard opened, each line removable.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api";
import { Card, Cards, faceText, splitCards } from "./cards";
import { useDashboard } from "./context";
import { useDebounced, useInterval, useLiveEvents, useLiveStatus, useLoad } from "./hooks";
import { gameLabel } from "./labels";
import type { ChatEntry } from "./live_log";
import { formatCount } from "./money";
import { ReasonDialog } from "./reason_dialog";
import { href } from "./router";
import type { ChatRemoval, PokerTableJson, PolaccoTableJson, SeenCardJson, TableDetail } from "./types";
import { ErrorMessage, formatDuration, Loading } from "./ui";

function seen(cards: SeenCardJson[] | undefined): (string | null)[] {
  return (cards ?? []).map((c) => (c.face === undefined ? null : faceText(c.face)));
}

export function TableDetailView({ tournament, table }: { tournament: number; table: number }) {
  const path = `/api/v1/tables/${tournament}/${table}`;
  const detail = useLoad(() => api.get<TableDetail>(path), [path]);
  const status = useLiveStatus();
  const reloadSoon = useDebounced(detail.reload, 250);
  useInterval(detail.reload, status === "open" ? 10_000 : 3_000);
  useLiveEvents((e) => {
    if (e.tournament === tournament && e.table === table && (e.type === "table" || e.type === "hand_cards")) reloadSoon();
  });

  const d = detail.data;
  return (
    <section data-testid="table-detail">
      <header class="page-head">
        <h1>
          Tournament <a href={href("tournaments", tournament)}>{tournament}</a> · table {table}
        </h1>
        <div class="actions">
          <a class="button" href={href("hands") + `?tournament=${tournament}&table=${table}`}>
            Hands
          </a>
          <button type="button" onClick={detail.reload}>
            Refresh
          </button>
        </div>
      </header>
      <ErrorMessage error={detail.error} />
      {!d ? (
        detail.error ? null : (
          <Loading what="the table" />
        )
      ) : (
        <>
          <p>
            {gameLabel(d.game, d.betting)} · hand {d.hand} {d.in_hand ? "in play" : "(between hands)"}
            {d.level ? ` · level ${d.level}, blinds ${formatCount(d.small_blind)}/${formatCount(d.big_blind)}` : ""}
            {d.ante ? ` ante ${formatCount(d.ante)}` : ""}
            {d.paused ? (
              <>
                {" "}
                <span class="badge warn" title="No hand is dealt now: a break, a pause, a database wait or a stop">
                  not dealing
                </span>
              </>
            ) : null}
            {d.observer.clock?.timeLeftMs ? ` · clock ${formatDuration(Number(d.observer.clock.timeLeftMs))}` : ""}
            {d.observer.clock?.timeBankMs ? ` + bank ${formatDuration(Number(d.observer.clock.timeBankMs))}` : ""}
          </p>
          {d.observer.poker ? <PokerView table={d.observer.poker} /> : null}
          {d.observer.polacco ? <PolaccoView table={d.observer.polacco} /> : null}
          <h2>Last finished hand{d.last_hand ? ` (${d.last_hand.hand})` : ""}</h2>
          {d.last_hand ? (
            <div class="table-wrap">
              <table class="data" data-testid="last-hand">
                <thead>
                  <tr>
                    <th class="num">Seat</th>
                    <th>Player</th>
                    <th>Cards</th>
                  </tr>
                </thead>
                <tbody>
                  {d.last_hand.seats.map((s) => (
                    <tr key={s.seat}>
                      <td class="num">{s.seat}</td>
                      <td>{s.name}</td>
                      <td>
                        <Cards cards={splitCards(s.cards)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p class="muted">No hand has finished here yet.</p>
          )}
        </>
      )}
      <Chat tournament={tournament} table={table} />
    </section>
  );
}

function PokerView({ table }: { table: PokerTableJson }) {
  const seats = table.seats ?? [];
  return (
    <>
      <div class="board" data-testid="board">
        <span class="muted">Board</span> <Cards cards={(table.board ?? []).map(faceText)} />
        <span class="muted"> Pot</span> <strong>{formatCount(table.potTotal ?? "0")}</strong>
        {(table.pots ?? []).length > 1 ? (
          <span class="muted"> ({(table.pots ?? []).map((p) => formatCount(p.amount ?? "0")).join(" + ")})</span>
        ) : null}
      </div>
      <div class="table-wrap">
        <table class="data" data-testid="seats">
          <thead>
            <tr>
              <th class="num">Seat</th>
              <th>Player</th>
              <th class="num">Stack</th>
              <th class="num">Bet</th>
              <th>Cards</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => {
              const seat = s.seat ?? 0;
              const marks = [
                seat === (table.button ?? -1) ? "D" : "",
                table.inHand && seat === table.smallBlindSeat ? "SB" : "",
                table.inHand && seat === table.bigBlindSeat ? "BB" : "",
              ].filter(Boolean);
              const toAct = table.inHand && seat === table.toAct;
              const state = [
                toAct ? "to act" : "",
                s.folded ? "folded" : "",
                s.allIn ? "all-in" : "",
                s.sittingOut ? "sitting out" : "",
                s.disconnected ? "disconnected" : "",
              ].filter(Boolean);
              return (
                <tr key={seat} class={toAct ? "highlight" : undefined}>
                  <td class="num">
                    {seat} {marks.length ? <span class="badge info">{marks.join(" ")}</span> : null}
                  </td>
                  <td>{s.name || <span class="muted">empty</span>}</td>
                  <td class="num">{s.name ? formatCount(s.stack ?? "0") : ""}</td>
                  <td class="num">{s.bet ? formatCount(s.bet) : ""}</td>
                  <td>{s.cards?.length ? <Cards cards={seen(s.cards)} /> : null}</td>
                  <td>{state.join(", ")}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function PolaccoView({ table }: { table: PolaccoTableJson }) {
  return (
    <div class="table-wrap">
      <table class="data" data-testid="seats">
        <thead>
          <tr>
            <th>Player</th>
            <th class="num">Penalties</th>
            <th>Pass</th>
            <th>Cards</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {(table.seats ?? []).map((s, i) => (
            <tr key={i} class={table.inHand && s.player === table.toAct ? "highlight" : undefined}>
              <td>{s.name}</td>
              <td class="num">{s.penalties ?? 0}</td>
              <td>{s.passAvailable ? "available" : "used"}</td>
              <td>
                {(s.cards ?? []).map((c, j) => (
                  <Card key={j} text={c.face === undefined ? null : faceText(c.face)} />
                ))}
              </td>
              <td>
                {[
                  table.inHand && s.player === table.toAct ? "to act" : "",
                  s.eliminated ? "eliminated" : "",
                  s.sittingOut ? "sitting out" : "",
                  s.disconnected ? "disconnected" : "",
                ]
                  .filter(Boolean)
                  .join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Chat({ tournament, table }: { tournament: number; table: number }) {
  const { log } = useDashboard();
  const [lines, setLines] = useState<readonly ChatEntry[]>(() => [...log.chat(tournament, table)]);
  useEffect(() => log.subscribe(() => setLines([...log.chat(tournament, table)])), [log, tournament, table]);
  const [removing, setRemoving] = useState<number | null>(null);
  const [typedId, setTypedId] = useState("");
  const [idError, setIdError] = useState<string | null>(null);

  const remove = async (line: number, reason: string) => {
    const answer = await api.del<ChatRemoval>(`/api/v1/tables/${tournament}/${table}/chat/${line}`, { reason });
    log.markRemoved(tournament, table, line, answer.reason || reason);
  };

  return (
    <>
      <h2>Chat</h2>
      <p class="muted">
        The lines the live feed brought since this dashboard opened (tables keep no chat history for late viewers).
      </p>
      {lines.length === 0 ? (
        <p class="muted">No chat line seen yet.</p>
      ) : (
        <ul class="chat" data-testid="chat">
          {[...lines].reverse().map((l) => (
            <li key={l.id} class={l.removed ? "removed" : undefined}>
              <span class="muted">#{l.id}</span> <strong>{l.from}</strong>: {l.text}
              {l.removed ? (
                <span class="muted"> (removed: {l.removed})</span>
              ) : (
                <button type="button" class="small" onClick={() => setRemoving(l.id)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const id = Number(typedId.trim());
          if (!/^\d+$/.test(typedId.trim()) || id <= 0) {
            setIdError("Type the line's number (#id), a whole number.");
            return;
          }
          setIdError(null);
          setRemoving(id);
        }}
      >
        <label class="inline">
          <span>Remove line #</span>
          <input name="line" inputMode="numeric" size={6} value={typedId} onInput={(e) => setTypedId(e.currentTarget.value)} />
        </label>
        <button type="submit">Remove…</button>
        <ErrorMessage error={idError} />
      </form>
      {removing !== null ? (
        <ReasonDialog
          title={`Remove chat line #${removing}`}
          explain="The line disappears from every viewer's chat at this table (one of its newest 500 lines)."
          confirmLabel="Remove the line"
          danger
          onConfirm={(reason) => remove(removing, reason)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

// The live feed as it comes, newest first: every event the dashboard's feed connection receives,
// filtered by kind and tournament, and pausable (the feed goes on; the list stands still until resumed).
import { useEffect, useRef, useState } from "preact/hooks";
import { useDashboard } from "./context";
import { describe, where } from "./describe";
import { useLiveStatus } from "./hooks";
import type { LoggedEvent } from "./live_log";
import { Json } from "./ui";

const TYPES = ["lobby", "tournament", "table", "hand_cards", "hello", "error"];
const SHOWN = 300;

const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

export function LiveView() {
  const { log } = useDashboard();
  const status = useLiveStatus();
  const [events, setEvents] = useState<readonly LoggedEvent[]>(() => [...log.events()]);
  const [paused, setPaused] = useState(false);
  const [types, setTypes] = useState<Set<string>>(() => new Set(TYPES));
  const [tournament, setTournament] = useState("");
  const pending = useRef(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  // Many events a second become one render a frame.
  useEffect(
    () =>
      log.subscribe(() => {
        if (pausedRef.current || pending.current) return;
        pending.current = true;
        requestAnimationFrame(() => {
          pending.current = false;
          if (!pausedRef.current) setEvents([...log.events()]);
        });
      }),
    [log],
  );

  const resume = () => {
    setPaused(false);
    setEvents([...log.events()]);
  };
  const arrived = paused ? (log.events()[0]?.serial ?? 0) - (events[0]?.serial ?? 0) : 0;
  const wanted = tournament.trim() ? Number(tournament.trim()) : null;
  const shown = events
    .filter((e) => types.has(TYPES.includes(e.event.type) ? e.event.type : "error"))
    .filter((e) => wanted === null || e.event.tournament === wanted)
    .slice(0, SHOWN);

  return (
    <section>
      <header class="page-head">
        <h1>Live feed</h1>
        <div class="actions">
          {paused ? (
            <button type="button" class="primary" onClick={resume}>
              Resume{arrived > 0 ? ` (${arrived} new)` : ""}
            </button>
          ) : (
            <button type="button" onClick={() => setPaused(true)}>
              Pause
            </button>
          )}
          <button type="button" onClick={() => log.clear()}>
            Clear
          </button>
        </div>
      </header>
      <form class="filters" aria-label="Live feed filters" onSubmit={(e) => e.preventDefault()}>
        {TYPES.map((t) => (
          <label class="check" key={t}>
            <input
              type="checkbox"
              checked={types.has(t)}
              onChange={(e) => {
                const next = new Set(types);
                if (e.currentTarget.checked) next.add(t);
                else next.delete(t);
                setTypes(next);
              }}
            />
            {t.replace("_", " ")}
          </label>
        ))}
        <label class="inline">
          <span>Tournament</span>
          <input name="tournament" inputMode="numeric" size={6} placeholder="all" value={tournament} onInput={(e) => setTournament(e.currentTarget.value)} />
        </label>
      </form>
      <p class="muted">
        {status === "open" ? "Connected." : "Not connected now: events resume when the feed reconnects."} The newest{" "}
        {SHOWN} matching events of the last 1,000 received since the dashboard opened.
        {paused ? " Paused: new events are kept but not shown." : ""}
      </p>
      {shown.length === 0 ? (
        <p class="muted">No event yet.</p>
      ) : (
        <ol class="feed" data-testid="feed" reversed>
          {shown.map((e) => (
            <li key={e.serial} class={`feed-${e.event.type}`}>
              <details>
                <summary>
                  <time>{time.format(e.at)}</time> <span class="badge muted">{e.event.type.replace("_", " ")}</span>{" "}
                  <span class="where">{where(e.event)}</span> {describe(e.event)}
                </summary>
                <Json value={e.event} />
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

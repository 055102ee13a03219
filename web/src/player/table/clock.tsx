// The clock of the player to act: the action clock counting down from what the server said when it
// was received, then the time bank, shown apart, once the action clock has run out (RULES.md §5).
import { useEffect, useState } from "preact/hooks";
import type { Clock } from "../../../sdk/model.js";
import { t } from "../../i18n/index.js";
import { clockReading } from "./clock_reading.js";

/** The receiver's clock, the one the SDK stamps `receivedAt` with. */
export function nowMs(): number {
  return globalThis.performance ? performance.now() : Date.now();
}

/** Re-renders every `everyMs` while `active`; returns the current time. */
export function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(nowMs);
  useEffect(() => {
    if (!active) return;
    setNow(nowMs());
    const id = setInterval(() => setNow(nowMs()), everyMs);
    return () => clearInterval(id);
  }, [active, everyMs]);
  return now;
}

/** The clock as a ring of time left and the seconds; `live` false (a replay) shows it as received. */
export function ClockBadge(props: { clock: Clock; live: boolean; testId?: string }) {
  const now = useNow(props.live);
  const reading = clockReading(props.clock, props.live ? now : props.clock.receivedAt);
  const seconds = Math.ceil(reading.ms / 1000);
  const label = reading.bank ? t("table.timeBank", { seconds }) : t("table.clock", { seconds });
  const classes = ["tv-clock"];
  if (reading.bank) classes.push("tv-clock--bank");
  else if (reading.fraction < 0.34) classes.push("tv-clock--low");
  return (
    <span
      class={classes.join(" ")}
      data-testid={props.testId}
      role="timer"
      title={reading.bank ? t("table.timeBankTitle") : undefined}
      style={{ "--tv-clock-left": `${Math.round(reading.fraction * 100)}%` }}
    >
      <span class="tv-clock__bar" aria-hidden="true" />
      <span class="tv-clock__text">{label}</span>
    </span>
  );
}

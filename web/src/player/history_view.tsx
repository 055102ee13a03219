// The hand history: every hand the player saw (table, hand number, time, won or lost), newest first,
// and the step-by-step replayer of one of them.
import "./history.css";
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { RecordedHand } from "../../sdk/index.js";
import { formatChips, language, t } from "../i18n/index.js";
import { handOutcome } from "./hand_outcome.js";
import { recordedHands } from "./history_state.js";
import { tournamentName } from "./lobby_state.js";
import { Replayer } from "./replayer.js";

export function HistoryView(): JSX.Element {
  const [open, setOpen] = useState<string | null>(null);
  const hands = recordedHands.value;
  const chosen = open ? hands.find((h) => h.id === open) : undefined;
  if (chosen) return <Replayer hand={chosen} title={handTitle(chosen)} onBack={() => setOpen(null)} />;
  return (
    <section class="history" data-testid="history" aria-labelledby="history-title">
      <div class="section-head">
        <h1 id="history-title">{t("history.title")}</h1>
        <p class="muted">{t("history.lead")}</p>
      </div>
      {hands.length === 0 ? (
        <p class="empty">{t("history.none")}</p>
      ) : (
        <ol class="history-list">
          {hands.map((h) => (
            <HandRow key={h.id} hand={h} onOpen={() => setOpen(h.id)} />
          ))}
        </ol>
      )}
    </section>
  );
}

export function handTitle(h: RecordedHand): string {
  const [tournament, table] = h.tableKey.split("/").map(Number);
  const name = tournamentName(tournament ?? 0) || t("news.tournamentNumber", { id: tournament ?? 0 });
  return t("history.handTitle", { tournament: name, table: (table ?? 0) + 1, hand: h.hand });
}

function HandRow(props: { hand: RecordedHand; onOpen: () => void }): JSX.Element {
  const h = props.hand;
  const o = handOutcome(h);
  const when = new Date(h.startedAtMs).toLocaleString(language.value === "it" ? "it-IT" : "en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  let result: string;
  if (o.result === "watched") result = t("history.watched");
  else if (o.kind === "poker")
    result =
      o.result === "won"
        ? t("history.won", { chips: formatChips(o.change) })
        : o.result === "lost"
          ? t("history.lost", { chips: formatChips(-o.change) })
          : t("history.even");
  else
    result =
      o.result === "lost"
        ? t("history.penaltyTaken", { count: o.change })
        : o.result === "won"
          ? t("history.penaltyRemoved", { count: -o.change })
          : t("history.noPenalty");
  return (
    <li class={`history-row result-${o.result}`} data-testid={`hand-${h.id.replaceAll("/", "-")}`}>
      <span class="history-title">{handTitle(h)}</span>
      <span class="history-when">{when}</span>
      <span class="history-result">{result}</span>
      {!h.complete && <span class="badge">{t("history.partial")}</span>}
      <button type="button" onClick={props.onOpen}>
        {t("history.replay")}
      </button>
    </li>
  );
}

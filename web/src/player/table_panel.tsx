// One table in the tables view: why the player left it (with a close button), the table itself
// (read-only once left) and its chat.
import type { JSX } from "preact";
import { formatMoney, t } from "../i18n/index.js";
import { ChatPanel } from "./chat_panel.js";
import { outcomeOf } from "./notices.js";
import { conn } from "./session.js";
import { TableView } from "./table/index.js";
import { type TableEntry, closeTable } from "./tables_state.js";

export function TablePanel(props: { entry: TableEntry; compact?: boolean; chat?: boolean }): JSX.Element {
  const { entry } = props;
  return (
    <div class={`table-panel${props.compact ? " compact" : ""}`} data-testid={`table-panel-${entry.key.replace("/", "-")}`}>
      {entry.left && <LeftBanner entry={entry} />}
      <div class="table-area">
        <TableView model={entry.model} conn={entry.left ? null : conn()} compact={props.compact} />
      </div>
      {props.chat && <ChatPanel model={entry.model} readOnly={entry.left !== null} />}
    </div>
  );
}

function LeftBanner(props: { entry: TableEntry }): JSX.Element {
  const { entry } = props;
  const o = outcomeOf(entry.model.address.tournamentId);
  let text: string;
  switch (entry.left) {
    case "moved":
      text = t("tables.leftMoved");
      break;
    case "busted":
      text = o && o.place > 0 ? t("tables.leftBustedPlace", { place: o.place }) : t("tables.leftBusted");
      break;
    case "finished":
      text =
        o && o.place > 0
          ? o.paidCents > 0
            ? t("tables.leftFinishedPrize", { place: o.place, prize: formatMoney(o.paidCents) })
            : t("tables.leftFinishedPlace", { place: o.place })
          : t("tables.leftFinished");
      break;
    default:
      text = t("tables.leftCancelled");
  }
  return (
    <div class="left-banner" role="status" data-testid="left-banner">
      <span>{text}</span>
      <button type="button" onClick={() => closeTable(entry.key)}>
        {t("tables.close")}
      </button>
    </div>
  );
}

// The tables the player sits at: tabs (one table in front, its chat beside) or, on a wide screen, a
// grid of every table at once. A tab blinks while it is his turn there; a table he left can be closed.
import "./tables.css";
import type { JSX } from "preact";
import { t } from "../i18n/index.js";
import { unread } from "./chat_state.js";
import { tournamentName } from "./lobby_state.js";
import { TablePanel } from "./table_panel.js";
import { type TableEntry, activeEntry, activeKey, closeTable, gridLayout, isYourTurn, tables } from "./tables_state.js";
import { view } from "./view_state.js";

export function tableLabel(e: TableEntry): string {
  const name = tournamentName(e.model.address.tournamentId);
  const table = t("tables.table", { table: e.model.address.table + 1 });
  return name ? `${name} · ${table}` : table;
}

export function TablesView(): JSX.Element {
  const list = tables.value;
  const active = activeEntry.value;
  if (list.length === 0 || !active)
    return (
      <section class="tables-empty">
        <p class="empty">{t("tables.none")}</p>
        <button type="button" class="primary" onClick={() => (view.value = "lobby")}>
          {t("tables.toLobby")}
        </button>
      </section>
    );
  const grid = gridLayout.value && list.length > 1;
  return (
    <section class={`tables${grid ? " grid" : ""}`} aria-label={t("nav.tables")}>
      <div class="table-tabs" role="tablist" aria-label={t("nav.tables")}>
        {list.map((e) => (
          <TableTab key={e.key} entry={e} selected={!grid && e.key === active.key} />
        ))}
        {list.length > 1 && (
          <button
            type="button"
            class="layout-toggle"
            aria-pressed={grid}
            data-testid="layout-toggle"
            onClick={() => (gridLayout.value = !gridLayout.value)}
          >
            {grid ? t("tables.showTabs") : t("tables.showGrid")}
          </button>
        )}
      </div>
      {grid ? (
        <div class="table-grid">
          {list.map((e) => (
            <div key={e.key} class={`grid-cell${isYourTurn(e.model) ? " your-turn" : ""}`}>
              <button
                type="button"
                class="grid-cell-title"
                onClick={() => {
                  activeKey.value = e.key;
                  gridLayout.value = false;
                }}
              >
                {tableLabel(e)}
              </button>
              <TablePanel entry={e} compact />
            </div>
          ))}
        </div>
      ) : (
        <div role="tabpanel" class="table-tabpanel">
          <TablePanel key={active.key} entry={active} chat />
        </div>
      )}
    </section>
  );
}

function TableTab(props: { entry: TableEntry; selected: boolean }): JSX.Element {
  const { entry, selected } = props;
  const { tournamentId, table } = entry.model.address;
  const turn = isYourTurn(entry.model) && !entry.left;
  const chats = unread.value.get(entry.key) ?? 0;
  return (
    <div class={`table-tab${selected ? " selected" : ""}${turn ? " your-turn" : ""}${entry.left ? " left" : ""}`}>
      <button
        type="button"
        role="tab"
        aria-selected={selected}
        data-testid={`table-tab-${tournamentId}-${table}`}
        data-your-turn={turn ? "true" : undefined}
        onClick={() => {
          activeKey.value = entry.key;
          gridLayout.value = false;
        }}
      >
        <span class="tab-label">{tableLabel(entry)}</span>
        {turn && <span class="tab-turn">{t("tables.yourTurn")}</span>}
        {entry.left && <span class="tab-left">{t("tables.left")}</span>}
        {chats > 0 && !selected && (
          <span class="tab-chat" title={t("tables.unreadChat", { count: chats })}>
            {chats}
          </span>
        )}
      </button>
      {entry.left && (
        <button
          type="button"
          class="tab-close"
          aria-label={t("tables.closeNamed", { table: tableLabel(entry) })}
          onClick={() => closeTable(entry.key)}
        >
          ×
        </button>
      )}
    </div>
  );
}

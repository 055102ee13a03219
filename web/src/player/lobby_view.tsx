// The lobby: the outcomes of the player's tournaments, the filters, and every tournament (a table on
// a desktop, cards on a phone) with live entrants and a register / unregister button.
import "./lobby.css";
import type { JSX } from "preact";
import { type LobbyTournament } from "../../sdk/index.js";
import { TournamentState } from "../../sdk/wire.js";
import { formatChips, formatMoney, t } from "../i18n/index.js";
import { filterLobby, isEnded } from "./lobby_filter.js";
import { LobbyFilters } from "./lobby_filters.js";
import { lobbyFilter, pending, register, rowErrors, tournaments, unregister } from "./lobby_state.js";
import { dismissOutcome, outcomes } from "./notices.js";
import { OutcomeDetails, outcomeTitle } from "./outcome_view.js";
import { activeKey, gridLayout, tables } from "./tables_state.js";
import { buyInText, gameAndBetting, kindName, startRule, stateName } from "./tournament_names.js";
import { view } from "./view_state.js";

export function LobbyView(): JSX.Element {
  const all = tournaments.value;
  const list = filterLobby(all, lobbyFilter.value);
  return (
    <section class="lobby" aria-labelledby="lobby-title">
      <Outcomes />
      <div class="section-head">
        <h1 id="lobby-title">{t("lobby.title")}</h1>
        <p class="muted">{t("lobby.count", { shown: list.length, total: all.length })}</p>
      </div>
      <LobbyFilters />
      {list.length === 0 ? (
        <p class="empty" data-testid="lobby-empty">
          {all.length === 0 ? t("lobby.none") : t("lobby.noneMatch")}
        </p>
      ) : (
        <div class="lobby-list" role="table" aria-label={t("lobby.title")}>
          <div class="lobby-row lobby-head" role="row">
            <span role="columnheader">{t("lobby.col.name")}</span>
            <span role="columnheader">{t("lobby.col.game")}</span>
            <span role="columnheader">{t("lobby.col.buyIn")}</span>
            <span role="columnheader">{t("lobby.col.players")}</span>
            <span role="columnheader">{t("lobby.col.start")}</span>
            <span role="columnheader">{t("lobby.col.state")}</span>
            <span role="columnheader" class="sr-only">
              {t("lobby.col.action")}
            </span>
          </div>
          {list.map((x) => (
            <TournamentRow key={x.id} x={x} />
          ))}
        </div>
      )}
    </section>
  );
}

function TournamentRow(props: { x: LobbyTournament }): JSX.Element {
  const x = props.x;
  const busy = pending.value.has(x.id);
  const error = rowErrors.value.get(x.id);
  const full = x.entrants >= x.maxPlayers;
  const mine = x.registered && !isEnded(x);
  return (
    <div class={`lobby-row${mine ? " registered" : ""}`} role="row" data-testid={`tournament-${x.id}`}>
      <span role="cell" class="cell-name">
        <strong>{x.name}</strong>
        {x.startingChips > 0 && (
          <span class="muted structure">
            {t("lobby.structure", { chips: formatChips(x.startingChips), minutes: x.levelMinutes })}
            {x.lateRegistrationLevels > 0 && ` · ${t("lobby.lateRegistration", { levels: x.lateRegistrationLevels })}`}
          </span>
        )}
        <span class="badges">
          {mine && <span class="badge badge-me">{t("lobby.badge.registered")}</span>}
          {x.freeroll && <span class="badge">{t("lobby.badge.freeroll")}</span>}
          {x.guaranteeCents > 0 && (
            <span class="badge">{t("lobby.badge.guarantee", { amount: formatMoney(x.guaranteeCents) })}</span>
          )}
          {x.rebuyLevels > 0 && <span class="badge">{t("lobby.badge.rebuy")}</span>}
          {x.addon && <span class="badge">{t("lobby.badge.addOn")}</span>}
          {x.reentry && <span class="badge">{t("lobby.badge.reentry")}</span>}
        </span>
      </span>
      <span role="cell" class="cell-game">
        <span class="cell-label">{t("lobby.col.game")}</span>
        {gameAndBetting(x.game, x.betting)}
        <span class="muted"> · {kindName(x.kind)}</span>
      </span>
      <span role="cell" class="cell-buyin">
        <span class="cell-label">{t("lobby.col.buyIn")}</span>
        {buyInText(x)}
      </span>
      <span role="cell" class="cell-players">
        <span class="cell-label">{t("lobby.col.players")}</span>
        <span data-testid="entrants">{t("lobby.entrants", { entrants: x.entrants, max: x.maxPlayers })}</span>
        {x.prizePoolCents > 0 && (
          <span class="muted pool">{t("lobby.pool", { amount: formatMoney(x.prizePoolCents) })}</span>
        )}
      </span>
      <span role="cell" class="cell-start">
        <span class="cell-label">{t("lobby.col.start")}</span>
        {startRule(x)}
      </span>
      <span role="cell" class={`cell-state state-${TournamentState[x.state]?.toLowerCase() ?? "unknown"}`}>
        <span class="cell-label">{t("lobby.col.state")}</span>
        {full && x.state === TournamentState.REGISTERING ? t("lobby.state.full") : stateName(x.state)}
      </span>
      <span role="cell" class="cell-action">
        <RowAction x={x} busy={busy} />
        {error && (
          <span class="row-error" role="alert">
            {error}
          </span>
        )}
      </span>
    </div>
  );
}

function RowAction(props: { x: LobbyTournament; busy: boolean }): JSX.Element | null {
  const { x, busy } = props;
  const running = x.state === TournamentState.RUNNING || x.state === TournamentState.ON_BREAK;
  if (x.registered && running) {
    const seated = tables.value.find((e) => e.model.address.tournamentId === x.id && !e.left);
    return seated ? (
      <button
        type="button"
        class="primary"
        onClick={() => {
          activeKey.value = seated.key;
          gridLayout.value = false;
          view.value = "tables";
        }}
      >
        {t("lobby.toTable")}
      </button>
    ) : null;
  }
  if (x.registered && x.state === TournamentState.REGISTERING)
    return (
      <button type="button" disabled={busy} onClick={() => void unregister(x.id)}>
        {t("lobby.unregister")}
      </button>
    );
  const open = x.state === TournamentState.REGISTERING || (running && x.lateRegistrationLevels > 0);
  if (!open || x.registered) return null;
  return (
    <button
      type="button"
      class="primary"
      disabled={busy || (x.entrants >= x.maxPlayers && x.state === TournamentState.REGISTERING)}
      onClick={() => void register(x.id)}
    >
      {t("lobby.register")}
    </button>
  );
}

function Outcomes(): JSX.Element | null {
  const list = outcomes.value;
  if (list.length === 0) return null;
  return (
    <section class="outcomes" aria-label={t("outcome.yourResults")}>
      {list.map((o) => (
        <article key={o.tournamentId} class="outcome-card" data-testid={`outcome-${o.tournamentId}`}>
          <header>
            <h2>{outcomeTitle(o)}</h2>
            <button
              type="button"
              class="notice-close"
              aria-label={t("common.close")}
              onClick={() => dismissOutcome(o.tournamentId)}
            >
              ×
            </button>
          </header>
          <OutcomeDetails outcome={o} />
        </article>
      ))}
    </section>
  );
}

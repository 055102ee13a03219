// The header: the name, the navigation (lobby, tables with a mark when it is the player's turn
// somewhere, history), the wallet (always in sight), the language and the log out.
import type { JSX } from "preact";
import { formatMoney, t } from "../i18n/index.js";
import { LanguageSwitch } from "./language_switch.js";
import { account, balance, logOut, phase } from "./session.js";
import { tables, turnsWaiting } from "./tables_state.js";
import { type View, view } from "./view_state.js";

export function Header(): JSX.Element {
  const loggedIn = phase.value === "loggedIn";
  return (
    <header class="header">
      <div class="brand">
        <span class="brand-mark" aria-hidden="true">
          ♠
        </span>
        <span class="brand-name">{t("app.title")}</span>
      </div>
      {loggedIn && <Nav />}
      <div class="header-end">
        {loggedIn && (
          <div class="wallet" title={t("header.walletHint")}>
            <span class="wallet-label">{t("header.wallet")}</span>
            <span class="wallet-amount" data-testid="wallet">
              {balance.value === null ? "…" : formatMoney(balance.value)}
            </span>
          </div>
        )}
        <LanguageSwitch />
        {loggedIn && (
          <div class="account">
            <span class="account-name" title={t("header.loggedInAs", { name: account.value?.name ?? "" })}>
              {account.value?.name}
            </span>
            <button type="button" class="link-button" onClick={logOut}>
              {t("header.logOut")}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}

function Nav(): JSX.Element {
  const count = tables.value.length;
  const turns = turnsWaiting.value;
  const item = (target: View, label: string, extra?: JSX.Element) => (
    <button
      type="button"
      class={`nav-item${view.value === target ? " active" : ""}`}
      aria-current={view.value === target ? "page" : undefined}
      data-testid={`nav-${target}`}
      onClick={() => (view.value = target)}
    >
      {label}
      {extra}
    </button>
  );
  return (
    <nav class="nav" aria-label={t("header.navigation")}>
      {item("lobby", t("nav.lobby"))}
      {item(
        "tables",
        t("nav.tables"),
        count > 0 ? (
          <span class={`nav-badge${turns > 0 ? " your-turn" : ""}`} title={turns > 0 ? t("nav.yourTurn") : undefined}>
            {count}
          </span>
        ) : undefined,
      )}
      {item("history", t("nav.history"))}
    </nav>
  );
}

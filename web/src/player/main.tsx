// The player client's entry point: the styles, the session (resumed when a reload left one), the
// listeners that turn the server's news into notices, and the app.
import "./player.css";
import { effect } from "@preact/signals";
import { render } from "preact";
import { language, t } from "../i18n/index.js";
import { App } from "./app.js";
import { conn, start } from "./session.js";
import { turnsWaiting } from "./tables_state.js";
import "./tournament_news.js";
import "./history_state.js";

effect(() => {
  document.documentElement.lang = language.value;
  // A player with the client in a background browser tab sees in its title that a table waits for him.
  const turns = turnsWaiting.value;
  document.title = turns > 0 ? t("app.titleTurn", { count: turns }) : t("app.title");
});
start();
// For tests and support: drop the connection as a network failure would (it resumes by itself).
(globalThis as { tavolo?: object }).tavolo = { dropConnection: () => conn().dropNow(), conn };
render(<App />, document.getElementById("app")!);

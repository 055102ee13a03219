// The app: the header, the banner while reconnecting, the view in front (log in, lobby, tables,
// history), and over them the notices and dialogs.
import type { JSX } from "preact";
import { t } from "../i18n/index.js";
import { ClosedDialog } from "./closed_dialog.js";
import { Dialogs } from "./dialogs.js";
import { Header } from "./header.js";
import { HistoryView } from "./history_view.js";
import { LobbyView } from "./lobby_view.js";
import { LoginView } from "./login_view.js";
import { Notices } from "./notices_view.js";
import { ReconnectBanner } from "./reconnect_banner.js";
import { phase } from "./session.js";
import { TablesView } from "./tables_view.js";
import { whenTableAppears } from "./tables_state.js";
import { view } from "./view_state.js";

// A tournament of his started (or a reload found him seated): the tables come to the front, unless he
// is replaying a hand.
whenTableAppears(() => {
  if (view.value === "lobby") view.value = "tables";
});

export function App(): JSX.Element {
  return (
    <div class={`app view-${phase.value === "loggedIn" ? view.value : "login"}`}>
      <Header />
      <ReconnectBanner />
      <main class="main">
        <Body />
      </main>
      <Notices />
      <Dialogs />
      <ClosedDialog />
    </div>
  );
}

function Body(): JSX.Element {
  switch (phase.value) {
    case "resuming":
      return (
        <p class="resuming" role="status">
          {t("app.resuming")}
        </p>
      );
    case "loggedOut":
      return <LoginView />;
    case "loggedIn":
      break;
  }
  switch (view.value) {
    case "lobby":
      return <LobbyView />;
    case "tables":
      return <TablesView />;
    case "history":
      return <HistoryView />;
  }
}

// The banner while the connection is lost and the client tries again (the player's seat and clock go
// on at the server meanwhile); gone as soon as it is back.
import type { JSX } from "preact";
import { t } from "../i18n/index.js";
import { connState, phase } from "./session.js";

export function ReconnectBanner(): JSX.Element | null {
  if (connState.value !== "reconnecting" || phase.value === "loggedOut") return null;
  return (
    <div class="reconnect-banner" role="status" data-testid="reconnecting">
      <span class="spinner" aria-hidden="true" />
      <span>{t("connection.reconnecting")}</span>
    </div>
  );
}

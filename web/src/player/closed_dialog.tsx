// The connection closed for good: why (another device took the session, the account was closed, the
// session expired) and what to do, with the button that does it.
import type { JSX } from "preact";
import { t } from "../i18n/index.js";
import { Modal } from "./modal.js";
import { closedReason, logOut, reconnect } from "./session.js";

export function ClosedDialog(): JSX.Element | null {
  const reason = closedReason.value;
  if (!reason) return null;
  const [title, text, button, act] =
    reason === "superseded"
      ? [t("closed.supersededTitle"), t("closed.superseded"), t("closed.reconnectHere"), reconnect]
      : reason === "accountClosed"
        ? [t("closed.accountClosedTitle"), t("closed.accountClosed"), t("closed.toLogIn"), logOut]
        : reason === "sessionExpired"
          ? [t("closed.expiredTitle"), t("closed.expired"), t("closed.toLogIn"), logOut]
          : [t("closed.lostTitle"), t("closed.lost"), t("closed.reconnect"), reconnect];
  return (
    <Modal labelledBy="closed-title" testId="closed" role="alertdialog">
      <h2 id="closed-title">{title}</h2>
      <p>{text}</p>
      <div class="modal-actions">
        <button type="button" class="primary" onClick={act}>
          {button}
        </button>
      </div>
    </Modal>
  );
}

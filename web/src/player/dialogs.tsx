// The dialogs that wait for the player, one at a time: a re-buy or add-on to buy or decline, his
// elimination, a tournament's end or cancellation (with the wallet after it).
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { formatChips, formatMoney, t } from "../i18n/index.js";
import { errorText } from "./error_text.js";
import { Modal } from "./modal.js";
import { type Dialog, closeDialog, dialogs, outcomeOf } from "./notices.js";
import { OutcomeDetails, outcomeTitle } from "./outcome_view.js";
import { balance, conn } from "./session.js";
import { view } from "./view_state.js";
import { tournamentName } from "./lobby_state.js";

export function Dialogs(): JSX.Element | null {
  const d = dialogs.value[0];
  if (!d) return null;
  // An offer waits for a choice; the others are news, dismissed with Escape.
  return (
    <Modal
      labelledBy={`dialog-${d.id}`}
      testId={`dialog-${d.kind}`}
      onEscape={d.kind === "purchase" ? undefined : () => closeDialog(d.id)}
    >
      <DialogBody key={d.id} dialog={d} />
    </Modal>
  );
}

function DialogBody(props: { dialog: Dialog }): JSX.Element {
  const d = props.dialog;
  switch (d.kind) {
    case "purchase":
      return <PurchaseBody dialog={d} />;
    case "eliminated":
      return <EliminatedBody dialog={d} />;
    case "outcome":
      return <OutcomeBody dialog={d} />;
  }
}

function Wallet(): JSX.Element {
  return <p class="dialog-wallet">{t("dialog.walletNow", { amount: balance.value === null ? "…" : formatMoney(balance.value) })}</p>;
}

function PurchaseBody(props: { dialog: Extract<Dialog, { kind: "purchase" }> }): JSX.Element {
  const d = props.dialog;
  const [error, setError] = useState<string | null>(null);
  const answer = async (decline: boolean) => {
    setError(null);
    try {
      await (d.addOn ? conn().addOn(d.address, decline) : conn().rebuy(d.address, decline));
      closeDialog(d.id);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <>
      <h2 id={`dialog-${d.id}`}>{t(d.addOn ? "purchase.titleAddOn" : "purchase.titleRebuy")}</h2>
      {d.busted && <p class="warning">{t("purchase.busted")}</p>}
      <p>
        {t("purchase.offer", {
          chips: formatChips(d.chips),
          price: formatMoney(d.priceCents),
          fee: formatMoney(d.feeCents),
        })}
      </p>
      <Wallet />
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <div class="modal-actions">
        <button type="button" onClick={() => answer(true)}>
          {t("purchase.decline")}
        </button>
        <button type="button" class="primary" onClick={() => answer(false)}>
          {t("purchase.buy", { price: formatMoney(d.priceCents) })}
        </button>
      </div>
    </>
  );
}

function EliminatedBody(props: { dialog: Extract<Dialog, { kind: "eliminated" }> }): JSX.Element {
  const d = props.dialog;
  const name = tournamentName(d.tournamentId);
  return (
    <>
      <h2 id={`dialog-${d.id}`}>{t("eliminated.title")}</h2>
      <p data-testid="eliminated-place">
        {name ? t("eliminated.placeIn", { place: d.place, tournament: name }) : t("eliminated.place", { place: d.place })}
      </p>
      <p class={d.prizeCents > 0 ? "prize" : undefined}>
        {d.prizeCents > 0 ? t("eliminated.prize", { prize: formatMoney(d.prizeCents) }) : t("eliminated.noPrize")}
      </p>
      <Wallet />
      <OkOrLobby id={d.id} />
    </>
  );
}

function OutcomeBody(props: { dialog: Extract<Dialog, { kind: "outcome" }> }): JSX.Element {
  const d = props.dialog;
  const o = outcomeOf(d.tournamentId);
  return (
    <>
      <h2 id={`dialog-${d.id}`}>{o ? outcomeTitle(o) : ""}</h2>
      {o && <OutcomeDetails outcome={o} />}
      <Wallet />
      <OkOrLobby id={d.id} />
    </>
  );
}

/** A tournament's end: OK closes the dialog, the other button goes back to the lobby. */
function OkOrLobby(props: { id: number }): JSX.Element {
  return (
    <div class="modal-actions">
      <button type="button" onClick={() => closeDialog(props.id)}>
        {t("common.ok")}
      </button>
      <button
        type="button"
        class="primary"
        onClick={() => {
          closeDialog(props.id);
          view.value = "lobby";
        }}
      >
        {t("dialog.toLobby")}
      </button>
    </div>
  );
}

// The strip under the felt (fixed at the bottom of a phone's screen): a status line, the refusal of
// the last action if any, and the actions of the moment.
import type { ComponentChildren } from "preact";
import type { Clock } from "../../../sdk/model.js";
import { t } from "../../i18n/index.js";
import { ClockBadge } from "./clock.js";

export interface ActionAreaProps {
  status: string;
  yourTurn: boolean;
  /** "hand:decision" of the viewer's pending decision (data-turn: tests tell one turn from the next). */
  turn?: string;
  /** Show the keyboard shortcuts (a poker betting decision). */
  keys?: boolean;
  /** The viewer's own clock on his turn, shown again beside "Your turn". */
  clock?: Clock | null;
  busy: boolean;
  error: string | null;
  onDismiss: () => void;
  children?: ComponentChildren;
}

export function ActionArea(props: ActionAreaProps) {
  return (
    <div
      class={`tv-actions ${props.yourTurn ? "tv-actions--turn" : ""}`}
      data-testid="actions"
      data-turn={props.yourTurn ? props.turn : undefined}
    >
      <div class="tv-actions__status" aria-live="polite">
        <span class="tv-actions__now">
          <span>{props.busy ? t("table.sending") : props.status}</span>
          {props.yourTurn && props.clock && <ClockBadge clock={props.clock} live={true} />}
        </span>
        {props.yourTurn && props.keys && <span class="tv-actions__keys">{t("table.keys")}</span>}
      </div>
      {props.error && (
        <div class="tv-actions__error" role="alert">
          <span>{props.error}</span>
          <button type="button" class="tv-link" onClick={props.onDismiss}>
            {t("table.error.dismiss")}
          </button>
        </div>
      )}
      {props.children}
    </div>
  );
}

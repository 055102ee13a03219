// The notices (toasts), newest last; sticky ones wait for their close button.
import "./notices.css";
import type { JSX } from "preact";
import { t } from "../i18n/index.js";
import { dismissNotice, notices } from "./notices.js";

export function Notices(): JSX.Element {
  return (
    <div class="notices" role="status" aria-live="polite">
      {notices.value.map((n) => (
        <div key={n.id} class={`notice notice-${n.tone}`} data-testid="notice">
          <span>{n.text}</span>
          <button type="button" class="notice-close" aria-label={t("common.close")} onClick={() => dismissNotice(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

// The pre-action boxes shown while another player acts in a hand the viewer is in: one at a time.
import type { PreAction } from "./pre_action.js";
import { t } from "../../i18n/index.js";

const kChoices: PreAction[] = ["checkFold", "callAny", "check"];

export function PreActions(props: { chosen: PreAction | null; onChoose: (p: PreAction | null) => void }) {
  return (
    <fieldset class="tv-pre">
      <legend class="tv-visually-hidden">{t("table.pre.title")}</legend>
      {kChoices.map((p) => (
        <label class={`tv-pre__choice ${props.chosen === p ? "tv-pre__choice--on" : ""}`} key={p}>
          <input type="checkbox" checked={props.chosen === p} onChange={(e) => props.onChoose((e.target as HTMLInputElement).checked ? p : null)} />
          <span>{t(`table.pre.${p}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

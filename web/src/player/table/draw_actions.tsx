// A five-card draw decision: the player taps up to maxDiscards of his cards on the felt, then
// "Discard N" (or "Stand pat" with none picked).
import { t } from "../../i18n/index.js";

export function DrawActions(props: { picked: number[]; maxDiscards: number; busy: boolean; onDiscard: (faces: number[]) => void }) {
  const n = props.picked.length;
  return (
    <div class="tv-draw">
      <p class="tv-hint">{t("table.draw.pick", { n: props.maxDiscards })}</p>
      <div class="tv-buttons">
        <button type="button" class="tv-act tv-act--check" disabled={props.busy} onClick={() => props.onDiscard([])}>
          {t("table.draw.standPat")}
        </button>
        <button type="button" class="tv-act tv-act--bet" disabled={props.busy || n === 0} onClick={() => props.onDiscard(props.picked)}>
          {t("table.draw.discard", { n })}
        </button>
      </div>
    </div>
  );
}

/** A tap on a card: picked or unpicked, never more than `max` picked. */
export function togglePick(picked: number[], face: number, max: number): number[] {
  if (picked.includes(face)) return picked.filter((f) => f !== face);
  if (picked.length >= max) return picked;
  return [...picked, face];
}

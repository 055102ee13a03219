// The step-by-step replayer: the table after each recorded event (through the table view, read-only),
// the event in words, and first / previous / play / next / last.
import type { JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { type RecordedHand, replay } from "../../sdk/index.js";
import { t } from "../i18n/index.js";
import { stepText } from "./step_text.js";
import { TableView } from "./table/index.js";

const kPlayStepMs = 900;

export function Replayer(props: { hand: RecordedHand; title: string; onBack: () => void }): JSX.Element {
  const { hand } = props;
  const last = hand.events.length;
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const model = useMemo(() => replay(hand, step), [hand, step]);
  const text = useMemo(
    () => (step === 0 ? t("replay.start") : stepText(hand.events[step - 1]!, replay(hand, step - 1))),
    [hand, step],
  );

  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep((s) => Math.min(last, s + 1)), kPlayStepMs);
    return () => clearTimeout(timer);
  }, [playing, step, last]);

  const go = (s: number) => {
    setPlaying(false);
    setStep(Math.max(0, Math.min(last, s)));
  };

  // The arrows step, Home and End go to either end, the space bar plays and pauses.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => go(step - 1),
        ArrowRight: () => go(step + 1),
        Home: () => go(0),
        End: () => go(last),
        " ": () => setPlaying(!playing && step < last),
      };
      const move = moves[e.key];
      if (!move || (e.key === " " && target?.tagName === "BUTTON")) return;
      e.preventDefault();
      move();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [step, last, playing]);

  return (
    <section class="replayer" data-testid="replayer" aria-label={t("replay.title")}>
      <div class="section-head">
        <button type="button" class="link-button" onClick={props.onBack} data-testid="replay-back">
          ← {t("replay.back")}
        </button>
        <h1>{props.title}</h1>
      </div>
      <div class="replay-table">
        <TableView model={model} conn={null} />
      </div>
      <p class="replay-step" data-testid="replay-step" aria-live="polite">
        <span class="replay-position" data-testid="replay-position">
          {t("replay.position", { step, last })}
        </span>
        <span>{text}</span>
      </p>
      <div class="replay-controls" role="group" aria-label={t("replay.controls")} title={t("replay.keys")}>
        <button type="button" data-testid="replay-first" disabled={step === 0} onClick={() => go(0)}>
          « {t("replay.first")}
        </button>
        <button type="button" data-testid="replay-prev" disabled={step === 0} onClick={() => go(step - 1)}>
          ‹ {t("replay.previous")}
        </button>
        <button
          type="button"
          class="primary"
          data-testid="replay-play"
          disabled={step >= last && !playing}
          onClick={() => setPlaying(!playing)}
        >
          {playing ? `❚❚ ${t("replay.pause")}` : `▶ ${t("replay.play")}`}
        </button>
        <button type="button" data-testid="replay-next" disabled={step >= last} onClick={() => go(step + 1)}>
          {t("replay.next")} ›
        </button>
        <button type="button" data-testid="replay-last" disabled={step >= last} onClick={() => go(last)}>
          {t("replay.last")} »
        </button>
      </div>
    </section>
  );
}

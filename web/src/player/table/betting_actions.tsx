// The viewer's betting decision: Fold / Check / Call N / Bet or Raise to N, with a slider, an amount
// box and presets (min, ½ pot, pot, all-in), every amount inside [minTo, maxTo]; a limit game offers
// its one amount. Keys: F fold, C check or call, R raise (to the amount box), Enter confirms.
import { useEffect, useRef, useState } from "preact/hooks";
import type { PokerLegal, PokerState } from "../../../sdk/model.js";
import { formatChips, t } from "../../i18n/index.js";
import { clampTo, distinctPresets, isFixedAmount, sliderStep } from "./bet_math.js";
import { useTableKeys } from "./keyboard.js";

export type BettingCommand = { kind: "fold" } | { kind: "check" } | { kind: "call" } | { kind: "betOrRaiseTo"; amount: number };

export interface BettingActionsProps {
  game: PokerState;
  legal: PokerLegal;
  busy: boolean;
  root: { current: HTMLElement | null };
  onCommand: (c: BettingCommand) => void;
}

export function BettingActions({ game, legal, busy, root, onCommand }: BettingActionsProps) {
  const [amount, setAmount] = useState(legal.minTo);
  const [text, setText] = useState(String(legal.minTo));
  const box = useRef<HTMLInputElement>(null);
  // A new decision starts from the smallest legal amount.
  useEffect(() => {
    setAmount(legal.minTo);
    setText(String(legal.minTo));
  }, [legal.decision, legal.minTo, legal.maxTo]);

  const fixed = isFixedAmount(game.betting, legal);
  const setTo = (n: number) => {
    const v = clampTo(n, legal);
    setAmount(v);
    setText(String(v));
  };
  // Chips are whole: dots, commas, apostrophes and spaces are grouping ("1.500", "1,500"); anything
  // else is not an amount (NaN), and the amount shown stays as it was.
  const parse = (v: string) => {
    const digits = v.replace(/[.,'\s]/g, "");
    return /^\d+$/.test(digits) ? Number(digits) : NaN;
  };
  const commitText = () => {
    const typed = parse(text);
    if (Number.isFinite(typed)) setTo(typed);
    else setText(String(amount));
  };
  const betAmount = fixed ? legal.minTo : amount;
  const bet = () => {
    if (!legal.mayBetOrRaise) return;
    // What the box holds counts even if it was not left yet (Enter in it).
    const typed = Number.isFinite(parse(text)) ? clampTo(parse(text), legal) : amount;
    onCommand({ kind: "betOrRaiseTo", amount: fixed ? legal.minTo : typed });
  };
  const checkOrCall = () => {
    if (legal.mayCheck) onCommand({ kind: "check" });
    else if (legal.mayCall) onCommand({ kind: "call" });
  };

  useTableKeys(!busy, root, (e) => {
    const key = e.key.toLowerCase();
    if (key === "f" && legal.mayFold) {
      onCommand({ kind: "fold" });
      return true;
    }
    if (key === "c" && (legal.mayCheck || legal.mayCall)) {
      checkOrCall();
      return true;
    }
    if (key === "r" && legal.mayBetOrRaise) {
      if (fixed) bet();
      else {
        box.current?.focus();
        box.current?.select();
      }
      return true;
    }
    if (key === "enter" && legal.mayBetOrRaise && document.activeElement === box.current) {
      bet();
      return true;
    }
    return false;
  });

  const allIn = legal.allInTo > 0 && betAmount >= legal.allInTo;
  const betLabel = allIn
    ? t("table.allInTo", { amount: formatChips(betAmount) })
    : legal.isRaise
      ? t("table.raiseTo", { amount: formatChips(betAmount) })
      : t("table.bet", { amount: formatChips(betAmount) });

  return (
    <div class="tv-betting">
      {legal.mayBetOrRaise && !fixed && (
        <div class="tv-sizing">
          <div class="tv-presets">
            {distinctPresets(game, legal).map(({ preset, amount: a }) => (
              <button type="button" class={`tv-preset ${a === amount ? "tv-preset--on" : ""}`} key={preset} disabled={busy} onClick={() => setTo(a)}>
                {t(`table.preset.${preset}`)}
              </button>
            ))}
          </div>
          <div class="tv-amount">
            <input
              class="tv-amount__slider"
              type="range"
              min={legal.minTo}
              max={legal.maxTo}
              step={sliderStep(legal, game.stakes.smallBlind)}
              value={amount}
              disabled={busy}
              aria-label={t("table.amount")}
              data-testid="amount-slider"
              onInput={(e) => {
                // The slider's top is the maximum even off its step grid.
                const v = Number((e.target as HTMLInputElement).value);
                setTo(v > legal.maxTo - sliderStep(legal, game.stakes.smallBlind) ? legal.maxTo : v);
              }}
            />
            <input
              ref={box}
              class="tv-amount__box"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              disabled={busy}
              aria-label={t("table.amount")}
              data-testid="amount"
              data-table-keys="yes"
              onInput={(e) => {
                // The button and the slider follow what is typed (held in range); the box keeps the text.
                const v = (e.target as HTMLInputElement).value;
                setText(v);
                if (v.trim() !== "" && Number.isFinite(parse(v))) setAmount(clampTo(parse(v), legal));
              }}
              onBlur={commitText}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  commitText();
                  bet();
                }
              }}
            />
          </div>
        </div>
      )}
      <div class="tv-buttons">
        {legal.mayFold && (
          <button type="button" class="tv-act tv-act--fold" disabled={busy} onClick={() => onCommand({ kind: "fold" })}>
            {t("table.fold")}
          </button>
        )}
        {legal.mayCheck && (
          <button type="button" class="tv-act tv-act--check" disabled={busy} onClick={() => onCommand({ kind: "check" })}>
            {t("table.check")}
          </button>
        )}
        {legal.mayCall && (
          <button type="button" class="tv-act tv-act--call" disabled={busy} onClick={() => onCommand({ kind: "call" })}>
            {t("table.call", { amount: formatChips(legal.callAmount) })}
          </button>
        )}
        {legal.mayBetOrRaise && (
          <button type="button" class="tv-act tv-act--bet" disabled={busy} onClick={bet}>
            {betLabel}
          </button>
        )}
      </div>
    </div>
  );
}

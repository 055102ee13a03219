// Choosing a Punto to declare: its kind, then its ranks (and a suit for a straight flush), offering
// only the declarations at or above the lowest legal one, named in words on the button.
import { useEffect, useState } from "preact/hooks";
import { PuntoKind } from "../../../sdk/gen/vocabulary_pb.js";
import type { Punto } from "../../../sdk/model.js";
import { type MessageKey, t } from "../../i18n/index.js";
import { hasSecondRank, puntoChoices, settleChoice } from "./punto_ladder.js";
import { puntoKindName, puntoName, rankName, rankPlural, suitName } from "./words.js";

const kSuitSymbols = ["♣", "♦", "♥", "♠"];

export function PuntoPicker(props: { lowest: Punto | null; busy: boolean; onDeclare: (p: Punto) => void }) {
  const start = () => settleChoice(props.lowest, props.lowest ?? { kind: PuntoKind.HIGH_CARD, primaryRank: 0, secondaryRank: 0, suit: 0 });
  const [choice, setChoice] = useState<Punto | null>(start);
  const lowestKey = props.lowest ? `${props.lowest.kind}/${props.lowest.primaryRank}/${props.lowest.secondaryRank}` : "-";
  useEffect(() => setChoice((c) => (c ? settleChoice(props.lowest, c) : start())), [lowestKey]);

  if (!choice) return <p class="tv-hint">{t("table.polacco.nothingHigher")}</p>;
  const options = puntoChoices(props.lowest, choice.kind, choice.primaryRank, choice.secondaryRank);
  const change = (field: keyof Punto, value: number) => setChoice(settleChoice(props.lowest, { ...choice, [field]: value }));
  const primaryLabel: MessageKey =
    choice.kind === PuntoKind.STRAIGHT || choice.kind === PuntoKind.STRAIGHT_FLUSH
      ? "table.polacco.topCard"
      : choice.kind === PuntoKind.TWO_PAIR
        ? "table.polacco.highPair"
        : choice.kind === PuntoKind.FULL_HOUSE
          ? "table.polacco.tripleOf"
          : "table.polacco.primary";
  const secondaryLabel: MessageKey = choice.kind === PuntoKind.FULL_HOUSE ? "table.polacco.pairOf" : "table.polacco.lowPair";
  const plural = choice.kind !== PuntoKind.HIGH_CARD && choice.kind !== PuntoKind.STRAIGHT && choice.kind !== PuntoKind.STRAIGHT_FLUSH;
  return (
    <div class="tv-punto">
      <div class="tv-punto__fields">
        <label class="tv-field">
          <span>{t("table.polacco.kind")}</span>
          <select data-testid="punto-kind" value={choice.kind} disabled={props.busy} onChange={(e) => change("kind", Number((e.target as HTMLSelectElement).value))}>
            {options.kinds.map((k) => (
              <option value={k} key={k}>
                {puntoKindName(k)}
              </option>
            ))}
          </select>
        </label>
        <label class="tv-field">
          <span>{t(primaryLabel)}</span>
          <select data-testid="punto-rank" value={choice.primaryRank} disabled={props.busy} onChange={(e) => change("primaryRank", Number((e.target as HTMLSelectElement).value))}>
            {options.primaries.map((r) => (
              <option value={r} key={r}>
                {plural ? rankPlural(r) : rankName(r)}
              </option>
            ))}
          </select>
        </label>
        {hasSecondRank(choice.kind) && (
          <label class="tv-field">
            <span>{t(secondaryLabel)}</span>
            <select data-testid="punto-rank2" value={choice.secondaryRank} disabled={props.busy} onChange={(e) => change("secondaryRank", Number((e.target as HTMLSelectElement).value))}>
              {options.secondaries.map((r) => (
                <option value={r} key={r}>
                  {rankPlural(r)}
                </option>
              ))}
            </select>
          </label>
        )}
        {choice.kind === PuntoKind.STRAIGHT_FLUSH && (
          <label class="tv-field">
            <span>{t("table.polacco.suit")}</span>
            <select data-testid="punto-suit" value={choice.suit} disabled={props.busy} onChange={(e) => change("suit", Number((e.target as HTMLSelectElement).value))}>
              {options.suits.map((s) => (
                <option value={s} key={s}>
                  {kSuitSymbols[s]} {suitName(s)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <button type="button" class="tv-act tv-act--bet tv-punto__declare" disabled={props.busy} onClick={() => props.onDeclare(choice)}>
        {t("table.polacco.declare", { punto: puntoName(choice) })}
      </button>
    </div>
  );
}

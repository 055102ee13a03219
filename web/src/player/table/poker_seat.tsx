// One seat of a poker table: the player's name and stack, his cards (faces, backs, stud up-cards), his
// marks (folded, all-in, sitting out, disconnected), the clock when he is to act, a winner's glow.
import type { Clock, PokerSeat } from "../../../sdk/model.js";
import { formatChips, t } from "../../i18n/index.js";
import { Card } from "./card.js";
import { ClockBadge } from "./clock.js";
import type { SeatSpot } from "./seat_layout.js";

export interface PokerSeatProps {
  seat: PokerSeat;
  spot: SeatSpot;
  mine: boolean;
  toAct: boolean;
  clock: Clock | null;
  live: boolean;
  /** Chips this seat won in the hand's result (0: none). */
  won: number;
  /** The draw: the faces picked to exchange, and how to pick one (own seat only). */
  picked?: number[];
  onPick?: (face: number) => void;
}

export function PokerSeatView(props: PokerSeatProps) {
  const { seat, spot, mine, toAct } = props;
  const style = { left: `${spot.x}%`, top: `${spot.y}%` };
  if (seat.entrant < 0)
    return (
      <div class="tv-seat tv-seat--empty" style={style} data-testid={`seat-${seat.seat}`}>
        <span class="tv-seat__plate">{t("table.emptySeat")}</span>
      </div>
    );
  const classes = ["tv-seat", `tv-seat--${spot.side}`];
  if (mine) classes.push("tv-seat--mine");
  if (toAct) classes.push("tv-seat--acting");
  if (seat.folded) classes.push("tv-seat--folded");
  if (props.won > 0) classes.push("tv-seat--won");
  if (seat.sittingOut || seat.disconnected) classes.push("tv-seat--away");
  const marks: string[] = [];
  if (seat.folded) marks.push(t("table.folded"));
  if (seat.allIn) marks.push(t("table.allIn"));
  if (seat.mucked) marks.push(t("table.mucked"));
  if (seat.sittingOut) marks.push(t("table.sittingOut"));
  if (seat.disconnected) marks.push(t("table.disconnected"));
  const clock = toAct && props.clock ? props.clock : null;
  return (
    <div class={classes.join(" ")} style={style} data-testid={`seat-${seat.seat}`}>
      {seat.cards.length > 0 && (
        <span class={`tv-cards tv-seat__cards ${mine ? "tv-cards--mine" : ""}`}>
          {seat.cards.map((face, i) => (
            <Card
              key={i}
              face={face}
              up={seat.faceUp[i] ?? false}
              dim={seat.folded}
              picked={face !== null && (props.picked?.includes(face) ?? false)}
              onPick={props.onPick && face !== null ? () => props.onPick!(face) : undefined}
            />
          ))}
        </span>
      )}
      <span class="tv-seat__plate">
        <span class="tv-seat__name" title={seat.name}>
          {seat.name}
          {mine && <span class="tv-visually-hidden"> ({t("table.you")})</span>}
        </span>
        <span class="tv-seat__stack">{formatChips(seat.stack)}</span>
        {marks.length > 0 && <span class="tv-seat__marks">{marks.join(" · ")}</span>}
        {props.won > 0 && <span class="tv-seat__won">+{formatChips(props.won)}</span>}
      </span>
      {clock && <ClockBadge clock={clock} live={props.live} testId="clock" />}
    </div>
  );
}

/** The bet in front of a seat, its blind marks and the dealer button, placed toward the centre. */
export function SeatFront(props: { seat: PokerSeat; spot: SeatSpot; button: boolean; smallBlind: boolean; bigBlind: boolean }) {
  const { seat, spot } = props;
  if (seat.entrant < 0) return null;
  const front = seat.bet > 0 || props.smallBlind || props.bigBlind;
  return (
    <>
      {props.button && (
        <span
          class="tv-button"
          style={{ left: `${spot.buttonX}%`, top: `${spot.buttonY}%` }}
          title={t("table.dealerTitle")}
          aria-label={t("table.dealerTitle")}
          data-testid="dealer-button"
        >
          {t("table.dealer")}
        </span>
      )}
      {front && (
        <div class={`tv-front tv-front--${spot.side}`} style={{ left: `${spot.betX}%`, top: `${spot.betY}%` }}>
          {props.smallBlind && (
            <span class="tv-blind" title={t("table.smallBlindTitle")}>
              {t("table.smallBlind")}
            </span>
          )}
          {props.bigBlind && (
            <span class="tv-blind" title={t("table.bigBlindTitle")}>
              {t("table.bigBlind")}
            </span>
          )}
          {seat.bet > 0 && (
            <span class="tv-bet" data-testid={`bet-${seat.seat}`}>
              <span class="tv-chip" aria-hidden="true" />
              {formatChips(seat.bet)}
            </span>
          )}
        </div>
      )}
    </>
  );
}

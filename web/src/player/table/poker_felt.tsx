// A poker table's felt: the seats around the oval with the viewer at the bottom, each seat's bet,
// dealer button and blinds, the board, the pots and the hand's result in the middle.
import type { Clock, PokerState, TableModel } from "../../../sdk/model.js";
import { formatChips, t } from "../../i18n/index.js";
import { Card } from "./card.js";
import { HandResult, winningsBySeat } from "./hand_result.js";
import { PokerSeatView, SeatFront } from "./poker_seat.js";
import { seatSpots } from "./seat_layout.js";

export interface PokerFeltProps {
  model: TableModel;
  game: PokerState;
  live: boolean;
  portrait: boolean;
  /** The draw: faces picked to exchange and the picker (own seat, on a draw decision). */
  picked?: number[];
  onPick?: (face: number) => void;
}

export function PokerFelt(props: PokerFeltProps) {
  const { model, game } = props;
  const count = Math.max(game.tableSize, game.seats.length, 2);
  const spots = seatSpots(count, model.yourSeat, props.portrait);
  const won = winningsBySeat(model.awards);
  const nameOf = (seat: number) => game.seats[seat]?.name || `#${seat + 1}`;
  const showBlinds = game.inHand && game.street === 0;
  const clock = currentClock(model, game);
  return (
    <div class={`tv-felt tv-felt--seats-${count}`}>
      <div class="tv-felt__rail" aria-hidden="true" />
      <div class="tv-felt__centre">
        <div class="tv-board" data-testid="board">
          {game.board.map((face, i) => (
            <Card key={i} face={face} />
          ))}
        </div>
        <Pots game={game} />
        <HandResult awards={model.awards} nameOf={nameOf} pots={game.pots.length} />
      </div>
      {game.seats.slice(0, count).map((seat, i) => (
        <SeatFront
          key={`f${i}`}
          seat={seat}
          spot={spots[i]!}
          button={game.button === i}
          smallBlind={showBlinds && game.smallBlindSeat === i}
          bigBlind={showBlinds && game.bigBlindSeat === i}
        />
      ))}
      {game.seats.slice(0, count).map((seat, i) => (
        <PokerSeatView
          key={`s${i}`}
          seat={seat}
          spot={spots[i]!}
          mine={i === model.yourSeat}
          toAct={game.inHand && game.toAct === i}
          clock={clock}
          live={props.live}
          won={won.get(i) ?? 0}
          picked={i === model.yourSeat ? props.picked : undefined}
          onPick={i === model.yourSeat ? props.onPick : undefined}
        />
      ))}
    </div>
  );
}

function Pots({ game }: { game: PokerState }) {
  if (game.potTotal <= 0 && game.pots.length === 0) return <div class="tv-pot tv-pot--empty" data-testid="pot" />;
  return (
    <div class="tv-pots">
      <div class="tv-pot" data-testid="pot">
        {t("table.potTotal", { amount: formatChips(game.potTotal) })}
      </div>
      {game.pots.length > 1 && (
        <div class="tv-pots__list">
          {game.pots.map((p, i) => (
            <span class="tv-pots__pot" key={i}>
              {i === 0 ? t("table.mainPot") : t("table.sidePot", { n: i })}: {formatChips(p.amount)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** The clock of the decision waited for; an older one (the server's last word on it) is not shown. */
export function currentClock(model: TableModel, game: PokerState): Clock | null {
  const c = model.clock;
  return c && c.decision === game.decision && c.seat === game.toAct ? c : null;
}

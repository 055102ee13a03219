// A Poker Polacco table: the players around the felt with their penalties and cards (own faces,
// others' backs, every hand face up after a doubt), the first speaker, the direction, the last Punto
// and who declared it; on the viewer's turn: choose the direction, declare a Punto, doubt, pass.
import { useRef } from "preact/hooks";
import type { TavoloConnection } from "../../../sdk/connection.js";
import { Direction } from "../../../sdk/gen/vocabulary_pb.js";
import type { Clock, PolaccoSeat, PolaccoState, TableModel } from "../../../sdk/model.js";
import { type MessageKey, t } from "../../i18n/index.js";
import { ActionArea } from "./action_area.js";
import { actionErrorText } from "./action_error.js";
import { Card } from "./card.js";
import { ClockBadge } from "./clock.js";
import { PuntoPicker } from "./punto_picker.js";
import { SaidBubble } from "./said_bubble.js";
import { type SeatSpot, seatSpots } from "./seat_layout.js";
import type { Said, TableTalk } from "./table_talk.js";
import { useSender } from "./use_sender.js";
import { puntoName } from "./words.js";

export interface PolaccoTableProps {
  model: TableModel;
  game: PolaccoState;
  conn: TavoloConnection | null;
  talk: TableTalk;
  portrait: boolean;
}

export function PolaccoTable({ model, game, conn, talk, portrait }: PolaccoTableProps) {
  const legal = conn ? game.legal : null;
  const sender = useSender(`${game.hand}/${game.decision}`);
  const penaltiesAtStart = usePenaltiesAtStart(game);
  const send = (command: Parameters<TavoloConnection["polaccoCommand"]>[1]["command"]) => {
    if (!conn) return;
    sender.send(() => conn.polaccoCommand(model.key, { command }), (e) => actionErrorText(e));
  };
  const mine = game.seats.findIndex((s) => s.player === model.yourPlayer);
  const spots = seatSpots(Math.max(game.seats.length, 2), mine, portrait);
  const nameOf = (player: number) => game.seats.find((s) => s.player === player)?.name ?? `#${player}`;
  const toActName = game.toAct >= 0 ? nameOf(game.toAct) : "";
  // A clock stands for one decision: an older one (the server's last word) is not shown.
  const clock = model.clock && model.clock.decision === game.decision && model.clock.player === game.toAct ? model.clock : null;

  let status = "";
  if (legal) status = t("table.yourTurn");
  else if (!game.inHand) status = game.hand > 0 ? t("table.polacco.handOver") : model.yourPlayer < 0 ? t("table.watching") : t("table.waiting");
  else if (toActName) status = t("table.turnOf", { name: toActName });

  return (
    <>
      <div class="tv-stakes">
        {[t("table.game.4"), game.hand > 0 ? t("table.hand", { hand: game.hand }) : ""].filter(Boolean).join(" · ")}
      </div>
      <div class={`tv-felt tv-felt--polacco tv-felt--seats-${game.seats.length}`}>
        <div class="tv-felt__rail" aria-hidden="true" />
        <div class="tv-felt__centre">
          <div class="tv-polacco-dir" data-testid="direction">
            {game.direction === Direction.UNSPECIFIED ? (
              t("table.polacco.directionTbd")
            ) : (
              <>
                <span class="tv-polacco-dir__arrow" aria-hidden="true">
                  {game.direction === Direction.CLOCKWISE ? "↻" : "↺"}
                </span>{" "}
                {t(`table.polacco.direction.${game.direction}` as MessageKey)}
              </>
            )}
          </div>
          {talk.verdict && !game.inHand && (
            <div class="tv-result" data-testid="result" role="status">
              {t(talk.verdict.present ? "table.polacco.verdictPresent" : "table.polacco.verdictAbsent", {
                punto: talk.verdict.punto ? puntoName(talk.verdict.punto) : "",
                name: nameOf(talk.verdict.penalised),
              })}
            </div>
          )}
          <div class="tv-polacco-punto" data-testid="last-punto">
            {game.lastPunto ? (
              <>
                <span class="tv-polacco-punto__name">{t("table.polacco.lastPunto", { punto: puntoName(game.lastPunto) })}</span>
                {game.lastDeclarer >= 0 && (
                  <span class="tv-polacco-punto__by">{t("table.polacco.declaredBy", { name: nameOf(game.lastDeclarer) })}</span>
                )}
              </>
            ) : (
              <span class="tv-polacco-punto__none">{t("table.polacco.noPunto")}</span>
            )}
          </div>
        </div>
        {game.seats.map((seat, i) => (
          <PolaccoSeatView
            key={seat.player}
            seat={seat}
            index={i}
            spot={spots[i]!}
            mine={i === mine}
            firstSpeaker={game.firstSpeaker === seat.player}
            toAct={game.inHand && game.toAct === seat.player}
            clock={clock}
            live={!!conn}
            said={talk.said.get(seat.player)}
            penaltiesAdded={!game.inHand && penaltiesAtStart.has(seat.player) ? seat.penalties - penaltiesAtStart.get(seat.player)! : 0}
          />
        ))}
      </div>
      <ActionArea
        status={status}
        yourTurn={!!legal}
        turn={legal ? `${game.hand}:${legal.decision}` : undefined}
        clock={legal ? clock : null}
        busy={sender.busy && !!conn}
        error={conn ? sender.error : null}
        onDismiss={sender.clearError}
      >
        {legal && (
          <div class="tv-polacco-actions">
            {legal.chooseDirection && (
              <div class="tv-buttons">
                <span class="tv-hint">{t("table.polacco.chooseDirection")}</span>
                <button type="button" class="tv-act tv-act--call" disabled={sender.busy} onClick={() => send({ case: "chooseDirection", value: Direction.CLOCKWISE })}>
                  ↻ {t("table.polacco.direction.1")}
                </button>
                <button type="button" class="tv-act tv-act--call" disabled={sender.busy} onClick={() => send({ case: "chooseDirection", value: Direction.ANTICLOCKWISE })}>
                  ↺ {t("table.polacco.direction.2")}
                </button>
              </div>
            )}
            {legal.declare && !legal.chooseDirection && (
              <PuntoPicker lowest={legal.lowestDeclaration} busy={sender.busy} onDeclare={(p) => send({ case: "declare", value: p })} />
            )}
            {(legal.doubt || legal.pass) && (
              <div class="tv-buttons">
                {legal.doubt && (
                  <button type="button" class="tv-act tv-act--fold" disabled={sender.busy} onClick={() => send({ case: "doubt", value: {} })}>
                    {t("table.polacco.doubt")}
                  </button>
                )}
                {legal.pass && (
                  <button type="button" class="tv-act tv-act--check" disabled={sender.busy} onClick={() => send({ case: "pass", value: {} })}>
                    {t("table.polacco.pass")}
                  </button>
                )}
              </div>
            )}
          </div>
        )}
      </ActionArea>
    </>
  );
}

/** Each player's penalties when the current (or last) hand started, to show who took one at its end. */
function usePenaltiesAtStart(game: PolaccoState): Map<number, number> {
  const ref = useRef<{ hand: number; penalties: Map<number, number> }>({ hand: -1, penalties: new Map() });
  if (game.inHand && ref.current.hand !== game.hand) {
    ref.current = { hand: game.hand, penalties: new Map(game.seats.map((s) => [s.player, s.penalties])) };
  }
  return ref.current.hand === game.hand ? ref.current.penalties : new Map();
}

interface PolaccoSeatProps {
  seat: PolaccoSeat;
  index: number;
  spot: SeatSpot;
  mine: boolean;
  firstSpeaker: boolean;
  toAct: boolean;
  clock: Clock | null;
  live: boolean;
  said?: Said;
  penaltiesAdded: number;
}

function PolaccoSeatView(props: PolaccoSeatProps) {
  const { seat, spot } = props;
  const classes = ["tv-seat", `tv-seat--${spot.side}`];
  if (props.mine) classes.push("tv-seat--mine");
  if (props.toAct) classes.push("tv-seat--acting");
  if (seat.eliminated) classes.push("tv-seat--folded");
  if (seat.sittingOut || seat.disconnected) classes.push("tv-seat--away");
  if (props.penaltiesAdded > 0) classes.push("tv-seat--penalised");
  const marks: string[] = [];
  if (seat.eliminated) marks.push(t("table.polacco.eliminated"));
  if (seat.sittingOut) marks.push(t("table.sittingOut"));
  if (seat.disconnected) marks.push(t("table.disconnected"));
  const clock = props.toAct && props.clock ? props.clock : null;
  return (
    <div class={classes.join(" ")} style={{ left: `${spot.x}%`, top: `${spot.y}%` }} data-testid={`seat-${props.index}`}>
      {seat.cards.length > 0 && (
        <span class={`tv-cards tv-seat__cards ${props.mine ? "tv-cards--mine" : ""}`}>
          {seat.cards.map((face, i) => (
            <Card key={i} face={face} />
          ))}
        </span>
      )}
      <span class="tv-seat__plate">
        <span class="tv-seat__name" title={seat.name}>
          {props.firstSpeaker && (
            <span class="tv-first" title={t("table.polacco.firstSpeaker")} aria-label={t("table.polacco.firstSpeaker")}>
              ★{" "}
            </span>
          )}
          {seat.name}
          {props.mine && <span class="tv-visually-hidden"> ({t("table.you")})</span>}
        </span>
        <span class="tv-seat__penalties" title={t("table.polacco.penalties", { n: seat.penalties })}>
          {t("table.polacco.penalties", { n: seat.penalties })}
          {props.penaltiesAdded > 0 && <span class="tv-seat__penalty-new"> +{props.penaltiesAdded}</span>}
        </span>
        {seat.passAvailable && <span class="tv-seat__pass">{t("table.polacco.passAvailable")}</span>}
        {marks.length > 0 && <span class="tv-seat__marks">{marks.join(" · ")}</span>}
        <SaidBubble said={props.toAct ? undefined : props.said} />
      </span>
      {clock && <ClockBadge clock={clock} live={props.live} testId="clock" />}
    </div>
  );
}

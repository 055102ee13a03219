// A poker table (hold'em, stud, draw): the stakes line, the felt, and the viewer's part: his betting
// or draw decision on his turn, pre-actions while others act in a hand he plays, else a status line.
import { useEffect, useRef, useState } from "preact/hooks";
import type { TavoloConnection } from "../../../sdk/connection.js";
import type { PokerState, TableModel } from "../../../sdk/model.js";
import { formatChips, type MessageKey, t } from "../../i18n/index.js";
import { actionErrorText } from "./action_error.js";
import { highestBet } from "./bet_math.js";
import { type BettingCommand, BettingActions } from "./betting_actions.js";
import { DrawActions, togglePick } from "./draw_actions.js";
import { PokerFelt } from "./poker_felt.js";
import { type PreAction, keepPreAction, preActionCommand } from "./pre_action.js";
import { PreActions } from "./pre_actions.js";
import { ActionArea } from "./action_area.js";
import type { TableTalk } from "./table_talk.js";
import { useSender } from "./use_sender.js";
import { currentClock } from "./poker_felt.js";

export interface PokerTableProps {
  model: TableModel;
  game: PokerState;
  conn: TavoloConnection | null;
  talk: TableTalk;
  portrait: boolean;
  root: { current: HTMLElement | null };
}

export function PokerTable({ model, game, conn, talk, portrait, root }: PokerTableProps) {
  const legal = conn ? game.legal : null;
  const me = model.yourSeat >= 0 ? game.seats[model.yourSeat] : undefined;
  const decisionKey = `${game.hand}/${game.decision}`;
  const sender = useSender(decisionKey);
  const [picked, setPicked] = useState<number[]>([]);
  const [pre, setPre] = useState<PreAction | null>(null);
  const faced = me ? Math.max(0, highestBet(game) - me.bet) : 0;
  const facedBefore = useRef(faced);

  const send = (command: Parameters<TavoloConnection["pokerCommand"]>[1]["command"]) => {
    if (!conn) return;
    const range = legal ? { minTo: legal.minTo, maxTo: legal.maxTo } : undefined;
    sender.send(
      () => conn.pokerCommand(model.key, { command }),
      (e) => actionErrorText(e, range),
    );
  };
  const onBetting = (c: BettingCommand) => {
    if (c.kind === "betOrRaiseTo") send({ case: "betOrRaiseTo", value: BigInt(c.amount) });
    else send({ case: c.kind, value: {} });
  };

  // "Check" was ticked for the bet the player faced then: a new bet clears it.
  useEffect(() => {
    setPre((p) => keepPreAction(p, facedBefore.current, faced));
    facedBefore.current = faced;
  }, [faced]);
  // A new hand forgets the last one's choices.
  useEffect(() => {
    setPre(null);
    setPicked([]);
  }, [game.hand]);
  // The decision arrives: apply the pre-action ticked, if legal now, then clear it.
  useEffect(() => {
    setPicked([]);
    if (!legal || !pre) return;
    const command = preActionCommand(pre, legal);
    setPre(null);
    if (command) send({ case: command, value: {} });
  }, [legal?.decision, game.hand]);

  const playing = !!me && game.inHand && me.dealtIn && !me.folded && !me.allIn;
  let part;
  if (legal && legal.drawing) {
    part = (
      <DrawActions
        picked={picked}
        maxDiscards={legal.maxDiscards}
        busy={sender.busy}
        onDiscard={(cards) => send({ case: "discard", value: { cards } })}
      />
    );
  } else if (legal && legal.betting) {
    part = <BettingActions game={game} legal={legal} busy={sender.busy} root={root} onCommand={onBetting} />;
  } else if (conn && playing && game.toAct !== model.yourSeat) {
    part = <PreActions chosen={pre} onChoose={setPre} />;
  }

  return (
    <>
      <StakesLine game={game} />
      <PokerFelt
        model={model}
        game={game}
        live={!!conn}
        talk={talk}
        portrait={portrait}
        picked={legal?.drawing ? picked : undefined}
        onPick={legal?.drawing ? (face) => setPicked((p) => togglePick(p, face, legal.maxDiscards)) : undefined}
      />
      <ActionArea
        status={statusLine(model, game, !!legal)}
        yourTurn={!!legal}
        turn={legal ? `${game.hand}:${legal.decision}` : undefined}
        keys={!!legal?.betting}
        clock={legal ? currentClock(model, game) : null}
        busy={sender.busy && !!conn}
        error={conn ? sender.error : null}
        onDismiss={sender.clearError}
      >
        {part}
      </ActionArea>
    </>
  );
}

function StakesLine({ game }: { game: PokerState }) {
  const parts = [t(`table.game.${game.game}` as MessageKey)];
  if (game.betting) parts.push(t(`table.betting.${game.betting}` as MessageKey));
  if (game.stakes.level > 0) parts.push(t("table.level", { level: game.stakes.level }));
  if (game.stakes.bigBlind > 0)
    parts.push(t("table.blinds", { sb: formatChips(game.stakes.smallBlind), bb: formatChips(game.stakes.bigBlind) }));
  if (game.stakes.ante > 0) parts.push(t("table.ante", { ante: formatChips(game.stakes.ante) }));
  if (game.hand > 0) parts.push(t("table.hand", { hand: game.hand }));
  return <div class="tv-stakes">{parts.filter(Boolean).join(" · ")}</div>;
}

function statusLine(model: TableModel, game: PokerState, yourTurn: boolean): string {
  if (yourTurn) return t("table.yourTurn");
  if (!game.inHand) return model.yourSeat < 0 ? t("table.watching") : t("table.waiting");
  const acting = game.seats[game.toAct];
  if (acting && acting.entrant >= 0) return t("table.turnOf", { name: acting.name });
  return "";
}

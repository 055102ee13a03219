// What the server says about the player's tournaments, turned into notices, dialogs and outcomes:
// started, level up, break, eliminated (his place and prize), players left (the others' eliminations), moved, finished (the results), cancelled
// (his refund), re-buy and add-on offers, a table waiting or paused; sanctions; refusals nobody waited for.
import { type TavoloConnection, type TavoloError, addressOf, tableKey } from "../../sdk/index.js";
import { ErrorCode, PurchaseKind, type SanctionNotice, type TournamentEvent } from "../../sdk/wire.js";
import { formatChips, formatMoney, language, t } from "../i18n/index.js";
import { isChatError } from "./chat_state.js";
import { errorText } from "./error_text.js";
import { tournamentName } from "./lobby_state.js";
import {
  type TournamentOutcome,
  closeDialogs,
  dismissNotice,
  keepOutcome,
  notify,
  openDialog,
  outcomeOf,
} from "./notices.js";
import { account, onConnection } from "./session.js";
import { activeKey, entrantAt, findTable, markLeft } from "./tables_state.js";

onConnection((c: TavoloConnection) => {
  const offs = [
    c.on("tournament", (e) => tournamentEvent(e)),
    c.on("sanction", (s) => sanction(s)),
    c.on("error", (e) => refusal(e)),
  ];
  return () => offs.forEach((off) => off());
});

const isMe = (name: string) => name !== "" && name === account.value?.name;

/** "«Sit&Go Hold'em»", or "n. 12" when the lobby no longer lists it. */
function named(id: number): string {
  const name = tournamentName(id);
  return name ? `«${name}»` : t("news.tournamentNumber", { id });
}

const pausedNotices = new Map<string, number>();

export function tournamentEvent(e: TournamentEvent): void {
  const id = Number(e.tournamentId);
  const ev = e.event;
  switch (ev.case) {
    case "started":
      notify(
        t("news.started", { tournament: named(id), players: ev.value.entrants, pool: formatMoney(Number(ev.value.prizePoolCents)) }),
        "good",
      );
      return;
    case "levelUp": {
      const s = ev.value.stakes;
      if ((s?.level ?? 0) <= 1) return; // the first level comes with the start: nothing new to say
      const blinds = `${formatChips(Number(s?.smallBlind ?? 0))}/${formatChips(Number(s?.bigBlind ?? 0))}`;
      const ante = Number(s?.ante ?? 0);
      notify(
        ante > 0
          ? t("news.levelUpAnte", { level: s?.level ?? 0, blinds, ante: formatChips(ante) })
          : t("news.levelUp", { level: s?.level ?? 0, blinds }),
      );
      return;
    }
    case "breakStarted":
      notify(t("news.break", { minutes: Math.max(1, Math.round(Number(ev.value.durationMs) / 60000)) }));
      return;
    case "eliminated": {
      const x = ev.value;
      const prize = Number(x.prizeCents);
      if (!isMe(x.name)) {
        notify(t("news.playerOut", { name: x.name, place: x.place }));
        return;
      }
      markLeft("busted", id);
      closeDialogs((d) => d.kind === "purchase" && d.tournamentId === id);
      const before = outcomeOf(id);
      keepOutcome({
        ...(before ?? emptyOutcome(id)),
        place: x.place,
        paidCents: prize,
      });
      openDialog({ kind: "eliminated", tournamentId: id, place: x.place, shared: x.shared, prizeCents: prize });
      return;
    }
    case "playersLeft": {
      // The others' eliminations, coalesced by the server (at most one update a second).
      const x = ev.value;
      const others = x.latest.filter((o) => !isMe(o.name));
      if (x.eliminated === 1 && others.length === 1) {
        notify(t("news.playerOut", { name: others[0]!.name, place: others[0]!.place }));
      } else if (x.eliminated > 1) {
        const names = others.map((o) => o.name).join(", ");
        notify(t("news.playersOut", { count: x.eliminated, names, left: x.playersLeft }));
      }
      return;
    }
    case "moved": {
      const x = ev.value;
      const from = addressOf(x.from);
      const to = addressOf(x.to);
      const left = x.from ? findTable(from.tournamentId, from.table) : undefined;
      if (left && entrantAt(left.model) !== Number(x.entrant)) return; // another player's move
      if (!left && x.from) return;
      if (left) markLeft("moved", id, from.table);
      if (!left || activeKey.value === left.key) activeKey.value = tableKey(to);
      notify(t("news.moved", { table: to.table + 1, seat: x.seat + 1 }), "info");
      return;
    }
    case "waiting":
      notify(t("news.waiting", { waiting: ev.value.tablesWaiting, tables: ev.value.tables }));
      return;
    case "finished": {
      const results = ev.value.results.map((r) => ({ place: r.place, name: r.name, prizeCents: Number(r.prizeCents) }));
      const mine = results.find((r) => isMe(r.name));
      keepOutcome({
        ...(outcomeOf(id) ?? emptyOutcome(id)),
        results,
        entrants: ev.value.entrants,
        place: mine?.place ?? outcomeOf(id)?.place ?? 0,
        paidCents: mine?.prizeCents ?? outcomeOf(id)?.paidCents ?? 0,
      });
      markLeft("finished", id);
      closeDialogs((d) => d.tournamentId === id);
      openDialog({ kind: "outcome", tournamentId: id });
      return;
    }
    case "cancelled": {
      const refunds = ev.value.refunds.map((r) => ({ name: r.name, amountCents: Number(r.amountCents) }));
      keepOutcome({
        ...(outcomeOf(id) ?? emptyOutcome(id)),
        cancelled: true,
        reason: ev.value.reason,
        refunds,
        paidCents: refunds.find((r) => isMe(r.name))?.amountCents ?? 0,
      });
      markLeft("cancelled", id);
      closeDialogs((d) => d.tournamentId === id);
      openDialog({ kind: "outcome", tournamentId: id });
      return;
    }
    case "purchaseOffered": {
      const x = ev.value;
      const address = addressOf(x.table);
      const addOn = x.kind === PurchaseKind.ADD_ON;
      closeDialogs((d) => d.kind === "purchase" && d.tournamentId === id && d.addOn === addOn);
      openDialog({
        kind: "purchase",
        tournamentId: id,
        address,
        addOn,
        chips: Number(x.chips),
        priceCents: Number(x.priceCents),
        feeCents: Number(x.feeCents),
        busted: x.busted,
      });
      return;
    }
    case "chipsPurchased": {
      const x = ev.value;
      const addOn = x.kind === PurchaseKind.ADD_ON;
      const what = t(addOn ? "news.addOn" : "news.rebuy");
      if (isMe(x.name)) {
        closeDialogs((d) => d.kind === "purchase" && d.tournamentId === id && d.addOn === addOn);
        notify(t("news.youBought", { chips: formatChips(Number(x.chips)), what }), "good");
      } else notify(t("news.playerBought", { name: x.name, chips: formatChips(Number(x.chips)), what }));
      return;
    }
    case "tablePaused": {
      const key = tableKey({ tournamentId: id, table: ev.value.table });
      const shown = pausedNotices.get(key);
      if (shown) dismissNotice(shown);
      pausedNotices.delete(key);
      if (ev.value.paused) pausedNotices.set(key, notify(t("news.tablePaused", { table: ev.value.table + 1 }), "bad", true));
      else notify(t("news.tableResumed", { table: ev.value.table + 1 }), "good");
      return;
    }
    default:
      return;
  }
}

function emptyOutcome(id: number): TournamentOutcome {
  return { tournamentId: id, name: tournamentName(id), cancelled: false, results: [], entrants: 0, place: 0, paidCents: 0, reason: "", refunds: [] };
}

function sanction(s: SanctionNotice): void {
  const reason = s.reason;
  switch (s.kind) {
    case "warning":
      notify(t("sanction.warning", { reason }), "bad", true);
      return;
    case "exclusion":
      notify(t("sanction.exclusion", { reason, hands: s.hands }), "bad", true);
      return;
    case "disqualification":
      notify(t("sanction.disqualification", { reason }), "bad", true);
      return;
    case "mute": {
      const until = Number(s.untilMs);
      const when = new Date(until).toLocaleString(language.value === "it" ? "it-IT" : "en-GB", {
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
      });
      notify(until > 0 ? t("sanction.muteUntil", { reason, until: when }) : t("sanction.mute", { reason }), "bad", true);
      return;
    }
    case "close_account":
      return; // the Closing that follows explains it
    default:
      notify(t("sanction.other", { reason }), "bad", true);
  }
}

function refusal(e: TavoloError): void {
  if (isChatError(e.code)) return; // shown under the chat it concerns
  if (e.code === ErrorCode.SUPERSEDED || e.code === ErrorCode.ACCOUNT_CLOSED) return; // the closed dialog says it
  notify(errorText(e), "bad");
}

// A refused action in the player's words: what went wrong and what to do, from the refusal's code;
// the server's own message follows for the details.
import { TavoloError } from "../../../sdk/connection.js";
import { ErrorCode } from "../../../sdk/gen/vocabulary_pb.js";
import { formatChips, t } from "../../i18n/index.js";

export function actionErrorText(e: unknown, range?: { minTo: number; maxTo: number }): string {
  if (!(e instanceof TavoloError)) return t("table.error.refused", { message: String(e) });
  const detail = e.message ? ` (${e.message})` : "";
  switch (e.code) {
    case ErrorCode.STALE_DECISION:
      return t("table.error.stale");
    case ErrorCode.NOT_YOUR_TURN:
      return t("table.error.notYourTurn");
    case ErrorCode.ILLEGAL_AMOUNT:
      if (range) return t("table.error.amount", { min: formatChips(range.minTo), max: formatChips(range.maxTo) });
      return t("table.error.refused", { message: e.message });
    case ErrorCode.BAD_FIELD:
      return t("table.error.badPunto") + detail;
    case ErrorCode.ILLEGAL_ACTION:
      return t("table.error.illegal") + detail;
    case ErrorCode.UNSPECIFIED:
      return t("table.error.offline");
    default:
      return t("table.error.refused", { message: e.message || e.codeName });
  }
}

// Cancelling a tournament in two steps: the refund preview (GET .../cancellation, which pays nothing),
// then, on confirmation with a reason, the cancel itself (POST .../cancel) and the refunds it paid.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { useLoad } from "./hooks";
import { RefundsTable } from "./refunds_table";
import type { Cancellation, Registration } from "./types";
import { Dialog, ErrorMessage, Field, Loading, Notice } from "./ui";

export function CancelDialog(props: {
  tournament: number;
  name: string;
  registrations: Registration[];
  onClose: (cancelled: boolean) => void;
}) {
  const preview = useLoad(() => api.get<Cancellation>(`/api/v1/tournaments/${props.tournament}/cancellation`), [props.tournament]);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string | null>(null);
  const [paid, setPaid] = useState<Cancellation | null>(null);

  const confirm = async (e: Event) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError("Give a reason: players are told it and the audit log keeps it.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setPaid(await api.post<Cancellation>(`/api/v1/tournaments/${props.tournament}/cancel`, { reason: reason.trim() }));
    } catch (err) {
      setError(err instanceof ApiError ? err : String(err));
    } finally {
      setBusy(false);
    }
  };

  const close = () => props.onClose(paid !== null);
  const title = paid ? `Cancelled: ${props.name}` : `Cancel ${props.name}?`;

  if (paid) {
    return (
      <Dialog title={title} onClose={close} testId="cancel-dialog">
        <Notice testId="cancel-done">
          {paid.already_cancelled
            ? "It was already cancelled: this cancel paid nothing more. The refunds paid then:"
            : `The tournament is ${paid.state}. Refunds paid:`}
        </Notice>
        <RefundsTable plan={paid} registrations={props.registrations} testId="refunds-paid" />
        <div class="form-actions">
          <button type="button" class="primary" onClick={close}>
            Done
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={title} onClose={close} testId="cancel-dialog">
      <ErrorMessage error={preview.error} />
      {preview.data === null ? (
        preview.error ? null : (
          <Loading what="the refund preview" />
        )
      ) : (
        <form onSubmit={confirm}>
          <p>
            {preview.data.started
              ? "It has started: each entrant is refunded as RULES.md §7 says (the state at each table's last committed hand; a hand in play is void)."
              : "It has not started: every buy-in and fee goes back."}{" "}
            This preview paid nothing yet.
          </p>
          <RefundsTable plan={preview.data} registrations={props.registrations} testId="refund-preview" />
          <Field label="Reason" hint="Players are told it; the audit log keeps it.">
            <input name="reason" value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
          </Field>
          <ErrorMessage error={error} testId="cancel-error" />
          <div class="form-actions">
            <button type="button" onClick={close}>
              Keep it
            </button>
            <button type="submit" class="danger" disabled={busy}>
              {busy ? "Cancelling…" : "Cancel the tournament and pay these refunds"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

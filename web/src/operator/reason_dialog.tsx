// Asks for the reason of an action (pause, resume, remove a chat line...), runs it, and shows the API's
// refusal when there is one.
import { useState } from "preact/hooks";
import { ApiError } from "./api";
import { Dialog, ErrorMessage, Field } from "./ui";

export function ReasonDialog(props: {
  title: string;
  explain: string;
  confirmLabel: string;
  danger?: boolean;
  required?: boolean;
  testId?: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    if ((props.required ?? true) && !reason.trim()) {
      setError("Give a reason: the audit log keeps it.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(reason.trim());
      props.onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err : String(err));
      setBusy(false);
    }
  };

  return (
    <Dialog title={props.title} onClose={props.onClose} testId={props.testId}>
      <form onSubmit={submit}>
        <p>{props.explain}</p>
        <Field label="Reason">
          <input name="reason" value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
        </Field>
        <ErrorMessage error={error} />
        <div class="form-actions">
          <button type="button" onClick={props.onClose}>
            Back
          </button>
          <button type="submit" class={props.danger ? "danger" : "primary"} disabled={busy}>
            {busy ? "Working…" : props.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

// Credit (money from outside) or debit (money back out) a player's wallet, with a reason. Each movement
// carries an idempotency key: a new one after every answer, the same one when a submission got no
// answer (the network failed), so that trying again can never move the money twice.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { newKey } from "./hooks";
import { formatCents, parseEuros } from "./money";
import type { WalletMovement } from "./types";
import { ErrorMessage, Field, Notice } from "./ui";

export function WalletForm({ account, balance, onMoved }: { account: number; balance: number; onMoved: () => void }) {
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(() => newKey("dashboard"));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string | null>(null);
  const [done, setDone] = useState<WalletMovement | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const parsed = parseEuros(amount);
    if ("error" in parsed) return setError(parsed.error);
    if (parsed.cents <= 0) return setError("The amount must be more than zero.");
    if (!reason.trim()) return setError("Give a reason: it is the ledger entry's memo and goes into the audit log.");
    if (direction === "debit" && parsed.cents > balance)
      return setError(`The wallet holds ${formatCents(balance)}: a debit cannot take more.`);
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const movement = await api.post<WalletMovement>(`/api/v1/players/${account}/wallet`, {
        direction,
        amount_cents: parsed.cents,
        reason: reason.trim(),
        key,
      });
      setDone(movement);
      setAmount("");
      setReason("");
      setKey(newKey("dashboard"));
      onMoved();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : new ApiError(0, "CLIENT", String(err));
      if (apiError.outcomeUnknown) {
        setError(`${apiError.message} Submitting again is safe: it carries the same key and moves the money once at most.`);
      } else {
        setError(apiError);
        setKey(newKey("dashboard")); // the server answered: nothing moved under this key
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card form" onSubmit={submit} aria-label="Wallet adjustment" noValidate>
      <h2>Wallet</h2>
      <div class="segmented" role="radiogroup" aria-label="Direction">
        <label>
          <input type="radio" name="direction" value="credit" checked={direction === "credit"} onChange={() => setDirection("credit")} />
          Credit
        </label>
        <label>
          <input type="radio" name="direction" value="debit" checked={direction === "debit"} onChange={() => setDirection("debit")} />
          Debit
        </label>
      </div>
      <Field label="Amount (€)" hint="e.g. 25.00">
        <input name="amount" inputMode="decimal" value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
      </Field>
      <Field label="Reason">
        <input name="reason" maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </Field>
      <ErrorMessage error={error} testId="wallet-error" />
      {done ? (
        <Notice testId="wallet-done">
          {done.direction === "credit" ? "Credited" : "Debited"} {formatCents(done.amount_cents)}: the balance went from{" "}
          {formatCents(done.balance_before_cents)} to {formatCents(done.balance_after_cents)}.
        </Notice>
      ) : null}
      <div class="form-actions">
        <span class="muted small" title="Idempotency key of this submission">
          key {key.slice(-8)}
        </span>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Working…" : direction === "credit" ? "Credit the wallet" : "Debit the wallet"}
        </button>
      </div>
    </form>
  );
}

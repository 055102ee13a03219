// An account's role (admins only; not one's own): player, operator or admin, with a reason.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import type { Role, RoleChange } from "./types";
import { ErrorMessage, Field, Notice } from "./ui";

export function RoleForm(props: { account: number; role: Role; self: boolean; onChanged: () => void }) {
  const [role, setRole] = useState<Role>(props.role);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string | null>(null);
  const [done, setDone] = useState<RoleChange | null>(null);

  if (props.self) {
    return (
      <div class="card form">
        <h2>Role</h2>
        <p class="muted">This is your own account: another admin changes its role.</p>
      </div>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!reason.trim()) return setError("Give a reason: the audit log keeps it.");
    setBusy(true);
    setError(null);
    try {
      setDone(await api.put<RoleChange>(`/api/v1/players/${props.account}/role`, { role, reason: reason.trim() }));
      setReason("");
      props.onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card form" onSubmit={submit} aria-label="Role" noValidate>
      <h2>Role</h2>
      <Field label="Role" hint="Operators and admins may use this dashboard; only admins change roles.">
        <select name="role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
          <option value="player">player</option>
          <option value="operator">operator</option>
          <option value="admin">admin</option>
        </select>
      </Field>
      <Field label="Reason">
        <input name="reason" maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </Field>
      <ErrorMessage error={error} />
      {done ? (
        <Notice>{done.changed ? `The role went from ${done.before} to ${done.after}.` : `It was ${done.after} already: nothing changed.`}</Notice>
      ) : null}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy || role === props.role}>
          Set the role
        </button>
      </div>
    </form>
  );
}

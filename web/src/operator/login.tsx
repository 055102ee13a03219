// The log-in form: an operator's or admin's name and password for a bearer token (POST /api/v1/login),
// checked with /api/v1/me before the dashboard opens. A player's account is turned away here.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { session } from "./session";
import type { LoginAnswer, Me } from "./types";
import { ErrorMessage, Field, Notice } from "./ui";

export const NOT_AN_OPERATOR =
  "This account is not an operator: log in with an operator's or an admin's account (an admin gives an account the operator role on its page under Players).";

function loginError(e: unknown): string {
  if (!(e instanceof ApiError)) return String(e);
  if (e.status === 401) return "Wrong name or password: check them and try again.";
  if (e.status === 403) return NOT_AN_OPERATOR;
  if (e.status === 503) return `${e.message} Try again in a moment.`;
  return e.message;
}

export function Login({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: (me: Me) => void }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!name.trim() || !password) {
      setError("Type the account's name and password.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<LoginAnswer>("/api/v1/login", { name: name.trim(), password });
      if (answer.role === "player") {
        setError(NOT_AN_OPERATOR);
        return;
      }
      const me = await api.getWith<Me>("/api/v1/me", answer.token);
      session.keep(answer.token);
      onLoggedIn(me);
    } catch (e) {
      setError(loginError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="login-page">
      <form class="login card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">
          <span class="logo" aria-hidden="true">
            ♠
          </span>{" "}
          Tavolo operator
        </h1>
        {notice ? <Notice testId="login-notice">{notice}</Notice> : null}
        <Field label="Name">
          <input
            name="name"
            autoComplete="username"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            required
          />
        </Field>
        <Field label="Password">
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            required
          />
        </Field>
        <ErrorMessage error={error} testId="login-error" />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </form>
    </main>
  );
}

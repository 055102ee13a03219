// Log in or create an account (name, password); the rules are checked here first and the server's
// refusals are told in the player's words.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { credentialsProblem, kMaxNameLength } from "./credentials.js";
import { errorText } from "./error_text.js";
import { createAccount, logIn, resumeRefused } from "./session.js";

type Mode = "logIn" | "create";

export function LoginView(): JSX.Element {
  const [mode, setMode] = useState<Mode>("logIn");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    const problem = mode === "create" ? credentialsProblem(trimmed, password) : null;
    if (problem) {
      setError(t(problem));
      return;
    }
    if (!trimmed || !password) {
      setError(t("login.missing"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (mode === "create" ? createAccount(trimmed, password) : logIn(trimmed, password));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  return (
    <section class="login">
      <div class="login-card">
        <h1 class="login-title">{t("login.welcome")}</h1>
        <p class="login-lead">{t("login.lead")}</p>
        {resumeRefused.value && (
          <p class="hint login-expired" role="status">
            {t("login.sessionExpired")}
          </p>
        )}
        <div class="login-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={mode === "logIn"} onClick={() => switchTo("logIn")}>
            {t("login.logInTab")}
          </button>
          <button type="button" role="tab" aria-selected={mode === "create"} onClick={() => switchTo("create")}>
            {t("login.createTab")}
          </button>
        </div>
        <form class="login-form" onSubmit={submit} noValidate>
          <label>
            <span>{t("login.name")}</span>
            <input
              name="name"
              autocomplete="username"
              autocapitalize="none"
              spellcheck={false}
              maxLength={kMaxNameLength}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
              required
            />
          </label>
          <label>
            <span>{t("login.password")}</span>
            <input
              name="password"
              type="password"
              autocomplete={mode === "create" ? "new-password" : "current-password"}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              required
            />
          </label>
          {mode === "create" && <p class="hint">{t("login.rules")}</p>}
          {error && (
            <p class="form-error" role="alert" data-testid="login-error">
              {error}
            </p>
          )}
          <button type="submit" class="primary" disabled={busy}>
            {busy ? t("login.wait") : mode === "create" ? t("login.create") : t("login.logIn")}
          </button>
        </form>
      </div>
    </section>
  );
}

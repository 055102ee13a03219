// Small pieces every page uses: errors, fields, badges, dialogs, dates.
import { cloneElement, type ComponentChildren, type VNode } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";
import type { ApiError } from "./api";

export function ErrorMessage({ error, testId }: { error: ApiError | string | null; testId?: string }) {
  if (!error) return null;
  const text = typeof error === "string" ? error : error.message;
  const code = typeof error === "string" ? null : error.code;
  return (
    <p class="error" role="alert" data-testid={testId}>
      {text}
      {code && !code.startsWith("HTTP_") && code !== "NETWORK" && code !== "CLIENT" ? (
        <span class="error-code"> ({code})</span>
      ) : null}
    </p>
  );
}

export function Notice({ children, testId }: { children: ComponentChildren; testId?: string }) {
  return (
    <p class="notice" role="status" data-testid={testId}>
      {children}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return <p class="muted">Loading {what}…</p>;
}

/**
 * A labelled control: the label names the control (for/id), the hint and the error describe it
 * (aria-describedby), so the control's accessible name is the label alone.
 */
export function Field(props: {
  label: string;
  hint?: string;
  error?: string | null;
  wide?: boolean;
  children: VNode<any>;
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = cloneElement(props.children, {
    id,
    "aria-describedby": described,
    "aria-invalid": props.error ? true : undefined,
  });
  return (
    <div class={`field${props.wide ? " wide" : ""}${props.error ? " invalid" : ""}`}>
      <label class="field-label" for={id}>
        {props.label}
      </label>
      {control}
      {props.hint ? (
        <span class="field-hint" id={hintId}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span class="field-error" id={errorId}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

const STATE_CLASS: Record<string, string> = {
  registering: "info",
  running: "good",
  on_break: "warn",
  paused: "warn",
  finished: "muted",
  cancelled: "bad",
};

export function StateBadge({ state, paused }: { state: string; paused?: boolean }) {
  return (
    <span class="badges">
      <span class={`badge ${STATE_CLASS[state] ?? "muted"}`} data-testid="state">
        {state.replace(/_/g, " ")}
      </span>
      {paused ? (
        <span class="badge warn" data-testid="paused">
          paused
        </span>
      ) : null}
    </span>
  );
}

export function Dialog(props: { title: string; onClose: () => void; children: ComponentChildren; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") props.onClose();
    };
    window.addEventListener("keydown", onKey);
    box.current?.querySelector<HTMLElement>("input, textarea, select, button")?.focus();
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const titleId = `dialog-${props.title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div class="overlay" onClick={(e) => e.target === e.currentTarget && props.onClose()}>
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={box} data-testid={props.testId}>
        <header class="dialog-head">
          <h2 id={titleId}>{props.title}</h2>
          <button type="button" class="ghost" aria-label="Close" onClick={props.onClose}>
            ×
          </button>
        </header>
        {props.children}
      </div>
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  const seconds = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

export function Json({ value }: { value: unknown }) {
  return <pre class="json">{JSON.stringify(value, null, 2)}</pre>;
}

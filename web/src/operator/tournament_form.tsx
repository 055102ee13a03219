// Creating a tournament (POST /api/v1/tournaments) from the keys of a [[tournament]] declaration. The
// API checks it as the configuration's parser does; its 400 message shows beside the form and beside
// the field it names.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { href, navigate } from "./router";
import { applies, declaration, FIELDS, GROUPS, INITIAL_VALUES, type FieldSpec, type FormValues } from "./tournament_fields";
import type { CreatedTournament } from "./types";
import { ErrorMessage, Field } from "./ui";

const OPEN_GROUPS = new Set(["Game", "Entry", "Players and start"]);

export function TournamentForm() {
  const [values, setValues] = useState<FormValues>(INITIAL_VALUES);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const game = values["game"] ?? "holdem";

  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: Event) => {
    e.preventDefault();
    const checked = declaration(values);
    if ("field" in checked) {
      setProblem(checked);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const created = await api.post<CreatedTournament>("/api/v1/tournaments", checked.body);
      navigate(href("tournaments", created.id));
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, "CLIENT", String(err));
      setProblem({ field: error.field, message: error.message });
    } finally {
      setBusy(false);
    }
  };

  const visible = FIELDS.filter((f) => applies(f, game));
  return (
    <section>
      <header class="page-head">
        <h1>New tournament</h1>
        <div class="actions">
          <a class="button" href={href("tournaments")}>
            Back to the list
          </a>
        </div>
      </header>
      <form class="card form" onSubmit={submit} aria-label="New tournament" noValidate>
        <p class="muted">
          The keys of a <code>[[tournament]]</code> table of the configuration (deploy/tavolo.example.toml). Empty
          fields take RULES.md §6's defaults for the kind and game. Registration opens at once.
        </p>
        {GROUPS.map((group) => {
          const fields = visible.filter((f) => f.group === group);
          if (fields.length === 0) return null;
          const body = (
            <div class="grid">
              {fields.map((f) => (
                <DeclarationField
                  key={f.key}
                  spec={f}
                  value={values[f.key] ?? ""}
                  error={problem?.field === f.key ? problem.message : null}
                  onChange={(v) => set(f.key, v)}
                />
              ))}
            </div>
          );
          return OPEN_GROUPS.has(group) ? (
            <fieldset key={group}>
              <legend>{group}</legend>
              {body}
            </fieldset>
          ) : (
            <details key={group} class="fieldset" open={problem?.field ? fields.some((f) => f.key === problem.field) : false}>
              <summary>{group}</summary>
              {body}
            </details>
          );
        })}
        <ErrorMessage error={problem ? problem.message : null} testId="create-error" />
        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? "Creating…" : "Create tournament"}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeclarationField(props: { spec: FieldSpec; value: string; error: string | null; onChange: (v: string) => void }) {
  const { spec, value, onChange } = props;
  if (spec.type === "bool") {
    return (
      <label class={`check${props.error ? " invalid" : ""}`}>
        <input
          type="checkbox"
          name={spec.key}
          checked={value === "true"}
          onChange={(e) => onChange(e.currentTarget.checked ? "true" : "")}
        />
        <span>{spec.label}</span>
        {props.error ? <span class="field-error">{props.error}</span> : null}
      </label>
    );
  }
  let control;
  if (spec.type === "select" || spec.type === "tristate") {
    const options = spec.type === "tristate" ? ["", "true", "false"] : (spec.options ?? []);
    control = (
      <select name={spec.key} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o === "" ? "default" : o === "true" ? "yes" : o === "false" ? "no" : o}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        name={spec.key}
        value={value}
        placeholder={spec.placeholder}
        inputMode={spec.type === "int" ? "numeric" : spec.type === "amount" ? "decimal" : undefined}
        aria-invalid={props.error ? true : undefined}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <Field label={spec.label} hint={spec.hint} error={props.error} wide={spec.type === "levels" || spec.key === "start"}>
      {control}
    </Field>
  );
}

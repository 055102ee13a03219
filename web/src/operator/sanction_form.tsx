// Sanctions (RULES.md §6): a warning, an exclusion of 1-4 orbits, a disqualification (the first three
// in the tournament where the player sits now), a mute of the chat, or closing the account.
import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import type { PlayerTournament, Sanction, SanctionKind, SanctionRequest } from "./types";
import { ErrorMessage, Field, Notice } from "./ui";

const KINDS: { kind: SanctionKind; label: string; explain: string }[] = [
  { kind: "warning", label: "Warning", explain: "Recorded and told to the player." },
  {
    kind: "exclusion",
    label: "Exclusion",
    explain: "He is dealt in and folded at once for orbits × players hands, from the next hand dealt.",
  },
  {
    kind: "disqualification",
    label: "Disqualification",
    explain: "He leaves the tournament and his chips leave with him (during a hand: at its end).",
  },
  { kind: "mute", label: "Mute", explain: "His chat is refused with the reason, for the minutes given or until further notice." },
  {
    kind: "close_account",
    label: "Close the account",
    explain: "Log ins refused and his connection closed; his seats stay and are blinded away. There is no reopening from here.",
  },
];

const NEEDS_TOURNAMENT = new Set<SanctionKind>(["warning", "exclusion", "disqualification"]);

export function SanctionForm(props: { account: number; tournaments: PlayerTournament[]; onSanctioned: () => void }) {
  const current = props.tournaments.filter((t) => t.tournament_state === "running" && (t.state === "playing" || t.state === "registered"));
  const [kind, setKind] = useState<SanctionKind>("warning");
  const [reason, setReason] = useState("");
  const [tournament, setTournament] = useState(current[0] ? String(current[0].tournament_id) : "");
  const [orbits, setOrbits] = useState("1");
  const [minutes, setMinutes] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string | null>(null);
  const [done, setDone] = useState<Sanction | null>(null);
  const explain = KINDS.find((k) => k.kind === kind)!.explain;

  const submit = async (e: Event) => {
    e.preventDefault();
    const body: SanctionRequest = { kind, reason: reason.trim() };
    if (!body.reason) return setError("Give a reason: the player is told it and the audit log keeps it.");
    if (NEEDS_TOURNAMENT.has(kind)) {
      if (!/^\d+$/.test(tournament.trim())) return setError("Name the tournament where he sits now (its id).");
      body.tournament = Number(tournament.trim());
    }
    if (kind === "exclusion") body.orbits = Number(orbits);
    if (kind === "mute" && minutes.trim()) {
      if (!/^\d+$/.test(minutes.trim()) || Number(minutes) < 1)
        return setError("Minutes: a whole number from 1, or empty for until further notice.");
      body.minutes = Number(minutes.trim());
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await api.post<Sanction>(`/api/v1/players/${props.account}/sanctions`, body));
      setReason("");
      props.onSanctioned();
    } catch (err) {
      setError(err instanceof ApiError ? err : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card form" onSubmit={submit} aria-label="Sanction" noValidate>
      <h2>Sanction</h2>
      <Field label="Kind" hint={explain}>
        <select name="kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as SanctionKind)}>
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </Field>
      {NEEDS_TOURNAMENT.has(kind) ? (
        <>
          <Field label="Tournament" hint={current.length ? "Where he sits now." : "He sits in no running tournament now."}>
            <input
              name="tournament"
              inputMode="numeric"
              list={`sanction-tournaments-${props.account}`}
              value={tournament}
              onInput={(e) => setTournament(e.currentTarget.value)}
            />
          </Field>
          <datalist id={`sanction-tournaments-${props.account}`}>
            {current.map((t) => (
              <option key={t.tournament_id} value={String(t.tournament_id)}>
                {t.name}
              </option>
            ))}
          </datalist>
        </>
      ) : null}
      {kind === "exclusion" ? (
        <Field label="Orbits">
          <select name="orbits" value={orbits} onChange={(e) => setOrbits(e.currentTarget.value)}>
            {["1", "2", "3", "4"].map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {kind === "mute" ? (
        <Field label="Minutes" hint="Empty: until further notice (there is no lifting yet).">
          <input name="minutes" inputMode="numeric" value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} />
        </Field>
      ) : null}
      <Field label="Reason">
        <input name="reason" maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </Field>
      <ErrorMessage error={error} testId="sanction-error" />
      {done ? (
        <Notice testId="sanction-done">
          Recorded: {done.kind.replace("_", " ")}
          {done.hands ? `, ${done.hands} hands` : ""}
          {done.chips_removed ? `, ${done.chips_removed} chips removed` : ""}
          {done.applied ? ` (${done.applied})` : ""}.
        </Notice>
      ) : null}
      <div class="form-actions">
        <button type="submit" class={kind === "warning" || kind === "mute" ? "primary" : "danger"} disabled={busy}>
          {busy ? "Working…" : KINDS.find((k) => k.kind === kind)!.label}
        </button>
      </div>
    </form>
  );
}

// The players section: search by the first letters of a name (#/players?name=PI) and one account
// (#/players/ID).
import { useState } from "preact/hooks";
import { api } from "./api";
import { useLoad } from "./hooks";
import { PlayerDetail } from "./player_detail";
import { href, hrefWithQuery, navigate, type Route } from "./router";
import type { PlayerSummary } from "./types";
import { ErrorMessage, formatTime, Loading } from "./ui";

export function PlayersPage({ route }: { route: Route }) {
  const [first] = route.parts;
  if (first !== undefined) {
    const id = Number(first);
    if (!Number.isSafeInteger(id) || id <= 0) return <ErrorMessage error={`"${first}" is not an account id: search for the player.`} />;
    return <PlayerDetail key={id} id={id} />;
  }
  return <PlayerSearch name={route.query.get("name") ?? ""} />;
}

function PlayerSearch({ name }: { name: string }) {
  const [typed, setTyped] = useState(name);
  const players = useLoad(
    () => api.get<{ players: PlayerSummary[] }>("/api/v1/players", { name, limit: 100 }).then((a) => a.players),
    [name],
  );
  return (
    <section>
      <header class="page-head">
        <h1>Players</h1>
        <form
          class="actions"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(hrefWithQuery(["players"], { name: typed.trim() }));
          }}
        >
          <label class="inline">
            <span>Name starts with</span>
            <input name="name" type="search" value={typed} maxLength={128} onInput={(e) => setTyped(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary">
            Search
          </button>
        </form>
      </header>
      <ErrorMessage error={players.error} />
      {players.data === null ? (
        players.error ? null : (
          <Loading what="players" />
        )
      ) : players.data.length === 0 ? (
        <p class="muted">No account's name starts with "{name}".</p>
      ) : (
        <div class="table-wrap">
          <table class="data" data-testid="players">
            <thead>
              <tr>
                <th class="num">ID</th>
                <th>Name</th>
                <th>Role</th>
                <th>Created</th>
                <th>Account</th>
              </tr>
            </thead>
            <tbody>
              {players.data.map((p) => (
                <tr key={p.id}>
                  <td class="num">{p.id}</td>
                  <td>
                    <a href={href("players", p.id)}>{p.name}</a>
                  </td>
                  <td>{p.role}</td>
                  <td>{formatTime(p.created_at)}</td>
                  <td>{p.closed ? <span class="badge bad">closed {formatTime(p.closed_at)}</span> : "open"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {players.data.length === 100 ? <p class="muted">The first 100 by name: type more letters to narrow it.</p> : null}
        </div>
      )}
    </section>
  );
}

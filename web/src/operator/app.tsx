// The dashboard's shell: the session (log in, log out, back to the form on a 401), the live feed for
// the session's life, the navigation and the page for the route.
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, ApiError, setUnauthorizedHandler } from "./api";
import { AuditPage } from "./audit";
import { DashboardContext, type Dashboard } from "./context";
import { HandsPage } from "./hands";
import { useLiveStatus } from "./hooks";
import { LiveFeed, type LiveStatus } from "./live";
import { LiveLog } from "./live_log";
import { LiveView } from "./live_view";
import { Login, NOT_AN_OPERATOR } from "./login";
import { PlayersPage } from "./players";
import { href, useRoute, type Route } from "./router";
import { session } from "./session";
import { TablesPage } from "./tables";
import { TournamentsPage } from "./tournaments";
import type { Me } from "./types";
import { ErrorMessage } from "./ui";

type Phase = { kind: "checking" } | { kind: "login"; notice: string | null } | { kind: "in"; me: Me };

const SECTIONS: { id: string; label: string }[] = [
  { id: "tournaments", label: "Tournaments" },
  { id: "tables", label: "Tables" },
  { id: "players", label: "Players" },
  { id: "audit", label: "Audit log" },
  { id: "live", label: "Live feed" },
  { id: "hands", label: "Hand histories" },
];

export function App() {
  const [phase, setPhase] = useState<Phase>(() =>
    session.token() ? { kind: "checking" } : { kind: "login", notice: null },
  );

  useEffect(() => {
    setUnauthorizedHandler((message) => {
      session.clear();
      setPhase({ kind: "login", notice: message });
    });
    if (phase.kind !== "checking") return;
    api
      .get<Me>("/api/v1/me")
      .then((me) => setPhase({ kind: "in", me }))
      .catch((e: unknown) => {
        session.clear();
        const notice =
          e instanceof ApiError && e.status === 403
            ? NOT_AN_OPERATOR
            : e instanceof ApiError && e.status === 401
              ? null // the handler has set the notice
              : `Could not check the session: ${e instanceof Error ? e.message : String(e)}`;
        setPhase((p) => (p.kind === "login" ? p : { kind: "login", notice }));
      });
  }, []);

  if (phase.kind === "checking") return <p class="muted center">Checking the session…</p>;
  if (phase.kind === "login") return <Login notice={phase.notice} onLoggedIn={(me) => setPhase({ kind: "in", me })} />;
  return (
    <Shell
      me={phase.me}
      onLogOut={() => {
        session.clear();
        setPhase({ kind: "login", notice: "You logged out." });
      }}
    />
  );
}

function Shell({ me, onLogOut }: { me: Me; onLogOut: () => void }) {
  const dashboard = useMemo<Dashboard>(() => {
    const feed = new LiveFeed(() => session.token());
    return { me, feed, log: new LiveLog(feed) };
  }, [me.id]);
  useEffect(() => {
    dashboard.feed.start();
    return () => dashboard.feed.stop();
  }, [dashboard]);
  const route = useRoute();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [route.section, route.parts.join("/")]);

  return (
    <DashboardContext.Provider value={dashboard}>
      <div class={`shell${menuOpen ? " menu-open" : ""}`}>
        <aside class="sidebar">
          <div class="brand">
            <span class="logo" aria-hidden="true">
              ♠
            </span>{" "}
            Tavolo <span class="muted">operator</span>
            <button
              type="button"
              class="ghost menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              Menu
            </button>
          </div>
          <nav id="main-nav" aria-label="Sections">
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <a href={href(s.id)} aria-current={route.section === s.id ? "page" : undefined}>
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div class="who">
            <LiveIndicator />
            <div data-testid="who">
              {me.name} <span class="badge muted">{me.role}</span>
            </div>
            <button type="button" onClick={onLogOut}>
              Log out
            </button>
          </div>
        </aside>
        <main class="content">
          <Page route={route} />
        </main>
      </div>
    </DashboardContext.Provider>
  );
}

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: "Live feed: connecting…",
  open: "Live feed: connected",
  reconnecting: "Live feed: reconnecting (pages refresh by polling meanwhile)",
  stopped: "Live feed: off",
};

function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <div class={`live-status ${status}`} data-testid="live-status" role="status">
      <span class="dot" aria-hidden="true" />
      {STATUS_TEXT[status]}
    </div>
  );
}

function Page({ route }: { route: Route }) {
  switch (route.section) {
    case "tournaments":
      return <TournamentsPage route={route} />;
    case "tables":
      return <TablesPage route={route} />;
    case "players":
      return <PlayersPage route={route} />;
    case "audit":
      return <AuditPage route={route} />;
    case "live":
      return <LiveView />;
    case "hands":
      return <HandsPage route={route} />;
    default:
      return <ErrorMessage error={`There is no page "${route.section}": pick a section in the menu.`} />;
  }
}

// Pages by the URL's fragment (#/tournaments/3): the server serves one page at /operator, and a reload
// or a shared link opens the same view.
import { useEffect, useState } from "preact/hooks";

export interface Route {
  section: string; // "tournaments", "tables", "players", "audit", "live", "hands"
  parts: string[]; // what follows, e.g. ["3"]
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, "");
  const [path = "", search = ""] = raw.split("?", 2);
  const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { section: segments[0] ?? "tournaments", parts: segments.slice(1), query: new URLSearchParams(search) };
}

export function href(...segments: (string | number)[]): string {
  return "#/" + segments.map((s) => encodeURIComponent(String(s))).join("/");
}

export function hrefWithQuery(segments: (string | number)[], query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, String(v));
  const text = params.toString();
  return href(...segments) + (text ? `?${text}` : "");
}

export function navigate(to: string): void {
  if (location.hash !== to) location.hash = to;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(location.hash));
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}

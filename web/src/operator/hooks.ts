// Small hooks the pages share: load data (and reload it), poll, listen to the live feed.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "./api";
import { useDashboard } from "./context";
import type { LiveEvent, LiveStatus } from "./live";

export interface Loaded<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  /** Loads again; the data shown stays until the new answer replaces it. */
  reload: () => void;
  /** Replaces the data shown (after an action answered with the new state). */
  set: (data: T) => void;
}

function asApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  return new ApiError(0, "CLIENT", e instanceof Error ? e.message : String(e));
}

/** Runs `load` now and whenever a dependency changes; a late answer to an old request is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    loader
      .current()
      .then((value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(null);
      })
      .catch((e: unknown) => {
        if (mine === generation.current) setError(asApiError(e));
      })
      .finally(() => {
        if (mine === generation.current) setLoading(false);
      });
  }, []);

  useEffect(() => {
    setData(null);
    reload();
    return () => {
      generation.current++;
    };
    // The caller names what the load depends on, as with useEffect.
  }, deps);

  return { data, error, loading, reload, set: setData };
}

/** Calls `tick` every `ms` milliseconds while mounted (a fallback when the feed says nothing). */
export function useInterval(tick: () => void, ms: number | null): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (ms === null) return;
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms]);
}

/** Calls `handler` for each live event while mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const { feed } = useDashboard();
  const saved = useRef(handler);
  saved.current = handler;
  useEffect(() => feed.onEvent((e) => saved.current(e)), [feed]);
}

export function useLiveStatus(): LiveStatus {
  const { feed } = useDashboard();
  const [status, setStatus] = useState(feed.status);
  useEffect(() => {
    setStatus(feed.status);
    return feed.onStatus(setStatus);
  }, [feed]);
  return status;
}

/**
 * Calls `fn` once, `ms` after the last of a burst of calls to the returned function (many feed events
 * for one tournament become one reload).
 */
export function useDebounced(fn: () => void, ms: number): () => void {
  const saved = useRef(fn);
  saved.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      saved.current();
    }, ms);
  }, [ms]);
}

/** A fresh idempotency key; see the wallet form for when it is renewed. */
export function newKey(prefix: string): string {
  const random =
    typeof crypto.randomUUID === "function"
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${prefix}-${random}`;
}

// Sending one action at a time: busy while the server has not moved past the decision, and the
// refusal (in words) kept to show until the next action or decision.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

export interface Sender {
  busy: boolean;
  error: string | null;
  /** Runs `action` unless one is in flight; a rejection becomes `error` through `explain`. */
  send: (action: () => Promise<void>, explain: (e: unknown) => string) => void;
  clearError: () => void;
}

/** `decisionKey` changes with each decision: a new one clears the last refusal. */
export function useSender(decisionKey: string): Sender {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => setError(null), [decisionKey]);
  const send = useCallback((action: () => Promise<void>, explain: (e: unknown) => string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    action().then(
      () => {
        inFlight.current = false;
        if (mounted.current) setBusy(false);
      },
      (e: unknown) => {
        inFlight.current = false;
        if (!mounted.current) return;
        setBusy(false);
        setError(explain(e));
      },
    );
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, send, clearError };
}

// Asking again what the server refused for now: a request whose refusal is retryable (UNAVAILABLE,
// RATE_LIMITED: isRetryable) is sent again after a wait that doubles, with jitter, while it is still
// wanted. Any other refusal, or a lost connection, is the caller's.
import { TavoloError } from "./connection_types.js";

export interface RetryPolicy {
  /** The first wait, ms; each refusal doubles it up to maxMs. */
  initialMs: number;
  maxMs: number;
  /** False once the answer is no longer wanted (the connection dropped): the last refusal is thrown. */
  stillWanted: () => boolean;
}

export async function retryingRefusals<T>(ask: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await ask();
    } catch (e) {
      if (!(e instanceof TavoloError) || !e.retryable || !policy.stillWanted()) throw e;
      const base = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(attempt, 16));
      await new Promise((resolve) => setTimeout(resolve, base / 2 + Math.random() * (base / 2)));
    }
  }
}

/**
 * When the outbox tries a failed delivery again: exponential back-off from 30 s, capped at an hour,
 * jittered; by default a job is retried for a day before it is given up.
 */
/** How long a failed delivery is retried by default (then it is given up and shown as failed). */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_BACKOFF = { baseMs: 30_000, capMs: 60 * 60_000 };

/** The delay before attempt n + 1 after n failed attempts: exponential, capped, jittered in [d/2, d]. */
export function retryDelayMs(attempts: number, backoff = DEFAULT_BACKOFF, random = Math.random): number {
  const d = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(d / 2 + (random() * d) / 2);
}

/** Attempts whose shortest possible schedule (every jitter at its low end) still spans `spanMs`. */
export function attemptsSpanning(spanMs: number, backoff = DEFAULT_BACKOFF): number {
  let total = 0;
  let n = 1;
  while (total < spanMs) total += retryDelayMs(n++, backoff, () => 0);
  return n;
}

import type { Logger } from 'pino';

/**
 * Purges the shared caches in front of the instances (Varnish, a CDN) by surrogate key: one interface,
 * two adapters, chosen per URL in SHARED_CACHE_PURGE_URLS (docs/operations.md):
 *
 * - `varnish+http://host:port`: Varnish with vmod xkey (Debian's varnish-modules). One HTTP `PURGE /`
 *   with `xkey-purge: <key> <key>…`; deploy/varnish/default.vcl answers it only from the origin's
 *   addresses (its ACL) and purges every object carrying any of the keys.
 * - any other http(s) URL: a purge API shaped like the big CDNs' (Cloudflare's purge by tag, Fastly's
 *   by surrogate key, behind a small proxy when needed): `POST {"tags": [...]}` with
 *   `Authorization: Bearer SHARED_CACHE_PURGE_TOKEN`.
 *
 * Keys wait in a queue per cache (coalesced: a burst of saves is one purge) and are sent again, with
 * a growing delay, until the cache answers 2xx: a cache that is briefly down is purged when it is back.
 * The queue lives in memory; what a crash loses is made good at start, when each instance purges every
 * key once (app.ts). With no URL configured nothing is created and nothing changes.
 */
export interface PurgeAdapter {
  /** Where it purges (logs; never the token). */
  readonly target: string;
  purge(keys: readonly string[]): Promise<void>;
}

const TIMEOUT_MS = 5000;

async function checked(res: Response, target: string): Promise<void> {
  await res.body?.cancel();
  if (res.status < 200 || res.status >= 300) throw new Error(`${target} answered ${res.status} to a purge`);
}

/** Varnish with vmod xkey: `PURGE` with the keys in `xkey-purge` (space-separated). */
export function varnishPurge(url: string): PurgeAdapter {
  const target = url.replace(/^varnish\+/, '');
  return {
    target,
    purge: async (keys) =>
      checked(
        await fetch(target, {
          method: 'PURGE',
          headers: { 'xkey-purge': keys.join(' ') },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
        target,
      ),
  };
}

/** A CDN-style purge API: `POST {"tags": [...]}` with a bearer token. */
export function httpApiPurge(url: string, token: string | undefined): PurgeAdapter {
  return {
    target: url,
    purge: async (keys) =>
      checked(
        await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ tags: keys }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
        url,
      ),
  };
}

export const adapterFor = (url: string, token: string | undefined): PurgeAdapter =>
  url.startsWith('varnish+') ? varnishPurge(url) : httpApiPurge(url, token);

export interface SharedCachePurger {
  /** Queues `keys` for every configured cache (sent at once, retried until each one takes them). */
  purge(keys: readonly string[]): void;
  /** Resolved once nothing is queued or being sent (tests, shutdown). */
  settled(): Promise<void>;
  /** Keys still waiting, per cache target. */
  pending(): Record<string, string[]>;
  stop(): void;
}

/** One queue per adapter: coalesces keys, sends one purge at a time, retries with backoff. */
export function createSharedCachePurger(
  adapters: readonly PurgeAdapter[],
  {
    log,
    retry = { baseMs: 500, capMs: 30_000 },
  }: { log?: Logger | undefined; retry?: { baseMs: number; capMs: number } } = {},
): SharedCachePurger {
  let stopped = false;
  const queues = adapters.map((adapter) => {
    const keys = new Set<string>();
    let sending: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    let failures = 0;
    const idle: (() => void)[] = [];
    const wake = () => {
      if (sending || timer || stopped) return;
      if (!keys.size) {
        for (const f of idle.splice(0)) f();
        return;
      }
      const batch = [...keys];
      keys.clear();
      const started = performance.now();
      sending = adapter.purge(batch).then(
        () => {
          failures = 0;
          log?.debug(
            { target: adapter.target, keys: batch, ms: performance.now() - started },
            'shared cache purged',
          );
        },
        (err: unknown) => {
          for (const k of batch) keys.add(k);
          failures++;
          const delay = Math.min(retry.capMs, retry.baseMs * 2 ** (failures - 1));
          log?.warn(
            { target: adapter.target, keys: batch, err: String(err), retryInMs: delay },
            'shared cache purge failed; will retry',
          );
          timer = setTimeout(() => {
            timer = undefined;
            wake();
          }, delay);
          timer.unref();
        },
      );
      void sending.finally(() => {
        sending = undefined;
        wake();
      });
    };
    return {
      adapter,
      add(more: readonly string[]) {
        for (const k of more) keys.add(k);
        wake();
      },
      settled: () =>
        new Promise<void>((resolve) => {
          if (!sending && !timer && !keys.size) resolve();
          else idle.push(resolve);
        }),
      pending: () => [...keys],
      stop: () => clearTimeout(timer),
    };
  });
  return {
    purge: (keys) => {
      if (!keys.length || stopped) return;
      for (const q of queues) q.add(keys);
    },
    settled: async () => {
      await Promise.all(queues.map((q) => q.settled()));
    },
    pending: () => Object.fromEntries(queues.map((q) => [q.adapter.target, q.pending()])),
    stop: () => {
      stopped = true;
      for (const q of queues) q.stop();
    },
  };
}

/** The purger SHARED_CACHE_PURGE_URLS configures; undefined when none is set (nothing changes then). */
export function sharedCachePurgerFromEnv(
  env: { SHARED_CACHE_PURGE_URLS: readonly string[]; SHARED_CACHE_PURGE_TOKEN?: string | undefined },
  log?: Logger,
): SharedCachePurger | undefined {
  if (!env.SHARED_CACHE_PURGE_URLS.length) return undefined;
  return createSharedCachePurger(
    env.SHARED_CACHE_PURGE_URLS.map((u) => adapterFor(u, env.SHARED_CACHE_PURGE_TOKEN)),
    { log },
  );
}

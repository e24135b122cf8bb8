import type { Logger } from 'pino';
import type { Subscriber } from 'pg-listen';

/**
 * The state of the connection that LISTENs for other instances' notifications:
 * - `connecting`: nothing listened yet (start-up, or no channel asked for);
 * - `listening`: connected, every channel LISTENed;
 * - `reconnecting`: the connection dropped (database restart, failover, a proxy's idle timeout, a
 *   terminated backend); notifications sent meanwhile are lost, so what was cached is suspect.
 */
export type ListenState = 'connecting' | 'listening' | 'reconnecting';

export interface ListenStatus {
  state: ListenState;
  /** Times the link was lost and then restored since the process started. */
  reconnects: number;
}

/**
 * Backoff between reconnection attempts: 0.25 s, 0.5 s, then every second. Capped low so that the link
 * (and with it caching, which is paused without it) is back within a second of the database answering
 * again; one connection attempt a second costs a server nothing.
 */
export const reconnectDelay = (attempt: number) => Math.min(1000, 250 * 2 ** Math.max(0, attempt));

/**
 * One dedicated connection LISTENing on every channel asked for, which heals: pg-listen notices a
 * dropped connection (an error, the socket ending, or a failed check query every `checkEveryMs`, which
 * also catches half-open sockets), reconnects with backoff and LISTENs again. When its own re-initialising
 * fails (it gives up and reports an error), or the first connection fails, a new subscriber is started
 * after the backoff, so the link never stays down for good. `onState` hears every change of state.
 */
export function notificationListener(
  connectionString: string,
  options: { log?: Logger | undefined; checkEveryMs?: number } = {},
) {
  const { log } = options;
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const stateListeners: ((state: ListenState) => void)[] = [];
  let status: ListenStatus = { state: 'connecting', reconnects: 0 };
  let subscriber: Subscriber | undefined;
  let starting: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  let lostAt = 0;

  const setState = (state: ListenState) => {
    if (state === status.state) return;
    const wasLost = status.state === 'reconnecting';
    status = { state, reconnects: status.reconnects + (wasLost && state === 'listening' ? 1 : 0) };
    if (state === 'reconnecting') {
      lostAt = Date.now();
      log?.warn(
        { listen: state },
        'LISTEN connection to PostgreSQL lost: reconnecting; changes made on other instances are not heard meanwhile',
      );
    } else if (state === 'listening' && wasLost) {
      log?.info(
        { listen: state, downMs: Date.now() - lostAt, reconnects: status.reconnects },
        'LISTEN connection to PostgreSQL restored',
      );
    }
    for (const fn of stateListeners) fn(state);
  };

  const scheduleRestart = () => {
    if (closed || restartTimer) return;
    setState('reconnecting');
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      void start().catch(() => {});
    }, reconnectDelay(failures++));
    restartTimer.unref();
  };

  async function start(): Promise<void> {
    if (closed) return;
    const { default: imported } = await import('pg-listen');
    // The package is CommonJS with an `exports.default`: unwrap it whichever way it was loaded.
    const createSubscriber = ((imported as unknown as { default?: typeof imported }).default ??
      imported) as typeof imported;
    const sub = createSubscriber(
      { connectionString },
      {
        parse: (payload: string) => payload,
        paranoidChecking: options.checkEveryMs ?? 10_000,
        retryInterval: reconnectDelay,
        // Never give up (0 = no time limit).
        retryTimeout: 0,
      },
    );
    subscriber = sub;
    let initialised = false;
    sub.events.on('notification', ({ channel, payload }) => {
      if (subscriber !== sub) return;
      for (const h of handlers.get(channel) ?? []) h(typeof payload === 'string' ? payload : '');
    });
    sub.events.on('reconnect', () => setState('reconnecting'));
    sub.events.on('connected', () => {
      // A subscriber given up on (its first connection failed) that pg-listen reconnected anyway.
      if (subscriber !== sub) {
        void sub.close().catch(() => {});
        return;
      }
      // The first 'connected' comes before the LISTENs below (which then say 'listening'); after a
      // reconnect, pg-listen has LISTENed again already.
      if (!initialised) return;
      failures = 0;
      if (status.state === 'reconnecting') setState('listening');
    });
    sub.events.on('error', () => {
      // Re-initialising after a loss failed: start over with a fresh subscriber.
      if (subscriber !== sub || closed) return;
      subscriber = undefined;
      void sub.close().catch(() => {});
      scheduleRestart();
    });
    try {
      await sub.connect();
      for (const channel of handlers.keys()) await sub.listenTo(channel);
      initialised = true;
      failures = 0;
      setState('listening');
    } catch (err) {
      log?.debug({ err }, 'LISTEN connection failed');
      if (subscriber === sub) subscriber = undefined;
      void sub.close().catch(() => {});
      scheduleRestart();
      throw err;
    }
  }

  return {
    status: () => status,
    onState: (fn: (state: ListenState) => void) => void stateListeners.push(fn),
    /**
     * Calls `onNotify` for each notification on `channel`. Resolves once the channel is LISTENed;
     * rejects when the first attempt fails, while the link keeps trying in the background.
     */
    listen: async (channel: string, onNotify: (payload: string) => void) => {
      const known = handlers.get(channel);
      handlers.set(channel, [...(known ?? []), onNotify]);
      if (known) return;
      if (subscriber && !starting) {
        await subscriber.listenTo(channel);
        return;
      }
      if (restartTimer) throw new Error('LISTEN connection is reconnecting');
      // The first channel starts the link (and LISTENs every channel known by then).
      starting ??= start().finally(() => (starting = undefined));
      await starting;
      // Asked for while the connection was being made: LISTEN now (a no-op if that already did).
      await subscriber?.listenTo(channel);
    },
    close: async () => {
      closed = true;
      clearTimeout(restartTimer);
      await starting?.catch(() => {});
      await subscriber?.close().catch(() => {});
    },
  };
}

export type NotificationListener = ReturnType<typeof notificationListener>;

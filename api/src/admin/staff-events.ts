import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { StaffEvent } from '@agency/contracts';
import type { Database } from '../db/client';

/** The PostgreSQL channel staff writes travel on between instances. */
export const STAFF_EVENTS_CHANNEL = 'staff_events';
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * A stream ends after this long and the CMS opens a new one at once: the new request checks the
 * session again, so an account disabled or signed out stops hearing within this time.
 */
export const STREAM_MAX_MS = 5 * 60_000;

/**
 * Staff writes, pushed to every open CMS tab on every instance (issue 41: current lists). A write is
 * published here once its answer is a success (audit.ts, beside its audit row): this instance's
 * streams hear it at once, the others through NOTIFY on STAFF_EVENTS_CHANNEL (PGlite has no other
 * instance). A LISTEN link that was lost and is back tells the streams to refresh everything
 * (`{type: '*'}`): what was written meanwhile was not heard.
 */
export function staffEvents(database: Database, log?: Logger) {
  const origin = randomUUID();
  const listeners = new Set<(event: StaffEvent) => void>();
  const emit = (event: StaffEvent) => {
    for (const fn of listeners) fn(event);
  };
  void database
    .listen(STAFF_EVENTS_CHANNEL, (payload) => {
      try {
        const { o, ...event } = JSON.parse(payload) as StaffEvent & { o?: string };
        if (o !== origin) emit(event);
      } catch {
        /* not ours */
      }
    })
    .catch((err: unknown) => log?.debug({ err }, 'staff events: not listening yet'));
  let lost = false;
  database.onListenState?.((state) => {
    if (state === 'reconnecting') lost = true;
    else if (state === 'listening' && lost) {
      lost = false;
      emit({ type: '*', id: null, action: 'reload' });
    }
  });
  return {
    publish(events: StaffEvent[]) {
      for (const event of events) {
        emit(event);
        const payload = JSON.stringify({ ...event, o: origin });
        void database.notify(STAFF_EVENTS_CHANNEL, payload).catch(() => {});
      }
    },
    subscribe(fn: (event: StaffEvent) => void) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    /** Open streams on this instance. */
    size: () => listeners.size,
  };
}

export type StaffEvents = ReturnType<typeof staffEvents>;

/**
 * GET /events: `text/event-stream` of `data: {"type","id","action"}` lines, one per staff write,
 * with a `: heartbeat` comment every HEARTBEAT_MS. Not compressed (compression would hold the lines
 * back) nor buffered by a proxy (X-Accel-Buffering).
 */
export function staffEventsRouter(events: StaffEvents, opts: { heartbeatMs?: number; maxMs?: number } = {}) {
  const router = Router();
  router.get('/events', (req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-transform: the compression middleware leaves the stream alone.
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('Connection', 'keep-alive');
    res.flushHeaders();
    // Should a compressing layer take the stream anyway, each line still leaves at once.
    const send = (text: string) => {
      res.write(text);
      (res as unknown as { flush?: () => void }).flush?.();
    };
    // The browser waits this long before it reconnects (EventSource clients).
    send('retry: 2000\n: connected\n\n');
    const unsubscribe = events.subscribe((event) => {
      send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS);
    const end = setTimeout(() => res.end(), opts.maxMs ?? STREAM_MAX_MS);
    heartbeat.unref();
    end.unref();
    const stop = () => {
      clearInterval(heartbeat);
      clearTimeout(end);
      unsubscribe();
    };
    req.on('close', stop);
    res.on('close', stop);
  });
  return router;
}

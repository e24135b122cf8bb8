import type { ServerResponse } from 'node:http';
import etag from 'etag';
import { Router } from 'express';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@agency/contracts';
import { MigrationsPending, type Database } from '../db/client';
import type { DiskSpaceGuard } from './disk-space';

/** A readiness check that hangs (a database host that drops packets) answers "not ready" instead. */
const READY_TIMEOUT_MS = 2000;

/**
 * /healthz: the process is alive (restart it if not). /readyz: it can serve, i.e. the database
 * answers, takes writes and has this code's migrations (send it traffic only then). Neither is cached.
 */
/** What /healthz answers, as bytes and as the headers Express's res.json gives them. */
const HEALTH_ANSWER = { status: 'ok' };
const HEALTHY = Buffer.from(JSON.stringify(HEALTH_ANSWER));
const HEALTHY_HEADERS = [
  'Cache-Control',
  'no-store',
  'Content-Type',
  'application/json; charset=utf-8',
  'Content-Length',
  String(HEALTHY.length),
  'ETag',
  etag(HEALTHY, { weak: true }),
] as const;

/**
 * /healthz from a bare Node answer (the front door's, front-door.ts): `head` (request id, security
 * headers) and then what the route below sends. Not for conditional requests (the route answers 304s).
 */
export function answerHealthz(res: ServerResponse, head: string[]) {
  for (const item of HEALTHY_HEADERS) head.push(item);
  res.writeHead(200, head);
  res.end(HEALTHY);
}

/** The database answers but refuses every write: a hot standby, or a primary demoted in a failover. */
class DatabaseReadOnly extends Error {}

async function assertWritable(db: Database['db']) {
  const { rows } = (await db.execute(sql`show transaction_read_only`)) as unknown as {
    rows: { transaction_read_only?: string }[];
  };
  if (rows[0]?.transaction_read_only === 'on') throw new DatabaseReadOnly('the database is read-only');
}

const NOT_READY_MESSAGE = (err: unknown) =>
  err instanceof MigrationsPending
    ? 'Database migrations are pending'
    : err instanceof DatabaseReadOnly
      ? 'Database is read-only'
      : err instanceof DiskSpaceLow
        ? 'Disk space low'
        : 'Database unavailable';

/** The embedded database's disk is below DISK_FREE_FLOOR_MB (ops/disk-space.ts): writes are refused. */
class DiskSpaceLow extends Error {}

export function healthRouter(
  database: Pick<Database, 'db' | 'ready' | 'listenStatus'>,
  diskSpace?: Pick<DiskSpaceGuard, 'low'>,
) {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(HEALTH_ANSWER);
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      if (diskSpace?.low()) throw new DiskSpaceLow('the disk is below its floor');
      await Promise.race([
        database.ready().then(() => assertWritable(database.db)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      // Ready even while the LISTEN link reconnects (the cache is paused meanwhile, so every answer
      // is current); the detail says so, for whoever wonders why hits dropped.
      const listen = database.listenStatus?.();
      res.json({
        status: 'ready',
        ...(listen ? { notifications: { state: listen.state, reconnects: listen.reconnects } } : {}),
      });
    } catch (err) {
      res.setHeader('Retry-After', '5');
      res.status(503).json({
        message: NOT_READY_MESSAGE(err),
        code: ErrorCode.SERVICE_UNAVAILABLE,
      });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}

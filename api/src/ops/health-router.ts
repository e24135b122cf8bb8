import { Router } from 'express';
import { ErrorCode } from '@agency/contracts';
import { MigrationsPending, type Database } from '../db/client';

/** A readiness check that hangs (a database host that drops packets) answers "not ready" instead. */
const READY_TIMEOUT_MS = 2000;

/**
 * /healthz: the process is alive (restart it if not). /readyz: it can serve, i.e. the database
 * answers and has this code's migrations (send it traffic only then). Neither is cached.
 */
export function healthRouter(database: Pick<Database, 'ready'>) {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.ready(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      res.json({ status: 'ready' });
    } catch (err) {
      res.setHeader('Retry-After', '5');
      res.status(503).json({
        message:
          err instanceof MigrationsPending ? 'Database migrations are pending' : 'Database unavailable',
        code: ErrorCode.SERVICE_UNAVAILABLE,
      });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}

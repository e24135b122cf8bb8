import { Router } from 'express';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from 'pino';

/** Staff API under /api/admin. */
export function adminRouter(_deps: { db: Db; env: Env; log: Logger }) {
  return Router();
}

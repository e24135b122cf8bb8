import { Router } from 'express';
import type { Db } from '../db/client';

/** Public marketing data: content blocks, services, testimonials. */
export function marketingRouter(_db: Db) {
  return Router();
}

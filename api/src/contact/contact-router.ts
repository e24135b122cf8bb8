import { Router } from 'express';
import type { Db } from '../db/client';
import { jsonFormRoute } from '../http/form-action';
import { contactAction } from './contact-action';

export { CONTACT_RATE_LIMIT } from './contact-action';

/** POST /api/contacts: the contact form's JSON adapter (contact-action.ts holds its rules). */
export function contactRouter(db: Db, opts: { rateLimitScale?: number; publicUrl?: string } = {}) {
  const router = Router();
  router.post(
    '/',
    jsonFormRoute(contactAction, { db, rateLimitScale: opts.rateLimitScale ?? 1, publicUrl: opts.publicUrl }),
  );
  return router;
}

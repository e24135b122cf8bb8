import { Router } from 'express';
import type { AppContext } from '../app-context';
import { jsonFormRoute } from '../http/form-action';
import { contactAction } from './contact-action';

export { CONTACT_RATE_LIMIT } from './contact-action';

/** POST /api/contacts: the contact form's JSON adapter (contact-action.ts holds its rules). */
export function contactRouter(
  app: Pick<AppContext, 'db' | 'clock' | 'rateLimits' | 'contacts'>,
  opts: { rateLimitScale?: number; publicUrl?: string } = {},
) {
  const router = Router();
  router.post(
    '/',
    jsonFormRoute(contactAction(app.contacts), {
      ...app,
      rateLimitScale: opts.rateLimitScale ?? 1,
      publicUrl: opts.publicUrl,
    }),
  );
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../app-context';
import { jsonFormRoute } from '../http/form-action';
import { newsletterAction } from './newsletter-action';
import type { SubscriptionTokens } from './subscription-tokens';

export { NEWSLETTER_RATE_LIMIT } from './newsletter-action';

/** POST /api/newsletter: the sign-up's JSON adapter (newsletter-action.ts holds its rules). */
export function newsletterRouter(
  app: Pick<AppContext, 'db' | 'clock' | 'rateLimits'>,
  opts: { tokens: SubscriptionTokens; rateLimitScale?: number; publicUrl?: string },
) {
  const router = Router();
  router.post(
    '/',
    jsonFormRoute(newsletterAction(opts.tokens), {
      ...app,
      rateLimitScale: opts.rateLimitScale ?? 1,
      publicUrl: opts.publicUrl,
    }),
  );
  return router;
}

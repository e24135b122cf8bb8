import { ALREADY_SUBSCRIBED_MESSAGE, ErrorCode, newsletterSchema, type FormOutcome } from '@agency/contracts';
import { conflict } from '../http/errors';
import type { FormAction, FormContext } from '../http/form-action';
import { signUp, type SignUp } from './newsletter-subscriptions';
import type { SubscriptionTokens } from './subscription-tokens';

/** Per client address: far above what a person sends, low enough to stop a flood. */
export const NEWSLETTER_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

const success: FormOutcome = { form: 'newsletter', status: 'success' };

/**
 * The newsletter sign-up (POST /api/newsletter and /forms/newsletter): its rules, once. A new or
 * pending address is a success (its confirmation e-mail is queued, or resent at most hourly); only a
 * confirmed one is "already subscribed".
 */
export const newsletterAction = (
  tokens: SubscriptionTokens,
): FormAction<typeof newsletterSchema, FormContext, SignUp> => ({
  form: 'newsletter',
  schema: newsletterSchema,
  limit: { name: 'newsletter', ...NEWSLETTER_RATE_LIMIT },
  // Before the store's transaction (the HTML post's): the signing key may need a read of its own.
  context: async () => {
    await tokens.ready();
    return {};
  },
  store: (db, { email }, _ctx, source) => signUp(db, tokens, email, source),
  json: (signed) => {
    if (signed.state === 'confirmed') {
      throw conflict('This email is already subscribed', ErrorCode.ALREADY_SUBSCRIBED);
    }
    return { email: signed.email, createdAt: signed.createdAt, confirmation: 'pending' };
  },
  outcome: (signed, _ctx, values) =>
    signed.state === 'pending'
      ? success
      : { form: 'newsletter', status: 'refused', values, errors: { email: ALREADY_SUBSCRIBED_MESSAGE } },
  decoy: {
    json: ({ email }) => ({ email, createdAt: new Date().toISOString(), confirmation: 'pending' }),
    outcome: () => success,
  },
  identity: ({ email }) => [email],
});

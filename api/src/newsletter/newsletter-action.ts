import {
  ALREADY_SUBSCRIBED_MESSAGE,
  ErrorCode,
  newsletterSchema,
  type FormOutcome,
  type LeadSource,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema';
import { conflict } from '../http/errors';
import type { FormAction } from '../http/form-action';
import { enqueueLeadNotifications } from '../notifications/outbox';

/** Per client address: far above what a person sends, low enough to stop a flood. */
export const NEWSLETTER_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

/**
 * Adds an address to the list, with the notifications a new sign-up causes (same transaction);
 * undefined when it is already on it (nothing is told). The unique index on lower(email) decides
 * duplicates atomically, also across API instances.
 */
export async function subscribe(db: Db, email: string, source?: LeadSource) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email, source })
      .onConflictDoNothing()
      .returning({
        id: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
        createdAt: newsletterSubscriptions.createdAt,
      });
    if (row) await enqueueLeadNotifications(tx, { type: 'newsletter', source, ...row });
    return row;
  });
}

type Subscribed = Awaited<ReturnType<typeof subscribe>>;
const success: FormOutcome = { form: 'newsletter', status: 'success' };

/** The newsletter sign-up (POST /api/newsletter and /forms/newsletter): its rules, once. */
export const newsletterAction: FormAction<typeof newsletterSchema, object, Subscribed> = {
  form: 'newsletter',
  schema: newsletterSchema,
  limit: { name: 'newsletter', ...NEWSLETTER_RATE_LIMIT },
  context: () => Promise.resolve({}),
  store: (db, { email }, _ctx, source) => subscribe(db, email, source),
  json: (row) => {
    if (!row) throw conflict('This email is already subscribed', ErrorCode.ALREADY_SUBSCRIBED);
    return { email: row.email, createdAt: row.createdAt };
  },
  outcome: (row, _ctx, values) =>
    row
      ? success
      : { form: 'newsletter', status: 'refused', values, errors: { email: ALREADY_SUBSCRIBED_MESSAGE } },
  decoy: { json: ({ email }) => ({ email, createdAt: new Date().toISOString() }), outcome: () => success },
  identity: ({ email }) => [email],
};

import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { NEWSLETTER_CONSENT_WORDING, type LeadSource } from '@agency/contracts';
import type { Db } from '../db/client';
import { newsletterSubscriptions, outboxJobs, type SubscriptionConsent } from '../db/schema';
import { enqueueLeadNotifications, type EmailPayload } from '../notifications/outbox';
import type { DbOrTx } from '../notifications/notification-settings';
import type { SubscriptionTokens } from './subscription-tokens';

/** A repeated sign-up of a pending address resends its confirmation at most this often. */
export const CONFIRM_RESEND_INTERVAL = '1 hour';
/** Sign-ups never confirmed are deleted this long after their last confirmation e-mail. */
export const UNCONFIRMED_RETENTION = '30 days';

const t = newsletterSubscriptions;
const sameAddress = (email: string) => sql`lower(${t.email}) = lower(${email})`;

type Row = typeof newsletterSubscriptions.$inferSelect;

/** Queues the confirmation e-mail of a pending subscription (in the caller's transaction). */
async function queueConfirmation(tx: DbOrTx, tokens: SubscriptionTokens, row: Row) {
  const payload: EmailPayload = {
    template: 'newsletter-confirm',
    to: [row.email],
    lead: {
      type: 'newsletter',
      id: row.id,
      email: row.email,
      createdAt: new Date(row.createdAt).toISOString(),
    },
    confirmToken: await tokens.confirm(row.id, row.confirmNonce!),
    unsubscribeToken: await tokens.unsubscribe(row.id),
  };
  await tx.insert(outboxJobs).values({
    kind: 'email',
    payload: payload as unknown as Record<string, unknown>,
    leadType: 'newsletter',
    leadId: row.id,
  });
}

/**
 * `pending`: the address must confirm from its inbox (a new sign-up, an unsubscribed address signing up
 * again, or a repeat while pending); `confirmed`: already a subscriber, nothing is sent.
 */
export interface SignUp {
  state: 'pending' | 'confirmed';
  email: string;
  createdAt: string;
}

/**
 * A sign-up (both adapters of the newsletter form): stores a pending subscription with its consent and
 * queues the confirmation e-mail, in one transaction. Staff are told on confirmation, not here. The
 * unique index on lower(email) decides duplicates atomically, also across API instances; the
 * resend limit is checked and set in one UPDATE, by the database's clock. `db` may be the caller's
 * transaction (the HTML post's), so the signing key is loaded before (`tokens.ready()`).
 */
export async function signUp(
  db: Db,
  tokens: SubscriptionTokens,
  email: string,
  source?: LeadSource,
): Promise<SignUp> {
  const consent: SubscriptionConsent = {
    at: new Date().toISOString(),
    form: 'newsletter',
    ...(source?.page ? { page: source.page } : {}),
    wording: NEWSLETTER_CONSENT_WORDING,
  };
  await tokens.ready();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(t)
      .values({ email, source, consent, confirmNonce: tokens.newNonce(), confirmSentAt: sql`now()` })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await queueConfirmation(tx, tokens, created);
      return { state: 'pending', email: created.email, createdAt: created.createdAt };
    }
    const [known] = await tx.select().from(t).where(sameAddress(email)).for('update');
    if (!known) throw new Error('newsletter subscription vanished during sign-up');
    if (known.status === 'confirmed')
      return { state: 'confirmed', email: known.email, createdAt: known.createdAt };
    const [again] =
      known.status === 'unsubscribed'
        ? // A new subscription: a new consent and a new link (an old confirmation link stays dead).
          await tx
            .update(t)
            .set({
              status: 'pending',
              source,
              consent,
              confirmNonce: tokens.newNonce(),
              confirmSentAt: sql`now()`,
              confirmedAt: null,
            })
            .where(eq(t.id, known.id))
            .returning()
        : await tx
            .update(t)
            .set({ confirmSentAt: sql`now()` })
            .where(
              and(
                eq(t.id, known.id),
                or(
                  isNull(t.confirmSentAt),
                  lt(t.confirmSentAt, sql`now() - ${CONFIRM_RESEND_INTERVAL}::interval`),
                ),
              ),
            )
            .returning();
    if (again) await queueConfirmation(tx, tokens, again);
    return { state: 'pending', email: known.email, createdAt: known.createdAt };
  });
}

/** What a confirmation or unsubscribe link finds: the page it shows says so. */
export type LinkState = 'ready' | 'invalid' | 'expired' | 'used' | 'confirmed' | 'unsubscribed';

/** GET of a confirmation link: whether its button would confirm (reads only). */
export async function confirmationState(
  db: Db,
  tokens: SubscriptionTokens,
  token: unknown,
): Promise<LinkState> {
  const check = await tokens.checkConfirm(token);
  if (!check.ok) return check.reason;
  const [row] = await db
    .select({ status: t.status, nonce: t.confirmNonce })
    .from(t)
    .where(eq(t.id, check.id));
  if (!row) return 'invalid';
  return row.status === 'pending' && row.nonce === check.nonce ? 'ready' : 'used';
}

/**
 * POST of a confirmation link: confirms once (the nonce is cleared in the same UPDATE that confirms),
 * and queues what a new subscriber causes (the staff e-mail if Settings ask, the newsletter webhook).
 */
export async function confirmSubscription(
  db: Db,
  tokens: SubscriptionTokens,
  token: unknown,
): Promise<LinkState> {
  const check = await tokens.checkConfirm(token);
  if (!check.ok) return check.reason;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ status: 'confirmed', confirmedAt: sql`now()`, unsubscribedAt: null, confirmNonce: null })
      .where(and(eq(t.id, check.id), eq(t.status, 'pending'), eq(t.confirmNonce, check.nonce)))
      .returning();
    if (!row) return 'used';
    await enqueueLeadNotifications(tx, {
      type: 'newsletter',
      id: row.id,
      email: row.email,
      createdAt: row.confirmedAt,
      source: row.source,
    });
    return 'confirmed';
  });
}

/** GET of an unsubscribe link: whether its button would unsubscribe (reads only). */
export async function unsubscribeState(
  db: Db,
  tokens: SubscriptionTokens,
  token: unknown,
): Promise<LinkState> {
  const id = await tokens.checkUnsubscribe(token);
  if (id === undefined) return 'invalid';
  const [row] = await db.select({ status: t.status }).from(t).where(eq(t.id, id));
  if (!row) return 'invalid';
  return row.status === 'unsubscribed' ? 'unsubscribed' : 'ready';
}

/**
 * POST of an unsubscribe link (the page's button or a mail client's RFC 8058 one-click POST): the
 * address is no longer a subscriber, at once; a pending sign-up gets no more confirmations. Answers
 * `unsubscribed` also when it already was (a repeated one-click POST is not an error).
 */
export async function unsubscribe(db: Db, tokens: SubscriptionTokens, token: unknown): Promise<LinkState> {
  const id = await tokens.checkUnsubscribe(token);
  if (id === undefined) return 'invalid';
  const rows = await db
    .update(t)
    .set({
      status: 'unsubscribed',
      // The first unsubscribe's time stays when it is repeated.
      unsubscribedAt: sql`case when ${t.status} = 'unsubscribed' then ${t.unsubscribedAt} else now() end`,
      confirmNonce: null,
    })
    .where(eq(t.id, id))
    .returning({ id: t.id });
  return rows.length ? 'unsubscribed' : 'invalid';
}

/**
 * Deletes sign-ups never confirmed 30 days after the last sign-up that sent them a confirmation (by the
 * database's clock), with their notifications. Answers how many went.
 */
export async function purgeUnconfirmed(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(t)
      .where(
        and(
          eq(t.status, 'pending'),
          lt(
            sql`coalesce(${t.confirmSentAt}, ${t.createdAt})`,
            sql`now() - ${UNCONFIRMED_RETENTION}::interval`,
          ),
        ),
      )
      .returning({ id: t.id });
    if (gone.length) {
      const ids = gone.map((g) => g.id);
      await tx
        .delete(outboxJobs)
        .where(and(eq(outboxJobs.leadType, 'newsletter'), inArray(outboxJobs.leadId, ids)));
    }
    return gone.length;
  });
}

/** Runs purgeUnconfirmed now, then every hour (server.ts; every instance may: a delete is idempotent). */
export function scheduleUnconfirmedPurge(
  db: Db,
  log: Pick<Logger, 'info' | 'error'>,
  everyMs = 60 * 60 * 1000,
) {
  const run = () =>
    void purgeUnconfirmed(db).then(
      (deleted) => {
        if (deleted) log.info({ deleted }, 'unconfirmed newsletter sign-ups deleted after 30 days');
      },
      (err: unknown) => log.error({ err }, 'deleting unconfirmed newsletter sign-ups failed'),
    );
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { outboxJobs } from '../db/schema';
import { loadNotificationSettings } from './notification-settings';
import { composeEmail } from './lead-email';
import { PermanentDeliveryError, postWebhook } from './webhook';
import type { EmailPayload, WebhookPayload } from './outbox';
import { attemptsSpanning, RETRY_FOR_MS, DEFAULT_BACKOFF, retryDelayMs } from './retry-schedule';

export interface OutboxWorkerOptions {
  db: Db;
  log: Logger;
  /** Origin of the CMS links in the e-mails. */
  publicUrl: string;
  /** smtp(s)://user:pass@host:port; unset: e-mail jobs wait in the queue (never attempted, never failed). */
  smtpUrl?: string | undefined;
  /** The From of every message (default: no-reply at PUBLIC_URL's host). */
  mailFrom?: string | undefined;
  /** Lets webhooks reach loopback, link-local and private addresses (WEBHOOK_ALLOW_PRIVATE=1). */
  allowPrivateWebhooks?: boolean | undefined;
  /** How long a mail server may take to connect and greet (default 10 s; a socket idle twice that). */
  smtpTimeoutMs?: number;
  /** How often the worker looks for due jobs (default 2 s). */
  pollMs?: number;
  /** How long a claim holds a job; past it another worker takes the job again (default 60 s). */
  leaseMs?: number;
  /** First retry delay; doubled per attempt up to capMs, with jitter (defaults 30 s and 1 h). */
  backoff?: { baseMs: number; capMs: number };
  /** Attempts before `failed` (default: as many as the backoff needs to span at least 24 hours). */
  maxAttempts?: number;
  now?: () => Date;
  instanceId?: string;
  /**
   * This process is the only one on the database (PGlite, whose folder one server holds): a job left
   * `sending` is a previous run's, killed mid-send, and goes back to the queue at once, not after its lease.
   */
  soleInstance?: boolean;
}

export interface OutboxWorker {
  /** Sends every job due now, one at a time, and answers how many it handled. */
  runDue: (limit?: number) => Promise<number>;
  /** Looks for due jobs soon instead of at the next poll. */
  kick: () => void;
  /** Stops claiming; lets the job in flight finish for up to graceMs, then hands back what it holds. */
  stop: (graceMs?: number) => Promise<void>;
  mailConfigured: boolean;
  instanceId: string;
}

const errorText = (err: unknown) => {
  const e = err as { message?: string; code?: string; responseCode?: number };
  const text = e?.message ? `${e.code ? `${e.code}: ` : ''}${e.message}` : String(err);
  return text.slice(0, 500);
};

/** A mail server's answer often quotes the recipient (`550 <jane@…>: unknown user`): the log never does. */
export const withoutAddresses = (text: string) =>
  text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]');

export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const pollMs = opts.pollMs ?? 2000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const maxAttempts = opts.maxAttempts ?? attemptsSpanning(RETRY_FOR_MS, backoff);
  const instanceId = opts.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const publicHost = new URL(opts.publicUrl).hostname;
  const mailFrom = opts.mailFrom ?? `"Distilled Digital" <no-reply@${publicHost}>`;
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? publicHost;
  const transport: Transporter | undefined = opts.smtpUrl
    ? // Bounded waits: a mail server that hangs fails this attempt (retried later) within the lease.
      nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: opts.smtpTimeoutMs ?? 10_000,
        greetingTimeout: opts.smtpTimeoutMs ?? 10_000,
        socketTimeout: (opts.smtpTimeoutMs ?? 10_000) * 2,
      })
    : undefined;

  /** Due: queued and its time has come, or claimed by an instance whose lease ran out. No mail server: no e-mail. */
  const dueNow = (at: Date): SQL =>
    and(
      or(
        and(eq(outboxJobs.status, 'queued'), lte(outboxJobs.nextAttemptAt, at)),
        and(eq(outboxJobs.status, 'sending'), lt(outboxJobs.lockedUntil, at)),
      ),
      transport ? undefined : ne(outboxJobs.kind, 'email'),
    )!;

  async function claim() {
    const at = now();
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: outboxJobs.id })
        .from(outboxJobs)
        .where(dueNow(at))
        .orderBy(asc(outboxJobs.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [job] = await tx
        .update(outboxJobs)
        .set({
          status: 'sending',
          lockedUntil: new Date(at.getTime() + leaseMs),
          claimedBy: instanceId,
          attempts: sql`${outboxJobs.attempts} + 1`,
        })
        .where(eq(outboxJobs.id, due.id))
        .returning();
      return job;
    });
  }

  async function deliver(job: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    if (job.kind === 'email') {
      const mail = composeEmail(job.payload as unknown as EmailPayload, opts.publicUrl);
      await transport!.sendMail({
        from: mailFrom,
        to: mail.to,
        ...(mail.replyTo && { replyTo: mail.replyTo }),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${job.id}@${mailDomain}>`,
        headers: { ...mail.headers, 'X-Agency-Notification-Id': job.id },
      });
      return;
    }
    const payload = job.payload as unknown as WebhookPayload;
    const hook = (await loadNotificationSettings(db)).webhooks[payload.formKind];
    if (!hook) throw new PermanentDeliveryError(`no webhook is set for ${payload.formKind} leads any more`);
    const body = JSON.stringify({
      id: job.id,
      event: 'lead.created',
      formKind: payload.formKind,
      createdAt: job.createdAt.toISOString(),
      lead: payload.lead,
    });
    await postWebhook({
      url: hook.url,
      secret: hook.secret,
      jobId: job.id,
      body,
      allowPrivate: opts.allowPrivateWebhooks ?? false,
      now: now(),
    });
  }

  /** Records the outcome, if the claim is still this worker's (a handed-back job is not touched). */
  async function settle(job: { id: string; attempts: number }, err?: unknown) {
    const mine = and(
      eq(outboxJobs.id, job.id),
      eq(outboxJobs.claimedBy, instanceId),
      eq(outboxJobs.status, 'sending'),
    );
    const released = { lockedUntil: null, claimedBy: null };
    if (err === undefined) {
      await db
        .update(outboxJobs)
        .set({
          ...released,
          status: 'sent',
          sentAt: now(),
          lastError: null,
          // A sent password link is not kept at rest (its e-mail is the only copy).
          payload: sql`case when ${outboxJobs.payload}->>'template' = 'staff-password-reset' then ${outboxJobs.payload} - 'url' else ${outboxJobs.payload} end`,
        })
        .where(mine);
      return;
    }
    const final = err instanceof PermanentDeliveryError || job.attempts >= maxAttempts;
    const next = new Date(now().getTime() + retryDelayMs(job.attempts, backoff));
    await db
      .update(outboxJobs)
      .set({
        ...released,
        status: final ? 'failed' : 'queued',
        lastError: errorText(err),
        ...(final ? {} : { nextAttemptAt: next }),
      })
      .where(mine);
    log[final ? 'error' : 'warn'](
      {
        job: job.id,
        attempts: job.attempts,
        err: withoutAddresses(errorText(err)),
        ...(final ? {} : { next }),
      },
      final ? 'notification failed for good' : 'notification failed; will retry',
    );
  }

  let stopping = false;
  let inFlight: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const orphansBack = opts.soleInstance
    ? db
        .update(outboxJobs)
        .set({ status: 'queued', lockedUntil: null, claimedBy: null })
        .where(eq(outboxJobs.status, 'sending'))
        .then(
          () => undefined,
          (err: unknown) => log.warn({ err }, 'outbox: taking back jobs of a previous run failed'),
        )
    : Promise.resolve();

  async function runDueInner(limit: number): Promise<number> {
    await orphansBack;
    let handled = 0;
    while (!stopping && handled < limit) {
      const job = await claim();
      if (!job) break;
      handled++;
      try {
        await deliver(job);
        await settle(job);
      } catch (err) {
        await settle(job, err);
      }
    }
    return handled;
  }

  const runDue = (limit = 100) => {
    // One pass at a time per worker: the loop and a caller share it.
    inFlight ??= runDueInner(limit).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const schedule = (ms: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      runDue().then(
        () => schedule(pollMs),
        (err: unknown) => {
          log.warn({ err }, 'outbox: looking for due notifications failed');
          schedule(pollMs);
        },
      );
    }, ms);
    timer.unref();
  };
  schedule(pollMs);
  if (!transport) log.info('no mail server configured (SMTP_URL): lead e-mails wait in the outbox');

  return {
    runDue,
    kick: () => schedule(0),
    mailConfigured: Boolean(transport),
    instanceId,
    stop: async (graceMs = 5000) => {
      stopping = true;
      clearTimeout(timer);
      if (inFlight) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([
          inFlight.catch(() => 0),
          new Promise((resolve) => (wait = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(wait);
      }
      // What is still claimed here goes back to the queue, due now, its attempt not counted.
      await db
        .update(outboxJobs)
        .set({
          status: 'queued',
          lockedUntil: null,
          claimedBy: null,
          nextAttemptAt: now(),
          attempts: sql`greatest(${outboxJobs.attempts} - 1, 0)`,
        })
        .where(and(eq(outboxJobs.claimedBy, instanceId), eq(outboxJobs.status, 'sending')))
        .catch((err: unknown) => log.warn({ err }, 'outbox: handing back claimed jobs failed'));
      transport?.close();
    },
  };
}

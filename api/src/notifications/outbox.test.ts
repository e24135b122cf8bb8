import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../test-support/test-app';
import { createLogger } from '../logger';
import { contactRequests, newsletterSubscriptions, outboxJobs, resourceLeads, resources } from '../db/schema';
import { DEFAULT_CONFIRMATION_TEXT } from '@agency/contracts';
import { saveNotificationSettings } from './notification-settings';
import { deliveriesOf, enqueueLeadNotifications, resendLead } from './outbox';
import { startOutboxWorker, type OutboxWorkerOptions } from './outbox-worker';
import { attemptsSpanning, retryDelayMs } from './retry-schedule';
import { checkWebhookUrl } from './webhook';
import { startHookReceiver, startSmtpServer, storeContactLead } from './notifications-test-support';

const SECRET = 'whsec_test_secret_for_the_receiver';
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
let clock = Date.now();
const workers: { stop: () => Promise<void> }[] = [];

function worker(overrides: Partial<OutboxWorkerOptions> = {}) {
  const w = startOutboxWorker({
    db: t.db,
    log: createLogger('silent'),
    publicUrl: 'https://www.agency.test',
    smtpUrl: smtp.url,
    mailFrom: '"Distilled Digital" <leads@agency.test>',
    allowPrivateWebhooks: true,
    // The loop stays out of the way: the tests run the due jobs themselves.
    pollMs: 3_600_000,
    backoff: { baseMs: 1000, capMs: 8000 },
    now: () => new Date(clock),
    ...overrides,
  });
  workers.push(w);
  return w;
}

async function settings(webhook = true) {
  await saveNotificationSettings(t.db, {
    recipients: ['sales@agency.test', 'founder@agency.test'],
    notifyNewsletter: false,
    confirmationText: DEFAULT_CONFIRMATION_TEXT,
    webhooks: webhook
      ? { contacts: { url: hooks.url, secret: SECRET, createdAt: new Date().toISOString() } }
      : {},
  });
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  hooks = await startHookReceiver(() => SECRET);
});
// The workers' "now" is ahead of the database's, so what a test just queued is due.
beforeEach(() => {
  clock = Math.max(clock, Date.now()) + 1000;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await t.db.delete(outboxJobs);
  smtp.messages.length = 0;
  hooks.received.length = 0;
  hooks.state.status = 200;
  smtp.state.refuse = 0;
});
afterAll(async () => {
  await smtp.close();
  await hooks.close();
  await t.close();
});

describe('lead notifications through the outbox', () => {
  it('e-mails the staff and the visitor and calls the signed webhook, each once, with its job id', async () => {
    await settings();
    const { lead, jobs } = await storeContactLead(t.db, {
      firstName: '<b>Jane</b>',
      goals: 'Grow <script>alert(1)</script> & "win"',
    });
    expect(jobs).toHaveLength(3);
    expect(await worker().runDue()).toBe(3);

    const staff = smtp.messages.find((m) => m.subject?.startsWith('New contact request'))!;
    expect(staff).toBeDefined();
    expect(staff.to).toMatchObject({ text: 'sales@agency.test, founder@agency.test' });
    expect(staff.text).toContain('Goals: Grow <script>alert(1)</script> & "win"');
    expect(staff.text).toContain(`https://www.agency.test/cms?tab=leads&type=contacts&item=${lead.id}`);
    expect(staff.html).toContain('Grow &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;win&quot;');
    expect(staff.html).toContain('&lt;b&gt;Jane&lt;/b&gt;');
    expect(staff.html).not.toContain('<script>');
    expect(staff.html).not.toMatch(/<img|src=/i);
    expect(staff.replyTo?.text).toBe(lead.email);
    const staffJob = jobs.find((id) => staff.messageId === `<${id}@agency.test>`);
    expect(staffJob).toBeDefined();

    const confirmation = smtp.messages.find((m) => m.to && 'text' in m.to && m.to.text === lead.email)!;
    expect(confirmation.subject).toBe('We received your request - Distilled Digital');
    expect(confirmation.text).toContain('a senior strategist will reply within 24 hours');
    expect(confirmation.html).toContain('Hi &lt;b&gt;Jane&lt;/b&gt;,');
    expect(smtp.messages).toHaveLength(2);

    expect(hooks.received).toHaveLength(1);
    const [hook] = hooks.received;
    expect(hook!.signatureValid).toBe(true);
    expect(jobs).toContain(hook!.id);
    expect(hook!.body).toMatchObject({ id: hook!.id, event: 'lead.created', formKind: 'contacts' });
    expect(hook!.body['lead']).toEqual({
      type: 'contacts',
      id: lead.id,
      firstName: '<b>Jane</b>',
      lastName: lead.lastName,
      email: lead.email,
      company: 'Acme',
      budget: '10k-25k',
      goals: 'Grow <script>alert(1)</script> & "win"',
      createdAt: new Date(lead.createdAt).toISOString(),
    });

    const deliveries = await deliveriesOf(t.db, 'contacts', lead.id);
    expect(deliveries.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    // Nothing is sent twice: a second pass finds nothing due.
    expect(await worker().runDue()).toBe(0);
    expect(smtp.messages).toHaveLength(2);
  });

  it('says where the lead came from, in the e-mail and the webhook', async () => {
    await settings();
    const source = {
      page: '/contact',
      landingPage: '/services/seo',
      referrerHost: 'news.example',
      utm: { utm_source: 'newsletter', utm_campaign: 'spring <sale>' },
    };
    const { lead } = await storeContactLead(t.db, { source });
    await worker().runDue();
    const staff = smtp.messages.find((m) => m.subject?.startsWith('New contact request'))!;
    expect(staff.text).toContain('Sent from: /contact\nLanding page: /services/seo\nReferrer: news.example');
    expect(staff.text).toContain('Campaign: utm_source=newsletter, utm_campaign=spring <sale>');
    expect(staff.html).toContain('utm_campaign=spring &lt;sale&gt;');
    expect(hooks.received[0]!.body['lead']).toMatchObject({ id: lead.id, source });
  });

  it('stores the jobs with the lead: a rolled back lead leaves no job behind', async () => {
    await settings();
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactRequests)
          .values({
            firstName: 'A',
            lastName: 'B',
            email: 'a@b.test',
            company: 'C',
            budget: '100k+',
            goals: 'G',
          })
          .returning();
        await enqueueLeadNotifications(tx, { type: 'contacts', ...row! });
        throw new Error('the lead store failed after queuing');
      }),
    ).rejects.toThrow('the lead store failed');
    expect(await t.db.select().from(outboxJobs)).toEqual([]);
  });

  it('without a mail server e-mails wait in the queue, never attempted, and go out once one is set', async () => {
    await settings();
    const { lead } = await storeContactLead(t.db);
    const bare = worker({ smtpUrl: undefined });
    expect(bare.mailConfigured).toBe(false);
    expect(await bare.runDue()).toBe(1); // the webhook only
    const waiting = await deliveriesOf(t.db, 'contacts', lead.id);
    expect(waiting.filter((d) => d.kind === 'email').map((d) => [d.status, d.attempts])).toEqual([
      ['queued', 0],
      ['queued', 0],
    ]);
    expect(await worker().runDue()).toBe(2);
    expect(smtp.messages).toHaveLength(2);
  });

  it('retries a mail server that refuses, with growing delays, and sends each message once when it recovers', async () => {
    await settings(false);
    const leads = [await storeContactLead(t.db), await storeContactLead(t.db), await storeContactLead(t.db)];
    smtp.state.refuse = 4;
    const w = worker();
    const delays: number[] = [];
    for (let round = 0; round < 20; round++) {
      await w.runDue();
      const queued = await t.db.select().from(outboxJobs).where(eq(outboxJobs.status, 'queued'));
      if (!queued.length) break;
      const next = Math.min(...queued.map((j) => j.nextAttemptAt.getTime()));
      delays.push(next - clock);
      clock = next;
    }
    expect(smtp.state.refused).toBe(4);
    const jobs = await t.db.select().from(outboxJobs);
    expect(jobs.map((j) => j.status)).toEqual(Array(6).fill('sent'));
    expect(smtp.messages).toHaveLength(6);
    // One message per job id: none twice, none lost.
    const ids = new Set(smtp.messages.map((m) => m.messageId));
    expect(ids.size).toBe(6);
    expect([...ids].sort()).toEqual(jobs.map((j) => `<${j.id}@agency.test>`).sort());
    expect(leads.flatMap((l) => l.jobs)).toHaveLength(6);
    expect(delays.every((d) => d > 0)).toBe(true);
  });

  it('retries a mail server that does not answer, and sends once it does', async () => {
    await settings(false);
    // Accepts connections and says nothing: the SMTP greeting never comes.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { lead, jobs } = await storeContactLead(t.db);
      const port = (silent.address() as AddressInfo).port;
      await worker({ smtpUrl: `smtp://127.0.0.1:${port}`, smtpTimeoutMs: 200 }).runDue();
      const waiting = await deliveriesOf(t.db, 'contacts', lead.id);
      expect(waiting.map((d) => [d.status, d.attempts])).toEqual([
        ['queued', 1],
        ['queued', 1],
      ]);
      expect(waiting[0]!.lastError).toMatch(/greeting|timeout/i);
      expect(smtp.messages).toHaveLength(0);
      clock += 10_000;
      expect(await worker().runDue()).toBe(2);
      expect(smtp.messages.map((m) => m.messageId).sort()).toEqual(
        jobs.map((id) => `<${id}@agency.test>`).sort(),
      );
    } finally {
      silent.close();
    }
  });

  it('ends a job that keeps failing as failed with its last error', async () => {
    await settings();
    hooks.state.status = 500;
    const { lead } = await storeContactLead(t.db);
    const w = worker({ smtpUrl: undefined, maxAttempts: 3 });
    for (let round = 0; round < 5; round++) {
      await w.runDue();
      clock += 60_000;
    }
    const [hook] = (await deliveriesOf(t.db, 'contacts', lead.id)).filter((d) => d.kind === 'webhook');
    expect(hook).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'the receiver answered HTTP 500',
    });
    expect(hooks.received).toHaveLength(3);
    expect(new Set(hooks.received.map((r) => r.id))).toEqual(new Set([hook!.id]));

    // Resend puts it back, same id; the receiver now takes it.
    hooks.state.status = 200;
    expect(await resendLead(t.db, 'contacts', lead.id, new Date(clock))).toBe(3);
    await w.runDue();
    const after = await deliveriesOf(t.db, 'contacts', lead.id);
    expect(after.find((d) => d.id === hook!.id)).toMatchObject({ status: 'sent', lastError: null });
  });

  it('takes again a job whose instance died holding it, once the lease has run out', async () => {
    await settings(false);
    const { jobs } = await storeContactLead(t.db);
    // An instance claimed both jobs (as claim() does) and was killed before it sent them.
    await t.db.update(outboxJobs).set({
      status: 'sending',
      claimedBy: 'killed-instance',
      lockedUntil: new Date(clock + 60_000),
      attempts: 1,
    });
    const w = worker();
    expect(await w.runDue()).toBe(0);
    clock += 61_000;
    expect(await w.runDue()).toBe(2);
    expect(smtp.messages.map((m) => m.messageId).sort()).toEqual(
      jobs.map((id) => `<${id}@agency.test>`).sort(),
    );
  });

  it('hands back the job in flight when stopped, to be sent by the next worker', async () => {
    await settings();
    let release = () => {};
    hooks.state.hold = new Promise<void>((resolve) => (release = resolve));
    const { jobs } = await storeContactLead(t.db);
    const stopping = worker({ smtpUrl: undefined });
    const pass = stopping.runDue();
    for (let i = 0; i < 200 && hooks.received.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(hooks.received).toHaveLength(1);
    await stopping.stop(50);
    const [row] = await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'webhook'));
    expect(row).toMatchObject({ status: 'queued', claimedBy: null, attempts: 0 });
    release();
    hooks.state.hold = undefined;
    await pass;
    // The first send's late answer does not mark it: the next worker sends it again, same id.
    expect(await worker({ smtpUrl: undefined }).runDue()).toBe(1);
    expect(hooks.received.map((r) => r.id)).toEqual([jobs[2], jobs[2]]);
  });
});

describe('other forms and the retry schedule', () => {
  it('tells the team of a resource download (with its title), and of a newsletter sign-up only when asked', async () => {
    await settings(false);
    const [resource] = await t.db
      .insert(resources)
      .values({ title: 'The <CPL> guide', description: 'd', fileUrl: '/files/guide.pdf' })
      .returning();
    const store = (notifyNewsletter: boolean) =>
      t.db.transaction(async (tx) => {
        const [download] = await tx
          .insert(resourceLeads)
          .values({ resourceId: resource!.id, name: 'Rex', email: `rex${notifyNewsletter}@client.test` })
          .returning();
        const [signUp] = await tx
          .insert(newsletterSubscriptions)
          .values({ email: `news${notifyNewsletter}@client.test` })
          .returning();
        return [
          ...(await enqueueLeadNotifications(tx, { type: 'resources', ...download! })),
          ...(await enqueueLeadNotifications(tx, { type: 'newsletter', ...signUp! })),
        ];
      });
    expect(await store(false)).toHaveLength(1);
    await saveNotificationSettings(t.db, {
      recipients: ['sales@agency.test'],
      notifyNewsletter: true,
      confirmationText: DEFAULT_CONFIRMATION_TEXT,
      webhooks: {},
    });
    expect(await store(true)).toHaveLength(2);
    expect(await worker().runDue()).toBe(3);
    const subjects = smtp.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'New download: Rex wants "The <CPL> guide"',
      'New download: Rex wants "The <CPL> guide"',
      'New newsletter sign-up: newstrue@client.test',
    ]);
    expect(smtp.messages[0]!.html).toContain('The &lt;CPL&gt; guide');
  });

  it('retries for at least 24 hours by default, each delay doubling up to an hour, jittered', () => {
    const attempts = attemptsSpanning(24 * 60 * 60 * 1000);
    let shortest = 0;
    for (let n = 1; n < attempts; n++) shortest += retryDelayMs(n, undefined, () => 0);
    expect(shortest).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    expect([1, 2, 3].map((n) => retryDelayMs(n, undefined, () => 1))).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(30, undefined, () => 1)).toBe(60 * 60_000);
    expect(retryDelayMs(3, undefined, () => 0)).toBe(60_000);
  });
});

describe('webhook addresses', () => {
  it('refuses loopback, link-local and private targets unless the operator allows them', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(await checkWebhookUrl(url, false), url).toMatch(/refused|private/);
    }
    expect(await checkWebhookUrl('ftp://example.com/x', false)).toMatch(/http\(s\)/);
    expect(await checkWebhookUrl('http://127.0.0.1:9/x', true)).toBeUndefined();
  });

  it('refuses to send to a private address after resolving it, and fails the job at once', async () => {
    await settings();
    const { lead } = await storeContactLead(t.db);
    await worker({ smtpUrl: undefined, allowPrivateWebhooks: false }).runDue();
    const [hook] = (await deliveriesOf(t.db, 'contacts', lead.id)).filter((d) => d.kind === 'webhook');
    expect(hook).toMatchObject({ status: 'failed', attempts: 1 });
    expect(hook!.lastError).toMatch(/refused: 127\.0\.0\.1/);
    expect(hooks.received).toHaveLength(0);
  });

  it('checks the address a host name resolves to when connecting', async () => {
    const byName = hooks.url.replace('127.0.0.1', 'localhost');
    await saveNotificationSettings(t.db, {
      recipients: [],
      notifyNewsletter: false,
      confirmationText: DEFAULT_CONFIRMATION_TEXT,
      webhooks: { contacts: { url: byName, secret: SECRET, createdAt: new Date().toISOString() } },
    });
    const refused = await storeContactLead(t.db);
    await worker({ smtpUrl: undefined, allowPrivateWebhooks: false }).runDue();
    const [hook] = (await deliveriesOf(t.db, 'contacts', refused.lead.id)).filter(
      (d) => d.kind === 'webhook',
    );
    expect(hook!.lastError).toMatch(/refused: localhost resolves to/);
    expect(hooks.received).toHaveLength(0);
    // Allowed by the operator, the same name is reached.
    const allowed = await storeContactLead(t.db);
    await worker({ smtpUrl: undefined, allowPrivateWebhooks: true }).runDue();
    expect(hooks.received.map((r) => r.body['lead'])).toMatchObject([{ id: allowed.lead.id }]);
    expect(hooks.received[0]!.signatureValid).toBe(true);
  });
});

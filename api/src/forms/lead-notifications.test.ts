import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRMATION_TEXT } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { createLogger } from '../logger';
import { contactRequests, newsletterSubscriptions, outboxJobs, resourceLeads, resources } from '../db/schema';
import { saveNotificationSettings } from '../notifications/notification-settings';
import { startOutboxWorker } from '../notifications/outbox-worker';
import { startHookReceiver, startSmtpServer } from '../notifications/notifications-test-support';

/**
 * The forms tell people: every lead the contact form, the newsletter and a gated download store (by
 * JSON or by the no-JavaScript post) queues its notifications in the same transaction, and the outbox
 * delivers them through a real SMTP server and a real webhook receiver.
 */
const ORIGIN = 'http://site.test';
const SECRET = 'whsec_forms_test';
const contact = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@cobol.example',
  company: 'Compiler Works',
  budget: '25k-50k',
  goals: 'Make our documentation findable',
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
let worker: ReturnType<typeof startOutboxWorker>;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: 10 } });
  smtp = await startSmtpServer();
  hooks = await startHookReceiver(() => SECRET);
  await saveNotificationSettings(t.db, {
    recipients: ['sales@agency.test'],
    notifyNewsletter: false,
    confirmationText: DEFAULT_CONFIRMATION_TEXT,
    webhooks: { resources: { url: hooks.url, secret: SECRET, createdAt: new Date().toISOString() } },
  });
  worker = startOutboxWorker({
    db: t.db,
    log: createLogger('silent'),
    publicUrl: ORIGIN,
    smtpUrl: smtp.url,
    mailFrom: 'leads@agency.test',
    allowPrivateWebhooks: true,
    pollMs: 3_600_000,
    // The database's clock stamps a job due "now": the worker looks a little ahead.
    now: () => new Date(Date.now() + 1000),
  });
});
afterEach(async () => {
  await t.db.delete(outboxJobs);
  smtp.messages.length = 0;
  hooks.received.length = 0;
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await hooks.close();
  await t.close();
});

const jobsOf = (type: 'contacts' | 'newsletter' | 'resources', id: number) =>
  t.db
    .select()
    .from(outboxJobs)
    .where(and(eq(outboxJobs.leadType, type), eq(outboxJobs.leadId, id)));

describe('a lead is told to people', () => {
  it('a contact request by JSON: the team and the visitor get an e-mail, sent after the answer', async () => {
    const res = await request(t.app).post('/api/contacts').send(contact).expect(201);
    // Queued with the lead, nothing sent yet: the post does not wait for a mail server.
    expect((await jobsOf('contacts', res.body.id)).map((j) => j.status)).toEqual(['queued', 'queued']);
    expect(smtp.messages).toHaveLength(0);
    expect(await worker.runDue()).toBe(2);
    const staff = smtp.messages.find((m) => m.subject?.startsWith('New contact request'));
    expect(staff?.text).toContain('Goals: Make our documentation findable');
    expect(staff?.text).toContain(`${ORIGIN}/cms?tab=leads&type=contacts&item=${res.body.id}`);
    const visitor = smtp.messages.find((m) => m.to && 'text' in m.to && m.to.text === contact.email);
    expect(visitor?.subject).toBe('We received your request - Distilled Digital');
  });

  it('many contact requests at once (one group commit): each lead gets its own two jobs', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(t.app)
          .post('/api/contacts')
          .send({ ...contact, email: `crowd${i}@cobol.example` }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(201);
      const jobs = await jobsOf('contacts', res.body.id);
      expect(jobs).toHaveLength(2);
      const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, res.body.id));
      const visitor = jobs.find(
        (j) => (j.payload as { template?: string }).template === 'visitor-confirmation',
      );
      expect((visitor?.payload as { to: string[] }).to).toEqual([row!.email]);
    }
  });

  it('the no-JavaScript post queues once, however often the form is sent again', async () => {
    const agent = request.agent(t.app);
    const sent = { ...contact, email: 'twice@cobol.example' };
    for (let i = 0; i < 3; i++)
      await agent.post('/forms/contact').set('Origin', ORIGIN).type('form').send(sent).expect(303);
    const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.email, sent.email));
    expect(rows).toHaveLength(1);
    expect(await jobsOf('contacts', rows[0]!.id)).toHaveLength(2);
  });

  it('a lead whose notifications cannot be stored is not stored either, and nobody is thanked', async () => {
    const sent = { ...contact, email: 'untold@cobol.example' };
    await t.db.execute(sql`alter table outbox_jobs rename to outbox_jobs_away`);
    try {
      await request(t.app).post('/forms/contact').set('Origin', ORIGIN).type('form').send(sent).expect(303);
    } finally {
      await t.db.execute(sql`alter table outbox_jobs_away rename to outbox_jobs`);
    }
    expect(await t.db.select().from(contactRequests).where(eq(contactRequests.email, sent.email))).toEqual(
      [],
    );
  });

  it('a gated download: the team is e-mailed with the resource, and the signed webhook is called', async () => {
    const [gated] = await t.db.select().from(resources).where(eq(resources.gated, true)).limit(1);
    await request(t.app)
      .post(`/resources/${gated!.id}/access`)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ name: 'Lin', email: 'lin@reader.example' })
      .expect(303);
    const [lead] = await t.db
      .select()
      .from(resourceLeads)
      .where(eq(resourceLeads.email, 'lin@reader.example'));
    expect(await jobsOf('resources', lead!.id)).toHaveLength(2);
    expect(await worker.runDue()).toBe(2);
    expect(smtp.messages[0]?.text).toContain(gated!.title);
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.signatureValid).toBe(true);
    expect(hooks.received[0]!.body['lead']).toMatchObject({ type: 'resources', id: lead!.id, name: 'Lin' });
  });

  it('a newsletter sign-up queues only its confirmation e-mail (staff are told once it is confirmed), and a repeat within the hour nothing', async () => {
    await saveNotificationSettings(t.db, {
      recipients: ['sales@agency.test'],
      notifyNewsletter: true,
      confirmationText: DEFAULT_CONFIRMATION_TEXT,
      webhooks: {},
    });
    await request(t.app).post('/api/newsletter').send({ email: 'reader@news.example' }).expect(201);
    await request(t.app).post('/api/newsletter').send({ email: 'Reader@news.example' }).expect(201);
    const [row] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader@news.example'));
    expect(await t.db.select().from(outboxJobs)).toHaveLength(1);
    const [job] = await jobsOf('newsletter', row!.id);
    expect(job!.payload).toMatchObject({ template: 'newsletter-confirm', to: ['reader@news.example'] });
  });
});

import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRMATION_TEXT, NEWSLETTER_CONSENT_WORDING } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { createLogger } from '../logger';
import { newsletterSubscriptions, outboxJobs } from '../db/schema';
import { saveNotificationSettings } from '../notifications/notification-settings';
import { startOutboxWorker } from '../notifications/outbox-worker';
import { startSmtpServer } from '../notifications/notifications-test-support';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { purgeUnconfirmed } from './newsletter-subscriptions';

/**
 * Double opt-in and one-click unsubscribe, as a visitor and a mail client see them: the sign-up (JSON
 * or the no-JavaScript post) queues a confirmation that a real SMTP server receives; its links open
 * pages whose GET only shows a button and whose POST does the deed.
 */
const ORIGIN = 'http://site.test';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: ReturnType<typeof startOutboxWorker>;
let staff: ReturnType<typeof staffClient>;
/** The app's clock: a test moves it instead of waiting 7 days. */
let offsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: 10, ADMIN_PASSWORD: STAFF_PASSWORD },
    clock: () => new Date(Date.now() + offsetMs),
  });
  staff = staffClient(t.app, await signIn(t.app));
  smtp = await startSmtpServer();
  await saveNotificationSettings(t.db, {
    recipients: ['sales@agency.test'],
    notifyNewsletter: true,
    confirmationText: DEFAULT_CONFIRMATION_TEXT,
    webhooks: {},
  });
  worker = startOutboxWorker({
    db: t.db,
    log: createLogger('silent'),
    publicUrl: ORIGIN,
    smtpUrl: smtp.url,
    mailFrom: 'news@agency.test',
    pollMs: 3_600_000,
    // The database's clock stamps a job due "now": the worker looks a little ahead.
    now: () => new Date(Date.now() + 1000),
  });
});
afterEach(() => {
  smtp.messages.length = 0;
  offsetMs = 0;
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await t.close();
});

const rowOf = async (email: string) =>
  (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0]!;

/** The messages the SMTP server received for an address. */
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to && 'text' in m.to && m.to.text === email);

/** Sends what is due and answers the one confirmation e-mail the address got. */
async function confirmationMail(email: string): Promise<ParsedMail> {
  await worker.runDue();
  const mails = mailsTo(email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Confirm your subscription - Distilled Digital');
  return mails[0]!;
}

/** A link of the e-mail's text, as a path on the site (`/newsletter/…?token=…`). */
function linkIn(mail: ParsedMail, path: '/newsletter/confirm' | '/newsletter/unsubscribe'): string {
  const escaped = `${ORIGIN}${path}`.replace(/[.?/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=[^\\s>]+`).exec(mail.text ?? '');
  expect(match, `${path} link in the e-mail`).not.toBeNull();
  return match![0].slice(ORIGIN.length);
}

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

const subscribeJson = (email: string) => request(t.app).post('/api/newsletter').send({ email });

describe('double opt-in', () => {
  it('a JSON sign-up is pending; the e-mail links a page whose GET shows a button and whose POST confirms', async () => {
    const email = 'ada@news.example';
    const res = await subscribeJson(email).expect(201);
    expect(res.body).toMatchObject({ email, confirmation: 'pending' });
    const pending = await rowOf(email);
    expect(pending.status).toBe('pending');
    expect(pending.consent).toMatchObject({ form: 'newsletter', wording: NEWSLETTER_CONSENT_WORDING });
    expect(Date.parse(pending.consent!.at)).not.toBeNaN();

    const mail = await confirmationMail(email);
    // Nobody else is told before the address confirms.
    expect(mailsTo('sales@agency.test')).toHaveLength(0);
    expect(header(mail, 'list-unsubscribe')).toMatch(
      /^<http:\/\/site\.test\/newsletter\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Unsubscribe: http://site.test/newsletter/unsubscribe?token=');
    expect(mail.html).toContain('>Unsubscribe</a>');
    expect(mail.text).not.toContain(email);

    const confirm = linkIn(mail, '/newsletter/confirm');
    const page = await request(t.app).get(confirm).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<form method="post"');
    expect(page.text).toContain('Confirm my subscription</button>');
    expect((await rowOf(email)).status).toBe('pending');

    const done = await request(t.app).post(confirm).expect(200);
    expect(done.text).toContain('Subscription confirmed');
    const confirmed = await rowOf(email);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.confirmedAt).not.toBeNull();

    // Staff are told now, on confirmation.
    await worker.runDue();
    expect(mailsTo('sales@agency.test').map((m) => m.subject)).toEqual([`New newsletter sign-up: ${email}`]);

    // A confirmed address is "already subscribed", as before.
    const again = await subscribeJson(email.toUpperCase()).expect(409);
    expect(again.body.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('the same without JavaScript: the form post, the e-mail, the page and its button', async () => {
    const email = 'grace@news.example';
    const agent = request.agent(t.app);
    const posted = await agent
      .post('/forms/newsletter')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ email, website: '', from: '/blog' })
      .expect(303);
    expect(posted.headers['location']).toBe('/blog#newsletter');
    const pending = await rowOf(email);
    expect(pending.status).toBe('pending');
    expect(pending.consent).toMatchObject({ form: 'newsletter', page: '/blog' });

    const confirm = linkIn(await confirmationMail(email), '/newsletter/confirm');
    const page = await agent.get(confirm).expect(200);
    // The button posts to the link itself: no script needed.
    const action = /<form method="post" action="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
    expect(action).toBe(confirm);
    await agent.post(action).type('form').send('').expect(200);
    expect((await rowOf(email)).status).toBe('confirmed');
  });

  it('a used link and an expired link are refused with a page that says so', async () => {
    const used = 'used@news.example';
    await subscribeJson(used).expect(201);
    const usedLink = linkIn(await confirmationMail(used), '/newsletter/confirm');
    await request(t.app).post(usedLink).expect(200);
    for (const answer of [await request(t.app).get(usedLink), await request(t.app).post(usedLink)]) {
      expect(answer.status).toBe(410);
      expect(answer.text).toContain('This link has already been used');
      expect(answer.text).not.toContain('<form');
    }

    smtp.messages.length = 0;
    const late = 'late@news.example';
    await subscribeJson(late).expect(201);
    const lateLink = linkIn(await confirmationMail(late), '/newsletter/confirm');
    offsetMs = 7 * DAY_MS + 60_000;
    for (const answer of [await request(t.app).get(lateLink), await request(t.app).post(lateLink)]) {
      expect(answer.status).toBe(410);
      expect(answer.text).toContain('This link has expired');
      expect(answer.text).toContain('href="/#newsletter"');
    }
    expect((await rowOf(late)).status).toBe('pending');

    // A link whose signature does not match: not valid, nothing changes.
    const forged = lateLink.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A'));
    offsetMs = 0;
    const refused = await request(t.app).post(forged).expect(400);
    expect(refused.text).toContain('This link is not valid');
    expect((await rowOf(late)).status).toBe('pending');
  });

  it('signing up again while pending resends the confirmation at most once an hour', async () => {
    const email = 'eager@news.example';
    await subscribeJson(email).expect(201);
    const first = linkIn(await confirmationMail(email), '/newsletter/confirm');
    await subscribeJson(email).expect(201);
    await request(t.app)
      .post('/forms/newsletter')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ email, website: '' })
      .expect(303);
    await worker.runDue();
    expect(mailsTo(email)).toHaveLength(1);

    // An hour later (by the database's clock) a sign-up sends it again.
    await t.db
      .update(newsletterSubscriptions)
      .set({ confirmSentAt: sql`now() - interval '61 minutes'` })
      .where(eq(newsletterSubscriptions.email, email));
    await subscribeJson(email).expect(201);
    await worker.runDue();
    expect(mailsTo(email)).toHaveLength(2);
    const second = linkIn(mailsTo(email)[1]!, '/newsletter/confirm');
    await request(t.app).post(second).expect(200);
    // One confirmation per sign-up: the earlier e-mail's link is spent with it.
    await request(t.app).post(first).expect(410);
  });

  it('unconfirmed sign-ups are deleted 30 days after their last sign-up, with their e-mails', async () => {
    await subscribeJson('old@news.example').expect(201);
    await subscribeJson('fresh@news.example').expect(201);
    const old = await rowOf('old@news.example');
    await t.db
      .update(newsletterSubscriptions)
      .set({ confirmSentAt: sql`now() - interval '31 days'`, createdAt: sql`now() - interval '31 days'` })
      .where(eq(newsletterSubscriptions.id, old.id));
    // A confirmed address of that age stays.
    await t.db
      .update(newsletterSubscriptions)
      .set({ createdAt: sql`now() - interval '90 days'`, confirmSentAt: sql`now() - interval '90 days'` })
      .where(eq(newsletterSubscriptions.email, 'ada@news.example'));

    expect(await purgeUnconfirmed(t.db)).toBe(1);
    const left = (await t.db.select().from(newsletterSubscriptions)).map((r) => r.email);
    expect(left).not.toContain('old@news.example');
    expect(left).toContain('fresh@news.example');
    expect(left).toContain('ada@news.example');
    expect(await t.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, old.id))).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it("a GET shows a button and changes nothing; the mail client's one-click POST unsubscribes at once", async () => {
    const email = 'leaving@news.example';
    await subscribeJson(email).expect(201);
    const mail = await confirmationMail(email);
    await request(t.app).post(linkIn(mail, '/newsletter/confirm')).expect(200);
    const target = header(mail, 'list-unsubscribe')!.slice(1, -1).slice(ORIGIN.length);
    expect(target).toBe(linkIn(mail, '/newsletter/unsubscribe'));

    const page = await request(t.app).get(target).expect(200);
    expect(page.text).toContain('Unsubscribe</button>');
    expect((await rowOf(email)).status).toBe('confirmed');

    // RFC 8058: the mail provider POSTs from its own servers, with no Origin of ours and no cookie.
    const res = await request(t.app)
      .post(target)
      .set('Origin', 'https://mail.provider.example')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.text).toContain('You are unsubscribed');
    const gone = await rowOf(email);
    expect(gone.status).toBe('unsubscribed');
    expect(gone.unsubscribedAt).not.toBeNull();
    // Repeated: still fine, still unsubscribed.
    await request(t.app).post(target).expect(200);

    // Staff see the address as unsubscribed, in the list and the CSV.
    const listed = (await staff.get('/api/admin/leads?type=newsletter&q=leaving').expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ email, subscription: 'unsubscribed' })]);
    expect(listed[0]).not.toHaveProperty('confirmNonce');

    // Signing up again needs a new confirmation; the old link does not bring it back.
    smtp.messages.length = 0;
    await subscribeJson(email).expect(201);
    expect((await rowOf(email)).status).toBe('pending');
    await request(t.app).post(linkIn(mail, '/newsletter/confirm')).expect(410);
    const fresh = await confirmationMail(email);
    await request(t.app).post(linkIn(fresh, '/newsletter/confirm')).expect(200);
    expect((await rowOf(email)).status).toBe('confirmed');
  });

  it('the CMS list and its CSV call only confirmed addresses subscribers', async () => {
    await t.db.insert(newsletterSubscriptions).values([
      { email: 'p@cms.example', status: 'pending' },
      { email: 'c@cms.example', status: 'confirmed', confirmedAt: sql`now()` },
      { email: 'u@cms.example', status: 'unsubscribed', unsubscribedAt: sql`now()` },
    ]);
    const rows = (await staff.get('/api/admin/leads?type=newsletter&q=cms.example').expect(200)).body as {
      email: string;
      subscription: string;
    }[];
    expect(Object.fromEntries(rows.map((r) => [r.email, r.subscription]))).toEqual({
      'p@cms.example': 'pending',
      'c@cms.example': 'confirmed',
      'u@cms.example': 'unsubscribed',
    });
    const csv = (await staff.get('/api/admin/leads.csv?type=newsletter&q=cms.example').expect(200)).text;
    expect(csv).toContain('"Signed up","Email","Subscription","Confirmed","Unsubscribed"');
    expect(csv).toMatch(/"p@cms\.example","Awaiting confirmation",""/);
    expect(csv).toMatch(/"c@cms\.example","Subscribed","\d{4}-/);
    expect(csv).toMatch(/"u@cms\.example","Unsubscribed","","\d{4}-/);
  });
});

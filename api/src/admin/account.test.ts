import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, AccountRoutes } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { createLogger } from '../logger';
import { outboxJobs } from '../db/schema';
import { startOutboxWorker } from '../notifications/outbox-worker';
import { startSmtpServer } from '../notifications/notifications-test-support';
import { SITE_HOST, SITE_ORIGIN, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount, signInAs } from './staff-test-support';

/** Issue 41, defect 10: a staff member's own password, changed when signed in or asked for by e-mail. */

const ORIGIN = 'https://agency.test';
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: ReturnType<typeof startOutboxWorker>;
let owner: ReturnType<typeof staffClient>;

const site = (path: string) => request(t.app).post(path).set('Host', SITE_HOST).set('Origin', SITE_ORIGIN);
const forgot = (email: string) => site(AccountRoutes.forgotPassword).send({ email });
const jobsFor = (id: number) => t.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, id));

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_PASSWORD: STAFF_PASSWORD, PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: 10 },
  });
  smtp = await startSmtpServer();
  worker = startOutboxWorker({
    db: t.db,
    log: createLogger('silent'),
    publicUrl: ORIGIN,
    smtpUrl: smtp.url,
    mailFrom: 'cms@agency.test',
    pollMs: 3_600_000,
    now: () => new Date(Date.now() + 1000),
  });
  owner = staffClient(t.app, await signIn(t.app));
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await t.close();
});

describe('Forgot password', () => {
  it('e-mails a one-hour link through the outbox; the link sets the password once and the account signs in with it', async () => {
    const eddie = await createAccount(owner, EDITOR, 'editor');
    const asked = await forgot('Eddie@Agency.test').expect(202);
    expect(asked.body).toEqual({ message: AccountMessages.resetSent });
    // Queued, not sent in the request: a slow mail server costs the request nothing.
    expect((await jobsFor(eddie.id)).map((j) => [j.leadType, j.status])).toEqual([['staff', 'queued']]);
    expect(await worker.runDue()).toBe(1);

    const mail = smtp.messages.find((m) => m.subject === 'Choose a new password - Distilled Digital CMS')!;
    expect(mail, smtp.messages.map((m) => m.subject).join(', ')).toBeDefined();
    expect((mail.to as { text: string }).text).toBe(EDITOR.email);
    const link = mail.text!.match(/https:\/\/agency\.test\/cms#set-password=([A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    expect(mail.text).toContain('The link works for 1 hour');
    // The sent job keeps no usable link at rest.
    const [job] = await jobsFor(eddie.id);
    expect(job!.status).toBe('sent');
    expect(JSON.stringify(job!.payload)).not.toContain(link![1]);

    const set = await site('/api/admin/set-password')
      .send({ token: link![1], password: 'eddie-has-a-new-one' })
      .expect(200);
    expect(set.body).toEqual({ email: EDITOR.email });
    await signInAs(t.app, EDITOR.email, 'eddie-has-a-new-one');
    await request(t.app)
      .post('/api/admin/auth')
      .send({ email: EDITOR.email, password: EDITOR.password })
      .expect(401);
    // Once only.
    await site('/api/admin/set-password').send({ token: link![1], password: 'and-again-please' }).expect(400);
  });

  it('answers the same for an unknown or disabled address, and sends nothing', async () => {
    const gone = await createAccount(owner, { email: 'gone@agency.test', name: 'Gil' }, 'editor');
    await owner.patch(`/api/admin/users/${gone.id}`).send({ disabled: true }).expect(200);
    const before = smtp.messages.length;
    for (const email of ['nobody@agency.test', 'gone@agency.test']) {
      expect((await forgot(email).expect(202)).body).toEqual({ message: AccountMessages.resetSent });
    }
    expect(await jobsFor(gone.id)).toEqual([]);
    await worker.runDue();
    expect(smtp.messages.length).toBe(before);
    const bad = await forgot('not an address').expect(400);
    expect(bad.body.fields).toEqual({ email: 'Enter a valid e-mail address' });
  });
});

describe('Change my password', () => {
  it('an editor changes their own password with the current one; their other sessions end, this one carries on', async () => {
    const ida = await createAccount(
      owner,
      { email: 'ida@agency.test', name: 'Ida', password: 'ida-first-password' },
      'editor',
    );
    const here = await signInAs(t.app, ida.email, 'ida-first-password');
    const elsewhere = staffClient(t.app, await signInAs(t.app, ida.email, 'ida-first-password'));
    const me = staffClient(t.app, here);

    const wrong = await me
      .post(AccountRoutes.password)
      .send({ currentPassword: 'not-my-password', newPassword: 'ida-second-password' })
      .expect(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'The current password is not correct' });

    const changed = await me
      .post(AccountRoutes.password)
      .send({ currentPassword: 'ida-first-password', newPassword: 'ida-second-password' })
      .expect(200);
    expect(changed.body).toEqual({ message: AccountMessages.passwordChanged });
    const fresh = ([] as string[]).concat(changed.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
    await staffClient(t.app, fresh).get('/api/admin/session').expect(200);
    await elsewhere.get('/api/admin/overview').expect(401);
    await signInAs(t.app, ida.email, 'ida-second-password');
    await request(t.app)
      .post('/api/admin/auth')
      .send({ email: ida.email, password: 'ida-first-password' })
      .expect(401);
  });

  it("the owner's shared password is changed in Settings, not here", async () => {
    const refused = await owner
      .post(AccountRoutes.password)
      .send({ currentPassword: STAFF_PASSWORD, newPassword: 'another-shared-secret' })
      .expect(403);
    expect(refused.body.message).toBe(AccountMessages.ownerUsesSettings);
  });
});

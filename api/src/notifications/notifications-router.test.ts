import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { createLogger } from '../logger';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { EDITOR, createAccount, signInAs } from '../admin/staff-test-support';
import { startOutboxWorker } from './outbox-worker';
import { startHookReceiver, storeContactLead } from './notifications-test-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: ReturnType<typeof staffClient>;
let editor: ReturnType<typeof staffClient>;
let secret = '';
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;

beforeAll(async () => {
  // No SMTP_URL: the embedded default, where e-mails wait.
  t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, WEBHOOK_ALLOW_PRIVATE: true } });
  owner = staffClient(t.app, await signIn(t.app));
  await createAccount(owner, EDITOR, 'editor');
  editor = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
  hooks = await startHookReceiver(() => secret);
});
afterAll(async () => {
  await hooks.close();
  await t.close();
});

const settings = (webhooks: Record<string, unknown> = {}) => ({
  recipients: ['sales@agency.test'],
  notifyNewsletter: true,
  confirmationText: 'Thanks, we will be in touch.',
  webhooks,
});

describe('notification settings', () => {
  it('start empty, with the default confirmation text, and only admins read or save them', async () => {
    const first = await owner.get('/api/admin/notifications/settings').expect(200);
    expect(first.body).toMatchObject({ recipients: [], notifyNewsletter: false, webhooks: {} });
    expect(first.body.confirmationText).toMatch(/senior strategist will reply within 24 hours/);
    await editor.get('/api/admin/notifications/settings').expect(403);
    await editor.put('/api/admin/notifications/settings').send(settings()).expect(403);
    // Public site settings are not touched by them.
    const publicSettings = await request(t.app).get('/api/site-settings').expect(200);
    expect(JSON.stringify(publicSettings.body)).not.toMatch(/recipients|webhooks/);
  });

  it('show a new webhook secret once, keep it while the URL stays, and audit each save', async () => {
    const saved = await owner
      .put('/api/admin/notifications/settings')
      .send(settings({ contacts: { url: hooks.url } }))
      .expect(200);
    secret = saved.body.newSecrets.contacts as string;
    expect(secret).toMatch(/^whsec_/);
    expect(saved.body.webhooks.contacts).toMatchObject({
      url: hooks.url,
      secretHint: `…${secret.slice(-4)}`,
    });

    const read = await owner.get('/api/admin/notifications/settings').expect(200);
    expect(JSON.stringify(read.body)).not.toContain(secret);
    const again = await owner
      .put('/api/admin/notifications/settings')
      .send(settings({ contacts: { url: hooks.url } }))
      .expect(200);
    expect(again.body.newSecrets).toBeUndefined();

    const audit = await owner.get('/api/admin/audit?type=notifications').expect(200);
    expect(audit.body.filter((e: { action: string }) => e.action === 'settings.update')).toHaveLength(2);
  });

  it('refuse a webhook that is not http(s), or (without the operator allowing it) a private address', async () => {
    const ftp = await owner
      .put('/api/admin/notifications/settings')
      .send(settings({ contacts: { url: 'ftp://example.com/hook' } }))
      .expect(400);
    expect(ftp.body.message).toMatch(/http\(s\)/);
    const strict = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const strictOwner = staffClient(strict.app, await signIn(strict.app));
      const res = await strictOwner
        .put('/api/admin/notifications/settings')
        .send(settings({ contacts: { url: 'http://169.254.169.254/latest/meta-data' } }))
        .expect(400);
      expect(res.body.fields['webhooks.contacts.url']).toMatch(/refused/);
    } finally {
      await strict.close();
    }
  });
});

describe("a lead's deliveries", () => {
  it('say that no mail server is configured, show each delivery, and resend (audited)', async () => {
    const status = await editor.get('/api/admin/notifications/status').expect(200);
    expect(status.body).toMatchObject({
      mailConfigured: false,
      message: expect.stringMatching(/No mail server/),
    });

    hooks.state.status = 503;
    const { lead } = await storeContactLead(t.db);
    const worker = startOutboxWorker({
      db: t.db,
      log: createLogger('silent'),
      publicUrl: t.env.PUBLIC_URL,
      allowPrivateWebhooks: true,
      pollMs: 3_600_000,
      maxAttempts: 1,
    });
    try {
      await worker.runDue();
    } finally {
      await worker.stop();
    }
    const url = `/api/admin/leads/contacts/${lead.id}/notifications`;
    const listed = await editor.get(url).expect(200);
    const byWhat = Object.fromEntries(
      (listed.body.deliveries as { what: string }[]).map((d) => [d.what, d]),
    ) as Record<string, Record<string, unknown>>;
    expect(byWhat['staff-lead']).toMatchObject({ status: 'queued', attempts: 0, to: 'sales@agency.test' });
    expect(byWhat['visitor-confirmation']).toMatchObject({ status: 'queued', to: lead.email });
    expect(byWhat['webhook']).toMatchObject({
      status: 'failed',
      lastError: 'the receiver answered HTTP 503',
    });
    expect(hooks.received[0]!.signatureValid).toBe(true);

    const failing = await editor.get('/api/admin/notifications/status').expect(200);
    expect(failing.body).toMatchObject({ failed: 1, queued: 2 });

    const resent = await editor.post(`${url}/resend`).send({}).expect(200);
    expect(resent.body).toEqual({ queued: 3 });
    const after = await editor.get(url).expect(200);
    expect((after.body.deliveries as { status: string }[]).map((d) => d.status)).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    const audit = await owner.get(`/api/admin/audit?type=contacts&id=${lead.id}`).expect(200);
    expect(audit.body[0]).toMatchObject({ action: 'leads.resend', actorName: EDITOR.name });

    await editor.post('/api/admin/leads/contacts/999999/notifications/resend').send({}).expect(404);
    await editor.get('/api/admin/leads/nope/1/notifications').expect(400);
  });
});

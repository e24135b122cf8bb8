import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRMATION_TEXT, PERSONAL_DATA_KINDS, PrivacyMessages } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { formFlashes, newsletterSubscriptions, outboxJobs, resourceLeads, resources } from '../db/schema';
import { saveNotificationSettings } from '../notifications/notification-settings';
import { enqueueLeadNotifications } from '../notifications/outbox';
import { storeContactLead } from '../notifications/notifications-test-support';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { ADMIN, EDITOR, createAccount, signInAs } from './staff-test-support';

/** Issue 39 item 3: a person's data, found in every place it lives, exported and erased. */
const JANE = 'jane.doe@client.test';
const OTHER = 'someone.else@client.test';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: ReturnType<typeof staffClient>;
let editor: ReturnType<typeof staffClient>;

/** One record of each kind a visitor leaves, for this address (typed as a visitor might). */
async function plant(typed: string) {
  await storeContactLead(t.db, { email: typed, firstName: 'Planted', lastName: typed });
  const [resource] = await t.db
    .insert(resources)
    .values({ title: 'Guide', description: 'A guide', gated: true, fileUrl: 'guide.pdf' })
    .returning();
  await t.db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(resourceLeads)
      .values({ resourceId: resource!.id, name: `Reader ${typed}`, email: typed })
      .returning();
    await enqueueLeadNotifications(tx, { type: 'resources', ...lead! });
    const [sub] = await tx.insert(newsletterSubscriptions).values({ email: typed }).returning();
    await enqueueLeadNotifications(tx, { type: 'newsletter', ...sub! });
  });
  // An e-mail to the address that carries no lead (a confirmation link, say).
  await t.db.insert(outboxJobs).values({
    kind: 'email',
    payload: { template: 'visitor-notice', to: [typed], text: 'Please confirm' },
    leadType: 'newsletter',
    leadId: 0,
  });
  await t.db.insert(formFlashes).values({
    id: `flash-${typed}`,
    payload: { form: 'contact', status: 'invalid', values: { firstName: 'Planted', email: typed } },
    expiresAt: new Date(Date.now() + 600_000),
  });
  // A failed CMS sign-in with the address, through the real sign-in route.
  await request(t.app)
    .post('/api/admin/auth')
    .send({ email: typed, password: 'not the password' })
    .expect(401);
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, RATE_LIMIT_SCALE: 50 } });
  owner = staffClient(t.app, await signIn(t.app));
  await createAccount(owner, EDITOR, 'editor');
  editor = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
  await saveNotificationSettings(t.db, {
    recipients: ['sales@agency.test'],
    notifyNewsletter: true,
    confirmationText: DEFAULT_CONFIRMATION_TEXT,
    webhooks: {},
  });
  await plant('  Jane.Doe@Client.test ');
  await plant(OTHER);
});
afterAll(() => t.close());

describe('a person’s data (admins)', () => {
  it('finds the address in every place it lives, whatever its letter case, and nothing of another address', async () => {
    const res = await owner.post('/api/admin/privacy/search').send({ email: JANE.toUpperCase() }).expect(200);
    expect(res.body.counts).toEqual({
      contactRequests: 1,
      resourceLeads: 1,
      newsletterSubscriptions: 1,
      // The staff e-mail and the visitor's confirmation of the contact request, the staff e-mails of
      // the download and the sign-up, and the e-mail sent to the address without a lead.
      outboxJobs: 5,
      formOutcomes: 1,
      failedSignIns: 1,
      staffAccounts: 0,
    });
    const text = JSON.stringify(res.body.records).toLowerCase();
    expect(text).toContain(JANE);
    expect(text).not.toContain(OTHER);
    // A staff recipient's address finds no lead e-mails: they hold other people's leads.
    const recipient = await owner
      .post('/api/admin/privacy/search')
      .send({ email: 'sales@agency.test' })
      .expect(200);
    expect(recipient.body.counts.outboxJobs).toBe(0);
  });

  it('exports the same records as one JSON and one CSV download, and the audit names no address', async () => {
    const json = await owner.post('/api/admin/privacy/export').send({ email: JANE }).expect(200);
    expect(json.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    for (const kind of PERSONAL_DATA_KINDS)
      expect(json.body.records[kind]).toHaveLength(json.body.counts[kind]);

    const csv = await owner.post('/api/admin/privacy/export.csv').send({ email: JANE }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/filename="personal-data-\d{4}-\d\d-\d\d\.csv"/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toContain('"Held in","Id","When","Record"');
    expect(lines).toHaveLength(1 + 10);
    expect(lines.filter((l) => l.startsWith('"Contact requests"'))).toHaveLength(1);
    expect(csv.text.toLowerCase()).not.toContain(OTHER);

    const audit = await owner.get('/api/admin/audit').expect(200);
    const exports = (audit.body as { action: string; summary: string; actorName: string }[]).filter(
      (e) => e.action === 'privacy.export',
    );
    expect(exports).toHaveLength(2);
    expect(exports[0]!.summary).toMatch(/^Exported \(CSV\) 10 record\(s\)/);
    expect(JSON.stringify(exports).toLowerCase()).not.toContain(JANE);
  });

  it('is refused to editors', async () => {
    await editor.post('/api/admin/privacy/search').send({ email: JANE }).expect(403);
    await editor.post('/api/admin/privacy/erase').send({ email: JANE, confirm: JANE }).expect(403);
  });

  it('erases only after the address is typed again, then nothing of it is left and the other address is untouched', async () => {
    const refused = await owner
      .post('/api/admin/privacy/erase')
      .send({ email: JANE, confirm: 'jane@client.test' })
      .expect(400);
    expect(refused.body.fields.confirm).toBe(PrivacyMessages.confirm);
    await owner.post('/api/admin/privacy/erase').send({ email: JANE }).expect(400);

    const erased = await owner
      .post('/api/admin/privacy/erase')
      .send({ email: JANE, confirm: JANE.toUpperCase() })
      .expect(200);
    expect(erased.body).toEqual({
      erased: {
        contactRequests: 1,
        resourceLeads: 1,
        newsletterSubscriptions: 1,
        outboxJobs: 5,
        formOutcomes: 1,
        failedSignIns: 1,
      },
      total: 10,
      staffAccountsKept: 0,
      message: '',
    });

    const after = await owner.post('/api/admin/privacy/search').send({ email: JANE }).expect(200);
    expect(Object.values(after.body.counts)).toEqual(PERSONAL_DATA_KINDS.map(() => 0));
    const other = await owner.post('/api/admin/privacy/search').send({ email: OTHER }).expect(200);
    expect(other.body.counts).toMatchObject({ contactRequests: 1, outboxJobs: 5, failedSignIns: 1 });

    // The audit says that an erasure happened, by whom and how much, and holds the address nowhere.
    const audit = await owner.get('/api/admin/audit.csv').expect(200);
    expect(audit.text.toLowerCase()).not.toContain(JANE);
    const rows = (await owner.get('/api/admin/audit').expect(200)).body as {
      action: string;
      summary: string;
    }[];
    expect(rows.find((r) => r.action === 'privacy.erase')).toMatchObject({
      actorName: 'Owner',
      entityType: 'privacy',
      summary: expect.stringMatching(/^Erased 10 record\(s\): contactRequests 1/),
    });
    expect(rows.filter((r) => r.action === 'sign-in-failed')).toHaveLength(2);
  });

  it('finds a staff account by its address but never erases it, and says so', async () => {
    await createAccount(owner, ADMIN, 'admin');
    const found = await owner.post('/api/admin/privacy/search').send({ email: ADMIN.email }).expect(200);
    expect(found.body.records.staffAccounts).toEqual([
      expect.objectContaining({ email: ADMIN.email, name: ADMIN.name, role: 'admin' }),
    ]);
    expect(JSON.stringify(found.body)).not.toMatch(/passwordHash|scrypt/);
    const erased = await owner
      .post('/api/admin/privacy/erase')
      .send({ email: ADMIN.email, confirm: ADMIN.email })
      .expect(200);
    expect(erased.body).toMatchObject({ staffAccountsKept: 1, message: PrivacyMessages.staffKept });
    await signInAs(t.app, ADMIN.email, ADMIN.password);
  });
});

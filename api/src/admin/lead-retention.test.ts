import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_CONFIRMATION_TEXT, DEFAULT_SITE_SETTINGS } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { capturedLog } from '../test-support/captured-log';
import {
  contactRequests,
  newsletterSubscriptions,
  outboxJobs,
  pages,
  resourceLeads,
  resources,
} from '../db/schema';
import { saveNotificationSettings } from '../notifications/notification-settings';
import { storeContactLead } from '../notifications/notifications-test-support';
import { SEED_PAGES } from '../content/content-seed-data';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { adoptRetentionPlaceholder, purgeExpiredLeads } from './lead-retention';

/** Issue 39 item 4: leads are kept no longer than the privacy page says, by the database's clock. */
let t: Awaited<ReturnType<typeof createTestApp>>;

/** Moves a row's dates into the past on the database's own clock (the purge judges by now() in SQL). */
const monthsAgo = (months: number) => sql`now() - make_interval(months => ${months}, days => 1)`;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  await saveNotificationSettings(t.db, {
    recipients: ['sales@agency.test'],
    notifyNewsletter: false,
    confirmationText: DEFAULT_CONFIRMATION_TEXT,
    webhooks: {},
  });
});
afterAll(() => t.close());

async function contactFrom(email: string, createdMonthsAgo: number, handledMonthsAgo?: number) {
  const { lead } = await storeContactLead(t.db, { email });
  await t.db.execute(
    sql`update contact_requests set created_at = ${monthsAgo(createdMonthsAgo)}, handled_at = ${
      handledMonthsAgo === undefined ? null : monthsAgo(handledMonthsAgo)
    } where id = ${lead.id}`,
  );
  return lead.id;
}

describe('lead retention', () => {
  it('deletes the leads past the setting (24 months by default) and their notifications, logging only counts', async () => {
    const expired = await contactFrom('old@client.test', 25);
    const recent = await contactFrom('recent@client.test', 23);
    // Arrived long ago, but staff dealt with it last month: the last contact counts.
    const handledLately = await contactFrom('handled@client.test', 30, 1);
    const [resource] = await t.db
      .insert(resources)
      .values({ title: 'Guide', description: 'A guide', gated: true, fileUrl: 'guide.pdf' })
      .returning();
    const [oldLead, newLead] = await t.db
      .insert(resourceLeads)
      .values([
        { resourceId: resource!.id, name: 'Old Reader', email: 'old-reader@client.test' },
        { resourceId: resource!.id, name: 'New Reader', email: 'new-reader@client.test' },
      ])
      .returning();
    await t.db.execute(
      sql`update resource_leads set created_at = ${monthsAgo(40)} where id = ${oldLead!.id}`,
    );
    await t.db.insert(newsletterSubscriptions).values({ email: 'reader@client.test' });
    await t.db.execute(sql`update newsletter_subscriptions set created_at = ${monthsAgo(60)}`);

    const { log, lines, text } = capturedLog();
    const purged = await purgeExpiredLeads(t.db, log);
    expect(purged).toEqual({
      months: 24,
      contactRequests: 1,
      resourceLeads: 1,
      outboxJobs: 2,
      deliveredSnapshotsTrimmed: 0,
    });

    const contactIds = (await t.db.select({ id: contactRequests.id }).from(contactRequests)).map((r) => r.id);
    expect(contactIds.sort()).toEqual([recent, handledLately].sort());
    expect((await t.db.select().from(resourceLeads)).map((r) => r.id)).toEqual([newLead!.id]);
    expect(await t.db.select().from(newsletterSubscriptions)).toHaveLength(1);
    const jobs = await t.db.select({ leadId: outboxJobs.leadId }).from(outboxJobs);
    expect(jobs.map((j) => j.leadId)).not.toContain(expired);

    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'retention: leads past their period deleted',
        contactRequests: 1,
        resourceLeads: 1,
        outboxJobs: 2,
      }),
    ]);
    expect(text()).not.toMatch(/@client\.test|Old Reader/);
  });

  it('a notification delivered over 30 days ago keeps what, to whom and when, not the lead; a recent one keeps all', async () => {
    const lead = await contactFrom('delivered@client.test', 2);
    await t.db.execute(
      sql`update outbox_jobs set status = 'sent', sent_at = now() - make_interval(days => 31) where lead_id = ${lead} and lead_type = 'contacts'`,
    );
    const fresh = await contactFrom('fresh@client.test', 0);
    await t.db.execute(
      sql`update outbox_jobs set status = 'sent', sent_at = now() where lead_id = ${fresh} and lead_type = 'contacts'`,
    );
    const purged = await purgeExpiredLeads(t.db, capturedLog().log);
    expect(purged).toMatchObject({ contactRequests: 0, deliveredSnapshotsTrimmed: 2 });
    const jobs = await t.db.select().from(outboxJobs);
    const old = jobs.filter((j) => j.leadId === lead);
    expect(old.map((j) => j.payload['lead'])).toEqual([undefined, undefined]);
    // The staff e-mail named the lead; now only its template and recipients (a visitor's own
    // confirmation still says whom it went to, as the lead's record does until its period ends).
    expect(old.find((j) => j.kind === 'email')?.payload).toMatchObject({
      template: 'staff-lead',
      to: ['sales@agency.test'],
    });
    expect(
      Object.keys(
        old.find((j) => j.kind === 'email' && j.payload['template'] === 'staff-lead')!.payload,
      ).sort(),
    ).toEqual(['template', 'to']);
    expect(JSON.stringify(jobs.filter((j) => j.leadId === fresh).map((j) => j.payload))).toContain(
      'fresh@client.test',
    );
    // The lead itself is untouched: its own period has not ended.
    expect((await t.db.select().from(contactRequests)).map((r) => r.id)).toContain(lead);
  });

  it('follows the period an admin sets in the site settings', async () => {
    const owner = staffClient(t.app, await signIn(t.app));
    await owner
      .put('/api/admin/site-settings')
      .send({ ...DEFAULT_SITE_SETTINGS, leadRetentionMonths: 0 })
      .expect(400);
    await owner
      .put('/api/admin/site-settings')
      .send({ ...DEFAULT_SITE_SETTINGS, leadRetentionMonths: 12 })
      .expect(200);
    const publicSettings = await owner.get('/api/site-settings').expect(200);
    expect(publicSettings.body.leadRetentionMonths).toBe(12);

    const kept = await contactFrom('eleven@client.test', 11);
    await contactFrom('thirteen@client.test', 13);
    const before = (await t.db.select().from(contactRequests)).length;
    const purged = await purgeExpiredLeads(t.db, capturedLog().log);
    // The 23-month lead of the first test goes now, with the 13-month one.
    expect(purged).toMatchObject({ months: 12, contactRequests: 2 });
    const left = (await t.db.select({ id: contactRequests.id }).from(contactRequests)).map((r) => r.id);
    expect(left).toHaveLength(before - 2);
    expect(left).toContain(kept);
  });
});

describe('a privacy page seeded before the setting', () => {
  it('names the setting instead of the fixed 24 months, once, leaving the rest and its date as they were', async () => {
    const seeded = SEED_PAGES.find((p) => p.slug === 'privacy')!;
    const body = (seeded.content as { body: string }).body;
    const before = body.replace('{{retentionMonths}}', '24');
    expect(before).toContain(
      '- Contact requests and resource leads: up to 24 months after our last contact with you.',
    );
    const [page] = await t.db
      .insert(pages)
      .values({ ...seeded, content: { body: before }, updatedAt: '2025-01-01T00:00:00.000Z' })
      .returning();

    expect(await adoptRetentionPlaceholder(t.db)).toBe(1);
    const [after] = await t.db
      .select()
      .from(pages)
      .where(sql`${pages.id} = ${page!.id}`);
    expect((after!.content as { body: string }).body).toBe(body);
    expect(new Date(after!.updatedAt).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(await adoptRetentionPlaceholder(t.db)).toBe(0);
  });
});

/** Another instance on the same PostgreSQL database holding the purge's lock: this one skips its round. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('lead retention on several instances (PostgreSQL)', () => {
  it('purges on one instance at a time', async () => {
    const expired = await contactFrom('locked-out@client.test', 200);
    const { Client } = await import('pg');
    const other = new Client({ connectionString: t.postgresUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query("select pg_advisory_xact_lock(hashtext('lead-retention'))");
      expect(await purgeExpiredLeads(t.db, capturedLog().log)).toBeUndefined();
      expect(
        (await t.db.select({ id: contactRequests.id }).from(contactRequests)).map((r) => r.id),
      ).toContain(expired);
      await other.query('commit');
      expect(await purgeExpiredLeads(t.db, capturedLog().log)).toMatchObject({ contactRequests: 1 });
    } finally {
      await other.end();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

const contact = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Byron',
  email,
  company: 'Engines',
  budget: '10k-25k',
  goals: 'Count the leads of the week',
});

describe("the Overview's new leads of the week", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  });
  afterAll(() => t.close());

  it('counts the last 7 days by kind, by the database clock; subscriptions once confirmed', async () => {
    await t.db.insert(contactRequests).values([contact('new@lead.example'), contact('old@lead.example')]);
    await t.db.execute(
      sql`update contact_requests set created_at = now() - interval '10 days' where email = 'old@lead.example'`,
    );
    const [resource] = await t.db
      .insert(resources)
      .values({ title: 'Guide', description: 'd', gated: true, fileUrl: '/uploads/g.pdf' })
      .returning();
    await t.db
      .insert(resourceLeads)
      .values({ resourceId: resource!.id, name: 'Lin', email: 'lin@lead.example' });
    await t.db
      .insert(newsletterSubscriptions)
      .values([
        {
          email: 'confirmed@lead.example',
          status: 'confirmed',
          confirmedAt: sql`now()` as unknown as string,
        },
        { email: 'pending@lead.example' },
      ]);
    const staff = staffClient(t.app, await signIn(t.app));
    const res = await staff.get('/api/admin/leads/summary').expect(200);
    expect(res.body).toMatchObject({ contacts: 1, resources: 1, newsletter: 1 });
    expect(Date.parse(res.body.since)).toBeLessThan(Date.now() - 6 * 86_400_000);
  });
});

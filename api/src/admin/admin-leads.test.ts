import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { SITE_HOST, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

describe('leads inbox', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
    const contact = {
      lastName: 'L',
      budget: '10k-25k',
      goals: 'Grow organic traffic a lot',
    };
    await t.db.insert(contactRequests).values([
      {
        ...contact,
        firstName: 'Old',
        email: 'old@a.example',
        company: 'Acme',
        createdAt: '2024-01-01T00:00:00Z',
      },
      {
        ...contact,
        firstName: 'New',
        email: 'new@b.example',
        company: '=HYPERLINK("http://evil")',
        createdAt: '2024-06-01T00:00:00Z',
      },
    ]);
    await t.db.insert(newsletterSubscriptions).values([
      { email: 'first@news.example', createdAt: '2024-01-01T00:00:00Z' },
      { email: 'second@news.example', createdAt: '2024-02-01T00:00:00Z' },
    ]);
    const [r] = await t.db
      .insert(resources)
      .values({ title: 'SEO Guide', description: 'd', fileUrl: '/x.pdf' })
      .returning();
    await t.db.insert(resourceLeads).values({ resourceId: r!.id, name: 'Grace', email: 'grace@c.example' });
  });
  afterAll(() => t.close());

  it('lists contact requests newest first and searches them', async () => {
    const all = await staff.get('/api/admin/leads?type=contacts').expect(200);
    expect(all.body.map((r: { firstName: string }) => r.firstName)).toEqual(['New', 'Old']);
    const found = await staff.get('/api/admin/leads?type=contacts&q=ACME').expect(200);
    expect(found.body.map((r: { firstName: string }) => r.firstName)).toEqual(['Old']);
    const literal = await staff.get('/api/admin/leads?type=contacts&q=%25').expect(200);
    expect(literal.body).toEqual([]);
  });

  it('lists newsletter subscribers and resource leads with the resource title', async () => {
    const news = await staff.get('/api/admin/leads?type=newsletter').expect(200);
    expect(news.body.map((r: { email: string }) => r.email)).toEqual([
      'second@news.example',
      'first@news.example',
    ]);
    const res = await staff.get('/api/admin/leads?type=resources&q=seo').expect(200);
    expect(res.body).toEqual([expect.objectContaining({ name: 'Grace', resourceTitle: 'SEO Guide' })]);
  });

  it('refuses an unknown type and repeated parameters', async () => {
    await staff.get('/api/admin/leads?type=users').expect(400);
    await staff.get('/api/admin/leads?type=contacts&type=newsletter').expect(400);
  });

  it('exports CSV as a download with formula cells neutralised', async () => {
    const res = await staff.get('/api/admin/leads.csv?type=contacts').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Issue 25 item 7: headers a person reads, the budget's label and each lead's status.
    expect(lines[0]).toBe(
      '"Received","First Name","Last Name","Email","Company","Budget","Goals","Source","Campaign","Landing page","Page","Status","Handled At"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain('"Old"');
    expect(lines[2]).toMatch(/"\$\d+k[^"]*","[^"]*","","","","","Open",""$/);
  });
});

describe('leads: handled, open, delete', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let cookie: string;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    cookie = await signIn(t.app);
    staff = staffClient(t.app, cookie);
    const rows = await t.db
      .insert(newsletterSubscriptions)
      .values([{ email: 'a@news.example' }, { email: 'b@news.example' }, { email: 'c@news.example' }])
      .returning();
    ids.push(...rows.map((r) => r.id));
  });
  afterAll(() => t.close());

  const emails = async (status: string) =>
    (await staff.get(`/api/admin/leads?type=newsletter&status=${status}`).expect(200)).body
      .map((r: { email: string }) => r.email)
      .sort();

  it('marks leads handled and open again; the status filter follows', async () => {
    const res = await staff
      .post('/api/admin/leads/handled')
      .send({ type: 'newsletter', ids: [ids[0], ids[1], 999999], handled: true })
      .expect(200);
    expect(res.body).toEqual({ count: 2 });
    const [stored] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, ids[0]!));
    expect(stored!.handledAt).not.toBeNull();
    expect(await emails('handled')).toEqual(['a@news.example', 'b@news.example']);
    expect(await emails('open')).toEqual(['c@news.example']);
    expect(await emails('all')).toHaveLength(3);
    await staff
      .post('/api/admin/leads/handled')
      .send({ type: 'newsletter', ids: [ids[1]], handled: false })
      .expect(200);
    expect(await emails('open')).toEqual(['b@news.example', 'c@news.example']);
    const csv = await staff.get('/api/admin/leads.csv?type=newsletter&status=handled').expect(200);
    expect(
      csv.text.startsWith(
        '\uFEFF"Signed up","Email","Subscription","Confirmed","Unsubscribed","Source","Campaign","Landing page","Page","Status","Handled At"\r\n',
      ),
    ).toBe(true);
    expect(csv.text).toMatch(/"a@news\.example","Awaiting confirmation","","","","","","","Handled","\d{4}-/);
    expect(csv.text).toContain('"a@news.example"');
    expect(csv.text).not.toContain('"b@news.example"');
  });

  it('deletes leads for good', async () => {
    const res = await staff
      .post('/api/admin/leads/delete')
      .send({ type: 'newsletter', ids: [ids[2]] })
      .expect(200);
    expect(res.body).toEqual({ count: 1 });
    expect(
      await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, ids[2]!)),
    ).toEqual([]);
    expect(await emails('all')).toEqual(['a@news.example', 'b@news.example']);
  });

  it('refuses bad bodies (400), anonymous (401) and cross-site (403) requests, changing nothing', async () => {
    for (const body of [
      {},
      { type: 'users', ids: [ids[0]] },
      { type: 'newsletter', ids: [] },
      { type: 'newsletter', ids: [ids[0]], handled: 'yes' },
      { type: 'newsletter', ids: [ids[0]], extra: 1 },
    ]) {
      await staff.post('/api/admin/leads/delete').send(body).expect(400);
    }
    await staff
      .post('/api/admin/leads/handled')
      .send({ type: 'newsletter', ids: [ids[0]] })
      .expect(400);
    await request(t.app)
      .post('/api/admin/leads/delete')
      .send({ type: 'newsletter', ids: [ids[0]] })
      .expect(401);
    await request(t.app)
      .post('/api/admin/leads/delete')
      .set('Cookie', cookie)
      .set('Host', SITE_HOST)
      .set('Origin', 'https://evil.example')
      .send({ type: 'newsletter', ids: [ids[0]] })
      .expect(403);
    expect(await emails('all')).toEqual(['a@news.example', 'b@news.example']);
  });
});

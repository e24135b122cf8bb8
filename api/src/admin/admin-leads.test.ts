import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

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
    expect(lines[0]).toBe('"createdAt","firstName","lastName","email","company","budget","goals"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain('"Old"');
  });
});

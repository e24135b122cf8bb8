import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_SOURCE_FIELDS } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

/** The site's public origin (PUBLIC_URL): a Referer there is one of its pages. */
const ORIGIN = 'https://agency.test';
const { landing: LANDING, referrer: REFERRER } = LEAD_SOURCE_FIELDS;

const contact = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  company: 'Compiler Works',
  budget: '25k-50k',
  goals: 'Make our documentation findable by search engines',
});

describe('where each lead came from (issue 38 item 4)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let gatedId: number;
  const contactSource = async (email: string) =>
    (await t.db.select().from(contactRequests).where(eq(contactRequests.email, email)))[0]?.source;
  const newsletterSource = async (email: string) =>
    (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0]
      ?.source;
  const leadSource = async (email: string) =>
    (await t.db.select().from(resourceLeads).where(eq(resourceLeads.email, email)))[0]?.source;

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { PUBLIC_URL: ORIGIN, ADMIN_PASSWORD: STAFF_PASSWORD } });
    const [gated] = await t.db.select().from(resources).where(eq(resources.gated, true)).limit(1);
    gatedId = gated!.id;
  });
  afterAll(() => t.close());

  it('a JSON contact request records the page (Referer), the landing page, its utm_* and the referrer host (hints)', async () => {
    await request(t.app)
      .post('/api/contacts')
      .set('Referer', `${ORIGIN}/contact`)
      .send({
        ...contact('json@cobol.example'),
        [LANDING]:
          '/blog/seo-tips?utm_source=linkedin&utm_medium=social&utm_campaign=spring-launch&utm_term=seo&utm_content=hero&gclid=abc',
        [REFERRER]: 'www.linkedin.com',
      })
      .expect(201);
    expect(await contactSource('json@cobol.example')).toEqual({
      page: '/contact',
      landingPage: '/blog/seo-tips',
      referrerHost: 'www.linkedin.com',
      utm: {
        utm_source: 'linkedin',
        utm_medium: 'social',
        utm_campaign: 'spring-launch',
        utm_term: 'seo',
        utm_content: 'hero',
      },
    });
  });

  it('hints of the wrong shape are dropped and the lead is stored with what the request showed', async () => {
    const wrong: Record<string, unknown>[] = [
      { [LANDING]: 'https://evil.example/?utm_source=spam', [REFERRER]: 'http://evil.example/path' },
      { [LANDING]: '//evil.example/x', [REFERRER]: 'evil.example<script>' },
      { [LANDING]: `/${'a'.repeat(600)}`, [REFERRER]: { host: 'x' } },
      { [LANDING]: 42, [REFERRER]: ['www.google.com'] },
      { [LANDING]: '/ok\u0000', [REFERRER]: 'WWW.UPPER.EXAMPLE' },
    ];
    for (const [i, hints] of wrong.entries()) {
      const email = `wrong${i}@news.example`;
      await request(t.app)
        .post('/api/newsletter')
        .set('Referer', `${ORIGIN}/about`)
        .send({ email, ...hints })
        .expect(201);
      expect(await newsletterSource(email), JSON.stringify(hints)).toEqual({ page: '/about' });
    }
    // A hint naming this site as the referrer says nothing.
    await request(t.app)
      .post('/api/newsletter')
      .send({ email: 'self@news.example', [REFERRER]: 'agency.test' })
      .expect(201);
    expect(await newsletterSource('self@news.example')).toBeNull();
  });

  it("another site's Referer is no page of ours: its path and utm_* are not recorded", async () => {
    await request(t.app)
      .post('/api/contacts')
      .set('Referer', 'https://evil.example/contact?utm_source=forged&utm_campaign=forged')
      .send(contact('cross@cobol.example'))
      .expect(201);
    expect(await contactSource('cross@cobol.example')).toBeNull();
  });

  it('a JSON resource lead sent from a campaign link without hints takes its landing page and utm_* from the Referer', async () => {
    await request(t.app)
      .post(`/api/resources/${gatedId}/leads`)
      .set('Referer', `${ORIGIN}/resources?utm_source=newsletter&utm_medium=email&utm_campaign=guide-q3`)
      .send({ name: 'Ada', email: 'ada@lead.example' })
      .expect(201);
    expect(await leadSource('ada@lead.example')).toEqual({
      page: '/resources',
      landingPage: '/resources',
      utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'guide-q3' },
    });
  });

  describe('without JavaScript (HTML form posts)', () => {
    const post = (path: string, referer: string, body: Record<string, string>) =>
      request(t.app)
        .post(path)
        .set('Origin', ORIGIN)
        .set('Referer', referer)
        .type('form')
        .send(body)
        .expect(303);

    it('the contact form posted from a campaign link records the page, the landing page and the utm_* of its Referer', async () => {
      await post('/forms/contact', `${ORIGIN}/contact?utm_source=google&utm_medium=cpc&utm_campaign=brand`, {
        ...contact('html@cobol.example'),
        from: '/contact',
      });
      expect(await contactSource('html@cobol.example')).toEqual({
        page: '/contact',
        landingPage: '/contact',
        utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'brand' },
      });
    });

    it("the footer's newsletter form records the page, and the hidden hint fields the page filled in", async () => {
      await post('/forms/newsletter', `${ORIGIN}/services`, {
        email: 'html@news.example',
        from: '/services',
        [LANDING]: '/?utm_source=twitter&utm_campaign=launch',
        [REFERRER]: 't.co',
      });
      expect(await newsletterSource('html@news.example')).toEqual({
        page: '/services',
        landingPage: '/',
        referrerHost: 't.co',
        utm: { utm_source: 'twitter', utm_campaign: 'launch' },
      });
      // A hidden field of the wrong shape is dropped; the sign-up is stored.
      await post('/forms/newsletter', `${ORIGIN}/services`, {
        email: 'bad-hint@news.example',
        from: '/services',
        [LANDING]: 'javascript:alert(1)',
        [REFERRER]: 'not a host',
      });
      expect(await newsletterSource('bad-hint@news.example')).toEqual({ page: '/services' });
    });

    it("a gated resource's access form records its page and campaign", async () => {
      await post(
        `/resources/${gatedId}/access`,
        `${ORIGIN}/resources/${gatedId}/access?utm_source=partner&utm_campaign=ebook`,
        { name: 'Grace', email: 'grace@lead.example' },
      );
      expect(await leadSource('grace@lead.example')).toEqual({
        page: `/resources/${gatedId}/access`,
        landingPage: `/resources/${gatedId}/access`,
        utm: { utm_source: 'partner', utm_campaign: 'ebook' },
      });
    });
  });

  describe('staff: the Leads list and CSV', () => {
    let staff: ReturnType<typeof staffClient>;
    beforeAll(async () => {
      staff = staffClient(t.app, await signIn(t.app, STAFF_PASSWORD));
    });
    const emails = async (query: string) =>
      ((await staff.get(`/api/admin/leads?${query}`).expect(200)).body as { email: string }[])
        .map((r) => r.email)
        .sort();

    it('each row carries its source; ?source= matches the referrer host or utm_source, ?campaign= the utm_campaign', async () => {
      const rows = (await staff.get('/api/admin/leads?type=contacts').expect(200)).body as {
        email: string;
        source: unknown;
      }[];
      expect(rows.find((r) => r.email === 'json@cobol.example')?.source).toMatchObject({
        referrerHost: 'www.linkedin.com',
        utm: { utm_campaign: 'spring-launch' },
      });
      expect(rows.find((r) => r.email === 'cross@cobol.example')?.source).toBeNull();

      expect(await emails('type=contacts&source=LinkedIn')).toEqual(['json@cobol.example']);
      expect(await emails('type=contacts&source=google')).toEqual(['html@cobol.example']);
      expect(await emails('type=contacts&campaign=spring')).toEqual(['json@cobol.example']);
      expect(await emails('type=contacts&source=google&campaign=spring')).toEqual([]);
      // The referrer host matches too (t.co had no utm_source of its own here: twitter).
      expect(await emails('type=newsletter&source=t.co')).toEqual(['html@news.example']);
      expect(await emails('type=resources&campaign=guide')).toEqual(['ada@lead.example']);
      expect(await emails('type=resources&source=partner')).toEqual(['grace@lead.example']);
    });

    it('the CSV has Source, Campaign, Landing page and Page columns, and follows the filters', async () => {
      const csv = await staff.get('/api/admin/leads.csv?type=contacts&campaign=spring').expect(200);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        '"Received","First Name","Last Name","Email","Company","Budget","Goals","Source","Campaign","Landing page","Page","Status","Handled At"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(
        '"json@cobol.example","Compiler Works","$25k - $50k","Make our documentation findable by search engines","linkedin","spring-launch","/blog/seo-tips","/contact","Open"',
      );
      const news = await staff.get('/api/admin/leads.csv?type=newsletter&source=t.co').expect(200);
      expect(news.text).toContain(
        '"html@news.example","Awaiting confirmation","","","twitter","launch","/","/services","Open"',
      );
    });

    it('refuses a filter with a control character or over 200 characters', async () => {
      await staff.get('/api/admin/leads?type=contacts&source=a%00b').expect(400);
      await staff.get(`/api/admin/leads?type=contacts&campaign=${'x'.repeat(201)}`).expect(400);
    });
  });
});

import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { JSDOM } from 'jsdom';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDetailSchema } from '@agency/contracts';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { createTestApp } from '../test-support/test-app';
import * as schema from '../db/schema';
import { services } from '../db/schema';
import { SEED_SERVICES } from './service-seed-data';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const NEW_SERVICE = {
  title: 'Email Marketing',
  slug: 'email-marketing',
  description: 'Lifecycle email that sells without discounting.',
  icon: 'target',
  visual: 'sunset',
  subtitle: 'Flows that pay for themselves.',
  intro: 'Welcome, browse-abandon and win-back flows, written and tested by senior specialists.',
  provenResult: '31% of revenue from email within six months',
  features: [
    { title: 'Flow Audit', description: 'Every automated email reviewed against revenue.' },
    { title: 'Lifecycle Flows', description: 'Welcome, post-purchase and win-back.' },
  ],
  benefits: ['More repeat revenue', 'Fewer discounts'],
  process: [{ phase: 'Audit', description: 'Two weeks of review.' }],
  testimonialQuote: 'Email became our second-largest channel.',
  testimonialAuthor: 'Dana Price',
  testimonialRole: 'Head of CRM, Copper & Pine',
  published: true,
  displayOrder: 7,
};

/** A site folder with only the shell's page (no server builds): heads and statuses still come from the server. */
function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'service-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Generic</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

const sitemapLocs = async (t: TestApp) => {
  const res = await request(t.app).get('/sitemap.xml').expect(200);
  const doc = new JSDOM(res.text, { contentType: 'application/xml' }).window.document;
  return [...doc.getElementsByTagName('loc')].map((l) => new URL(l.textContent ?? '').pathname);
};

describe('service pages come from the CMS', () => {
  let t: TestApp;
  let staff: ReturnType<typeof staffClient>;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: siteRoot() } });
    staff = staffClient(t.app, await signIn(t.app));
    id = (await staff.post('/api/admin/services').send(NEW_SERVICE).expect(201)).body.id as number;
  });
  afterAll(() => t.close());

  it('GET /api/services/:slug answers a published service with everything its page shows', async () => {
    const res = await request(t.app).get('/api/services/email-marketing').expect(200);
    expect(serviceDetailSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      id,
      title: 'Email Marketing',
      slug: 'email-marketing',
      description: NEW_SERVICE.description,
      icon: 'target',
      visual: 'sunset',
      gradient: 'service-web-design',
      subtitle: NEW_SERVICE.subtitle,
      intro: NEW_SERVICE.intro,
      provenResult: NEW_SERVICE.provenResult,
      features: NEW_SERVICE.features,
      benefits: NEW_SERVICE.benefits,
      process: NEW_SERVICE.process,
      testimonial: {
        quote: 'Email became our second-largest channel.',
        author: 'Dana Price',
        role: 'Head of CRM, Copper & Pine',
      },
      displayOrder: 7,
    });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(res.headers['surrogate-key']).toBe('services');
  });

  it('serves the seeded services with the texts of the former static catalogue', async () => {
    const res = await request(t.app).get('/api/services/seo').expect(200);
    expect(res.body).toMatchObject({
      title: 'SEO & Content',
      subtitle: 'Rank for the searches that turn into revenue.',
      visual: 'ocean',
      provenResult: '247% average organic traffic growth within 12 months',
      testimonial: { author: 'Sarah Chen', role: 'VP of Marketing, Northwind Outfitters' },
    });
    expect(res.body.features).toHaveLength(5);
    expect(res.body.features[0]).toEqual({
      title: 'Technical SEO Audit',
      description:
        'Crawl, indexation and Core Web Vitals analysis of every page template, with fixes ranked by the traffic at stake.',
    });
    expect(res.body.benefits).toHaveLength(4);
    expect(res.body.process.map((s: { phase: string }) => s.phase)).toEqual([
      'Discovery & Audit',
      'Roadmap',
      'Implementation',
      'Measure & Compound',
    ]);
  });

  it('answers 404 {message, code} for unknown and malformed slugs, and refuses query parameters', async () => {
    for (const slug of ['no-such-service', 'UPPER', "x'%20or%201=1--", '%00', 'a'.repeat(300)]) {
      const res = await request(t.app).get(`/api/services/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body, slug).toEqual({ message: 'Service not found', code: 'NOT_FOUND' });
    }
    const res = await request(t.app).get('/api/services/seo?draft=1').expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('has its page at /services/<slug> with its own head, in the sitemap, until it is unpublished', async () => {
    const page = await request(t.app).get('/services/email-marketing').expect(200);
    const doc = new JSDOM(page.text).window.document;
    expect(doc.title).toContain('Email Marketing');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      NEW_SERVICE.description,
    );
    expect(await sitemapLocs(t)).toEqual(
      expect.arrayContaining(['/services/seo', '/services/web-design', '/services/email-marketing']),
    );
    // The cached public answer is dropped by the staff write.
    await request(t.app).get('/api/services/email-marketing').expect(200);
    const {
      createdAt: _c,
      updatedAt: _u,
      id: _id,
      ...values
    } = (await staff.get(`/api/admin/services/${id}`).expect(200)).body as Record<string, unknown>;
    await staff
      .put(`/api/admin/services/${id}`)
      .send({ ...values, published: false })
      .expect(200);

    const gone = await request(t.app).get('/api/services/email-marketing').expect(404);
    expect(gone.body).toEqual({ message: 'Service not found', code: 'NOT_FOUND' });
    // Staff do not see it either: an unpublished service has no page.
    await staff.get('/api/services/email-marketing').expect(404);
    await request(t.app).get('/services/email-marketing').expect(404);
    const list = await request(t.app).get('/api/services?published=true').expect(200);
    expect(list.body.map((s: { slug: string }) => s.slug)).not.toContain('email-marketing');
    const locs = await sitemapLocs(t);
    expect(locs).not.toContain('/services/email-marketing');
    expect(locs).toContain('/services/seo');
  });

  it('public answers still carry the gradient class; clients of the first contract are read', async () => {
    const detail = await request(t.app).get('/api/services/paid-media').expect(200);
    expect(detail.body).toMatchObject({ visual: 'ember', gradient: 'service-paid-media' });
    const list = await request(t.app).get('/api/services?published=true').expect(200);
    for (const s of list.body as { gradient: string }[]) expect(s.gradient).toMatch(/^service-/);
    // A client that sends gradient and plain-text features (spec: features (array)).
    const created = await staff
      .post('/api/admin/services')
      .send({
        title: 'Legacy Client',
        slug: 'legacy-client',
        description: 'Sent the way the first contract said.',
        gradient: 'service-shopify',
        features: ['Audit', 'Roadmap'],
      })
      .expect(201);
    expect(created.body).toMatchObject({
      visual: 'forest',
      features: [
        { title: 'Audit', description: '' },
        { title: 'Roadmap', description: '' },
      ],
    });
    const page = await request(t.app).get('/api/services/legacy-client').expect(200);
    expect(page.body.gradient).toBe('service-shopify');
  });

  it('refuses a visual that is not one of the names, and keeps the stored service', async () => {
    const res = await staff
      .post('/api/admin/services')
      .send({ ...NEW_SERVICE, slug: 'bad-visual', visual: 'service-seo' })
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(await t.db.select().from(services).where(eq(services.slug, 'bad-visual'))).toHaveLength(0);
  });
});

describe('migration 0003 on a database from before it', () => {
  const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
  let client: PGlite;
  afterAll(() => client?.close());

  it('fills the six known services from the catalogue, keeps staff edits and converts other features', async () => {
    // The migrations up to 0002, as an existing database has them.
    const before = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    cpSync(drizzleDir, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_service_pages'));
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));

    client = await PGlite.create('memory://');
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`
      insert into services (slug, title, description, icon, gradient, features, display_order) values
        ('seo', 'SEO & Content', 'Card text', 'search', 'service-seo',
          '["Technical audits","Keyword & intent mapping","Content strategy","Digital PR"]', 1),
        ('paid-media', 'Paid Media (renamed)', 'Edited card', 'target', 'service-paid-media',
          '["Edited by staff"]', 2),
        ('email', 'Email', 'New one', 'bot', 'service-shopify', '["Flows","Audits"]', 3)`);

    await migrate(db, { migrationsFolder: drizzleDir });
    const rows = await db.select().from(services).orderBy(services.displayOrder);
    const seo = SEED_SERVICES.find((s) => s.slug === 'seo')!;
    const paid = SEED_SERVICES.find((s) => s.slug === 'paid-media')!;
    expect(rows[0]).toMatchObject({
      title: 'SEO & Content',
      description: 'Card text',
      visual: 'ocean',
      subtitle: seo.subtitle,
      intro: seo.intro,
      provenResult: seo.provenResult,
      features: seo.features,
      benefits: seo.benefits,
      process: seo.process,
      testimonialQuote: seo.testimonialQuote,
      testimonialAuthor: seo.testimonialAuthor,
      testimonialRole: seo.testimonialRole,
    });
    // Staff edits stay: the renamed title, the card text and the edited features (now titles).
    expect(rows[1]).toMatchObject({
      title: 'Paid Media (renamed)',
      description: 'Edited card',
      visual: 'ember',
      subtitle: paid.subtitle,
      benefits: paid.benefits,
      features: [{ title: 'Edited by staff', description: '' }],
    });
    expect(rows[2]).toMatchObject({
      visual: 'forest',
      subtitle: '',
      benefits: [],
      process: [],
      testimonialQuote: '',
      features: [
        { title: 'Flows', description: '' },
        { title: 'Audits', description: '' },
      ],
    });
  });
});

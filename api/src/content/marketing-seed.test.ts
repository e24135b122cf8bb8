import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homepageHeroContentSchema, SERVICE_ICONS, SERVICE_VISUALS } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { contentBlocks, services, testimonials } from '../db/schema';
import { seedMarketing } from './marketing-seed';

describe('seedMarketing', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('serves a complete homepage hero block', async () => {
    const res = await request(t.app).get('/api/content-blocks/homepage-hero').expect(200);
    const content = homepageHeroContentSchema.required().parse(res.body.content);
    expect(content.title).toBe('Digital Performance, Distilled.');
    expect(content.metrics.map((m) => `${m.value} ${m.label}`)).toEqual([
      '247% Avg. Traffic Growth',
      '$2.4M Revenue Generated',
      '40+ Years Combined Exp.',
    ]);
    expect(content.primaryCTA).toEqual({ text: 'Start Your Growth Journey', href: '/contact' });
    expect(content.secondaryCTA).toEqual({ text: 'View Case Studies', href: '/case-studies' });
  });

  it('serves the six services in order with the spec icons and their visuals', async () => {
    const res = await request(t.app).get('/api/services?published=true').expect(200);
    expect(res.body.map((s: { slug: string }) => s.slug)).toEqual([
      'seo',
      'paid-media',
      'data-science',
      'ai-automations',
      'shopify',
      'web-design',
    ]);
    expect(res.body.map((s: { icon: string }) => s.icon)).toEqual([...SERVICE_ICONS]);
    expect(res.body.map((s: { visual: string }) => s.visual)).toEqual([...SERVICE_VISUALS]);
    for (const s of res.body as { features: string[]; provenResult: string }[]) {
      expect(s.features).toHaveLength(5);
      expect(s.provenResult).not.toBe('');
    }
  });

  it('serves at least four complete testimonials', async () => {
    const res = await request(t.app).get('/api/testimonials?published=true').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
    for (const x of res.body) {
      expect(x.name && x.title && x.company && x.content).toBeTruthy();
      expect(x.rating).toBeGreaterThanOrEqual(1);
    }
  });

  it('changes nothing when it runs again', async () => {
    const counts = async () => [
      (await t.db.select().from(contentBlocks)).length,
      (await t.db.select().from(services)).length,
      (await t.db.select().from(testimonials)).length,
    ];
    const before = await counts();
    await seedMarketing(t.db);
    expect(await counts()).toEqual(before);
  });
});

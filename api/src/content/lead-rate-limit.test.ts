import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resourceLeads, resources } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { LEAD_RATE_LIMIT } from './resources-router';

describe('gated-resource leads rate limit', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let id = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.db
      .insert(resources)
      .values({
        title: 'Guide',
        description: 'A guide',
        type: 'guide',
        gated: true,
        fileUrl: '/files/x.pdf',
        published: true,
      })
      .returning({ id: resources.id });
    id = row!.id;
  });
  afterAll(() => t.close());

  it('invalid leads are 400 and do not count; valid ones beyond the limit answer 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      await request(t.app).post(`/api/resources/${id}/leads`).send({ name: '', email: 'nope' }).expect(400);
    }
    for (let i = 0; i < LEAD_RATE_LIMIT.limit; i++) {
      await request(t.app)
        .post(`/api/resources/${id}/leads`)
        .send({ name: `Reader ${i}`, email: `reader${i}@example.com` })
        .expect(201);
    }
    const res = await request(t.app)
      .post(`/api/resources/${id}/leads`)
      .send({ name: 'One more', email: 'more@example.com' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.db.select().from(resourceLeads).where(eq(resourceLeads.resourceId, id));
    expect(stored).toHaveLength(LEAD_RATE_LIMIT.limit);
  });
});

import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterMessages } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { newsletterSubscriptions } from '../db/schema';

describe('POST /api/newsletter', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('subscribes a new address and stores it trimmed', async () => {
    await request(t.app).post('/api/newsletter').send({ email: '  grace@navy.example ' }).expect(201);
    const rows = await t.db.select().from(newsletterSubscriptions);
    expect(rows.map((r) => r.email)).toContain('grace@navy.example');
  });

  it('a pending address signing up again is a success again (its confirmation may be resent), one row', async () => {
    const res = await request(t.app)
      .post('/api/newsletter')
      .send({ email: 'Grace@navy.example ' })
      .expect(201);
    expect(res.body).toMatchObject({ email: 'grace@navy.example', confirmation: 'pending' });
    const rows = await t.db.select().from(newsletterSubscriptions);
    expect(rows.filter((r) => r.email.toLowerCase() === 'grace@navy.example')).toHaveLength(1);
  });

  it('answers 409 "already subscribed" for a confirmed address in other case and spacing', async () => {
    await t.db
      .update(newsletterSubscriptions)
      .set({ status: 'confirmed' })
      .where(eq(newsletterSubscriptions.email, 'grace@navy.example'));
    const res = await request(t.app)
      .post('/api/newsletter')
      .send({ email: ' GRACE@Navy.example' })
      .expect(409);
    expect(res.text).toContain('already subscribed');
    expect(res.body.code).toBe('ALREADY_SUBSCRIBED');
    const rows = await t.db.select().from(newsletterSubscriptions);
    expect(rows.filter((r) => r.email.toLowerCase() === 'grace@navy.example')).toHaveLength(1);
  });

  it('answers 400 with the spec message for an invalid address', async () => {
    const res = await request(t.app).post('/api/newsletter').send({ email: 'not-an-email' }).expect(400);
    expect(res.body.fields.email).toBe(NewsletterMessages.email);
  });
});

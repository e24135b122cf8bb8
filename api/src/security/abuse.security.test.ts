import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, newsletterSubscriptions } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { CONTACT_RATE_LIMIT } from '../contact/contact-router';
import { STAFF_PASSWORD } from '../admin/admin-test-support';

const contact = (i: number) => ({
  firstName: 'Flood',
  lastName: String(i),
  email: `flood${i}@example.com`,
  company: 'Bots',
  budget: '10k-25k',
  goals: 'Sending far too many messages',
});

describe('access control', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('contact submissions beyond the limit answer 429 with Retry-After, and store nothing more', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      await request(t.app).post('/api/contacts').send(contact(i)).expect(201);
    }
    const res = await request(t.app).post('/api/contacts').send(contact(999));
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(await t.db.select().from(contactRequests)).toHaveLength(CONTACT_RATE_LIMIT.limit);
  });

  it('newsletter sign-ups beyond the limit answer 429 with Retry-After', async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (
        await request(t.app)
          .post('/api/newsletter')
          .send({ email: `n${i}@example.com` })
      ).status;
    }
    expect(last).toBe(429);
  });

  it('a spoofed X-Forwarded-For does not reset the limit when no proxy is trusted', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .set('X-Forwarded-For', '203.0.113.9')
      .send(contact(1000));
    expect(res.status).toBe(429);
  });

  it('a filled honeypot is answered like a success and stored nowhere', async () => {
    const fresh = await createTestApp();
    await request(fresh.app)
      .post('/api/newsletter')
      .send({ email: 'bot@example.com', website: 'http://spam.example' })
      .expect(201);
    await request(fresh.app)
      .post('/api/contacts')
      .send({ ...contact(1), website: 'http://spam.example' })
      .expect(201);
    expect(await fresh.db.select().from(newsletterSubscriptions)).toHaveLength(0);
    expect(await fresh.db.select().from(contactRequests)).toHaveLength(0);
    await fresh.close();
  });
  it('counts IPv6 clients per /64 and IPv4-mapped IPv6 as the IPv4 address, for every limit', async () => {
    // Scale 0.1: 3 contact submissions and 1 wrong password per client per window.
    const t = await createTestApp({
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, TRUST_PROXY: 1, RATE_LIMIT_SCALE: 0.1 },
    });
    const post = (ip: string, i: number) =>
      request(t.app).post('/api/contacts').set('X-Forwarded-For', ip).send(contact(i));
    const guess = (ip: string) =>
      request(t.app).post('/api/admin/auth').set('X-Forwarded-For', ip).send({ password: 'a wrong guess' });
    try {
      const limit = Math.floor(CONTACT_RATE_LIMIT.limit * 0.1);
      // Rotating the interface bits of one /64 buys nothing.
      for (let i = 1; i <= limit; i++) await post(`2001:db8:5:6::${i.toString(16)}`, i).expect(201);
      await post('2001:db8:5:6:ffff:ffff:ffff:fffe', 100).expect(429);
      await post('2001:db8:5:7::1', 101).expect(201);
      // An IPv4 client is the same client whether its address arrives mapped into IPv6 or not.
      for (let i = 0; i < limit; i++) await post('203.0.113.7', 200 + i).expect(201);
      await post('::ffff:203.0.113.7', 300).expect(429);

      await guess('2001:db8:9:9::1').expect(401);
      await guess('2001:db8:9:9::2').expect(429);
      await guess('198.51.100.20').expect(401);
      await guess('::ffff:198.51.100.20').expect(429);
    } finally {
      await t.close();
    }
  });
});

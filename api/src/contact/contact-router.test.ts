import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { ContactMessages } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { contactRequests } from '../db/schema';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@analytical.example',
  company: 'Analytical Engines Ltd',
  budget: '25k-50k',
  goals: 'Grow organic traffic by 50% this year',
};

describe('POST /api/contacts', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a valid request with its creation time and answers 201', async () => {
    const res = await request(t.app).post('/api/contacts').send(valid).expect(201);
    expect(res.body.id).toBeGreaterThan(0);
    const [row] = await t.db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(1);
    expect(row).toMatchObject({ ...valid, id: res.body.id });
    expect(Date.parse(row!.createdAt)).not.toBeNaN();
  });

  it('stores every one of many simultaneous requests (one group insert) and answers each with its own row', async () => {
    const sent = Array.from({ length: 25 }, (_, i) => ({ ...valid, lastName: `Simultaneous ${i}` }));
    const answers = await Promise.all(sent.map((body) => request(t.app).post('/api/contacts').send(body)));
    expect(answers.map((a) => a.status)).toEqual(sent.map(() => 201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(25);
    const rows = await t.db.select().from(contactRequests);
    answers.forEach((a, i) => {
      const row = rows.find((r) => r.id === a.body.id);
      expect(row).toMatchObject({ lastName: `Simultaneous ${i}` });
      expect(new Date(row!.createdAt).toISOString()).toBe(a.body.createdAt);
    });
  });

  it('answers 400 with every field message of the spec on an empty body', async () => {
    const res = await request(t.app).post('/api/contacts').send({}).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.fields).toEqual({
      firstName: ContactMessages.firstName,
      lastName: ContactMessages.lastName,
      email: ContactMessages.email,
      company: ContactMessages.company,
      budget: ContactMessages.budget,
      goals: ContactMessages.goals,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });

  it('refuses goals under 10 characters, an unknown budget and unknown keys', async () => {
    const short = await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, goals: 'too short' })
      .expect(400);
    expect(short.body.fields.goals).toBe(ContactMessages.goals);
    const budget = await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, budget: '5k' })
      .expect(400);
    expect(budget.body.fields.budget).toBe(ContactMessages.budget);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, isAdmin: true })
      .expect(400);
  });

  it('refuses CR/LF in the e-mail address', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, email: 'a@b.example\r\nBcc: x@y.example' })
      .expect(400);
    expect(res.body.fields.email).toBe(ContactMessages.email);
  });

  it('answers 400 to malformed JSON and 413 to bodies over 100 KB, storing nothing', async () => {
    const before = (await t.db.select().from(contactRequests)).length;
    const bad = await request(t.app)
      .post('/api/contacts')
      .set('Content-Type', 'application/json')
      .send('{"firstName":')
      .expect(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
    const big = await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, goals: 'x'.repeat(110 * 1024) })
      .expect(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await t.db.select().from(contactRequests)).length).toBe(before);
  });

  it('silently drops a submission whose honeypot is filled', async () => {
    const before = (await t.db.select().from(contactRequests)).length;
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, website: 'http://spam.example' })
      .expect(201);
    expect((await t.db.select().from(contactRequests)).length).toBe(before);
  });

  it('invalid submissions never use up the rate limit: 40 in a row are all 400, and a valid one still passes', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await request(t.app)
        .post('/api/contacts')
        .send({ ...valid, email: `not-an-email-${i}` });
      expect(res.status).toBe(400);
    }
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, email: 'still.allowed@example.com' })
      .expect(201);
  });
});

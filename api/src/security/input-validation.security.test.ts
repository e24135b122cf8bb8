import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, newsletterSubscriptions } from '../db/schema';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createTestApp } from '../test-support/test-app';
import { createApp } from '../app';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: 'Engines',
  budget: '10k-25k',
  goals: 'Grow organic traffic this year',
};

describe('input validation', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const storedContacts = async () => (await t.db.select().from(contactRequests)).length;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { RATE_LIMIT_SCALE: 100 } });
  });
  afterAll(() => t.close());

  it('refuses a __proto__ key (prototype pollution) with 400 and pollutes nothing', async () => {
    const before = await storedContacts();
    const res = await request(t.app)
      .post('/api/contacts')
      .set('Content-Type', 'application/json')
      .send(
        `{"firstName":"A","lastName":"B","email":"a@example.com","company":"C","budget":"10k-25k","goals":"long enough goals","__proto__":{"polluted":true}}`,
      );
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await storedContacts()).toBe(before);
  });

  it('refuses constructor/prototype keys with 400', async () => {
    const res = await request(t.app)
      .post('/api/newsletter')
      .set('Content-Type', 'application/json')
      .send('{"email":"x@example.com","constructor":{"prototype":{"polluted":true}}}');
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses repeated query parameters with 400', async () => {
    await request(t.app).get('/api/services?published=true&published=true').expect(400);
    await request(t.app).get('/api/blog-posts?published=true&published=false').expect(400);
  });

  it('refuses unknown query parameters and values with 400', async () => {
    await request(t.app).get('/api/testimonials?published=yes').expect(400);
    await request(t.app).get('/api/case-studies?published=true&debug=1').expect(400);
  });

  it('refuses CR/LF in e-mail addresses (header injection) with 400', async () => {
    const res = await request(t.app)
      .post('/api/newsletter')
      .send({ email: 'a@example.com\r\nBcc: all@example.com' });
    expect(res.status).toBe(400);
    expect(await t.db.select().from(newsletterSubscriptions)).toHaveLength(0);
  });

  it('refuses a display-name address and control characters in names', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, email: '"Boss" <boss@example.com>' })
      .expect(400);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, firstName: 'Ada\u0000' })
      .expect(400);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, company: 'Line\nbreak' })
      .expect(400);
  });

  it('refuses over-long strings with 400', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, firstName: 'A'.repeat(101) })
      .expect(400);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, goals: 'g'.repeat(5001) })
      .expect(400);
    await request(t.app)
      .post('/api/newsletter')
      .send({ email: `${'a'.repeat(250)}@example.com` })
      .expect(400);
  });

  it('refuses wrong types, arrays and nested objects with 400', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, firstName: ['Ada'] })
      .expect(400);
    await request(t.app).post('/api/contacts').send([valid]).expect(400);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, budget: { $ne: null } })
      .expect(400);
  });

  it('answers 400 to malformed JSON and 413 to a body over 100 KB', async () => {
    await request(t.app)
      .post('/api/newsletter')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    await request(t.app)
      .post('/api/newsletter')
      .send({ email: 'a@example.com', website: 'x'.repeat(120 * 1024) })
      .expect(413);
  });

  it('does not store a text/plain or form-encoded body', async () => {
    const before = await storedContacts();
    const plain = await request(t.app)
      .post('/api/contacts')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(valid));
    expect([400, 415]).toContain(plain.status);
    const form = await request(t.app).post('/api/contacts').type('form').send(valid);
    expect([400, 415]).toContain(form.status);
    expect(await storedContacts()).toBe(before);
  });

  it('slugs with SQL meta-characters answer 404 or 400, never 500', async () => {
    for (const slug of ["' OR 1=1--", '"; drop table blog_posts; --', 'a%27%20union%20select%201--', '%00']) {
      for (const base of ['/api/blog-posts/', '/api/case-studies/', '/api/content-blocks/', '/api/pages/']) {
        const res = await request(t.app).get(base + encodeURIComponent(slug));
        expect([400, 404], `${base}${slug}`).toContain(res.status);
      }
    }
    // The tables are still there.
    await request(t.app).get('/api/blog-posts?published=true').expect(200);
  });

  it('slugs with path meta-characters answer 404 or 400, never 500 or a file', async () => {
    for (const p of [
      '/api/blog-posts/..%2F..%2Fpackage.json',
      '/api/case-studies/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/remotes/mf-contact/..%2F..%2Fpackage.json',
      '/releases/..%2Fpackage.json',
      '/blog/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await request(t.app).get(p);
      expect([400, 403, 404], p).toContain(res.status);
      expect(res.text).not.toContain('"workspaces"');
    }
  });

  it('the page-meta lookup validates its path', async () => {
    await request(t.app).get('/api/page-meta').query({ path: 'http://evil.example/' }).expect(400);
    await request(t.app)
      .get('/api/page-meta')
      .query({ path: `/${'a'.repeat(400)}` })
      .expect(400);
  });
  it('answers malformed percent-escapes and other client errors with their 4xx status, logged as warnings at most', async () => {
    const lines: { level: number; msg: string; err?: unknown }[] = [];
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const app = createApp({ env: t.env, database: t.database, log });
    for (const p of [
      '/%ff',
      '/blog/%ff',
      '/case-studies/%E0%A4%A',
      '/api/pages/%ff',
      '/api/blog-posts/%ff',
      '/api/content-blocks/%ff',
      '/api/resources/%ff/download',
      '/remotes/mf-contact/%ff',
    ]) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(400);
      expect(Object.keys(res.body).sort(), p).toEqual(['code', 'message']);
      expect(res.text, p).not.toMatch(/\bat \S+ \(|URIError|node_modules/);
    }
    const upload = await request(app).get('/uploads/%ff');
    expect(upload.status).toBeGreaterThanOrEqual(400);
    expect(upload.status).toBeLessThan(500);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
  });
});

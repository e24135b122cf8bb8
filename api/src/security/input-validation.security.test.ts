import request from 'supertest';
import express from 'express';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, ErrorCode } from '@agency/contracts';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createTestApp } from '../test-support/test-app';
import { capturedLog } from '../test-support/captured-log';
import { UNSTORABLE_TEXT_ANSWER, errorHandler } from '../http/errors';
import { createApp } from '../app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

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

/** `text` with `hostile` inside it (not at an end, where trimming would take it away). */
const within = (text: string, hostile: string) => `${text.slice(0, 1)}${hostile}${text.slice(1)}`;

describe("control characters (issue 36, item 3): 400, or a form's own answer, never a 500 or an error log", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let captured: ReturnType<typeof capturedLog>;
  let gatedId: number;
  const errorLines = () => captured.lines.filter((l) => (l.level as number) >= 50);
  const storedRows = async () =>
    (await t.db.select().from(contactRequests)).length +
    (await t.db.select().from(newsletterSubscriptions)).length +
    (await t.db.select().from(resourceLeads)).length;
  beforeAll(async () => {
    captured = capturedLog('debug');
    t = await createTestApp({ seed: true, log: captured.log, env: { RATE_LIMIT_SCALE: 100 } });
    const [gated] = await t.db.select().from(resources).where(eq(resources.gated, true)).limit(1);
    gatedId = gated!.id;
  });
  afterAll(() => t.close());

  const jsonForms = () => [
    { path: '/api/contacts', body: valid as Record<string, string> },
    { path: '/api/newsletter', body: { email: 'ada@example.com' } },
    { path: `/api/resources/${gatedId}/leads`, body: { name: 'Ada Lovelace', email: 'ada@example.com' } },
  ];

  it('the JSON form APIs answer 400 naming the field for a NUL (or another control character) in any field', async () => {
    const before = await storedRows();
    for (const { path, body } of jsonForms()) {
      for (const field of Object.keys(body)) {
        for (const hostile of ['\u0000', '\u001b', '\ud800']) {
          const res = await request(t.app)
            .post(path)
            .send({ ...body, [field]: within(body[field]!, hostile) });
          const where = `${path} ${field} U+${hostile.charCodeAt(0).toString(16)}`;
          expect(res.status, where).toBe(400);
          expect(res.body.code, where).toBe(ErrorCode.VALIDATION);
          expect(res.body.fields?.[field], where).toBeTruthy();
        }
      }
    }
    const goals = await request(t.app)
      .post('/api/contacts')
      .send({ ...valid, goals: 'Grow organic\u0000 traffic' })
      .expect(400);
    expect(goals.body.fields).toEqual({ goals: CONTROL_CHARACTERS_MESSAGE });
    expect(await storedRows()).toBe(before);
    expect(errorLines()).toEqual([]);
  });

  it('the three no-JavaScript forms answer a %00 in any field with their 303, not a 500', async () => {
    const origin = new URL(t.env.PUBLIC_URL);
    const before = await storedRows();
    const forms = [
      { path: '/forms/contact', body: valid as Record<string, string> },
      { path: '/forms/newsletter', body: { email: 'ada@example.com' } },
      { path: `/resources/${gatedId}/access`, body: { name: 'Ada Lovelace', email: 'ada@example.com' } },
    ];
    for (const { path, body } of forms) {
      for (const field of Object.keys(body)) {
        const encoded = Object.entries(body)
          .map(
            ([k, v]) => `${k}=${k === field ? within(encodeURIComponent(v), '%00') : encodeURIComponent(v)}`,
          )
          .join('&');
        const res = await request(t.app)
          .post(path)
          .set('Host', origin.host)
          .set('Origin', origin.origin)
          .type('form')
          .send(encoded);
        expect(res.status, `${path} ${field}`).toBe(303);
      }
    }
    expect(await storedRows()).toBe(before);
    expect(errorLines()).toEqual([]);
  });

  it('a NUL in the sign-in e-mail is a 400 at the field, logged below error, and counts as a failed attempt', async () => {
    const fresh = capturedLog('debug');
    const s = await createTestApp({ log: fresh.log });
    try {
      const signIn = () =>
        request(s.app)
          .post('/api/admin/auth')
          .send({ email: 'a@example.com\u0000', password: 'guess-guess-guess' });
      const first = await signIn();
      expect(first.status).toBe(400);
      expect(first.body.fields).toEqual({ email: CONTROL_CHARACTERS_MESSAGE });
      // Like wrong passwords, they use up this address's attempts (a bounded loop: the limit is 10).
      const statuses = [first.status];
      for (let i = 0; i < 30 && statuses.at(-1) !== 429; i++) statuses.push((await signIn()).status);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(fresh.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('staff writes and filters with a control character anywhere answer 400 at the field and store nothing', async () => {
    const fresh = capturedLog('debug');
    const s = await createTestApp({ seed: true, log: fresh.log, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const staff = staffClient(s.app, await signIn(s.app));
      const page = { name: 'Terms', slug: 'terms-x', title: 'Terms', content: { body: 'ok' } };
      const post = {
        slug: 'nul-post',
        title: 'Post',
        excerpt: 'Short',
        content: 'Body',
        contentFormat: 'markdown',
        category: 'News',
        author: 'Ada',
      };
      const writes: [string, string, unknown, string][] = [
        ['post', '/api/admin/pages', { ...page, title: 'Ter\u0000ms' }, 'title'],
        ['post', '/api/admin/pages', { ...page, content: { body: 'Line one\u0000' } }, 'content.body'],
        [
          'post',
          '/api/admin/pages',
          { ...page, content: { body: 'ok', list: [{ a: 'b\u001b' }] } },
          'content.list.0.a',
        ],
        ['post', '/api/admin/blog-posts', { ...post, content: 'Body\u0000' }, 'content'],
        ['post', '/api/admin/blog-posts', { ...post, tags: ['s\u0000eo'] }, 'tags.0'],
        [
          'post',
          '/api/admin/content-blocks',
          { name: 'Hero', identifier: 'hero-x', type: 'hero', content: { title: 'Gr\u0000ow' } },
          'content.title',
        ],
        ['put', '/api/admin/site-settings', { siteName: 'Agen\u0000cy' }, 'siteName'],
        ['post', '/api/admin/users', { email: 'ed@agency.test', name: 'E\u0000d', role: 'editor' }, 'name'],
        [
          'post',
          '/api/admin/password',
          { currentPassword: `${STAFF_PASSWORD}\u0000`, newPassword: 'another long password' },
          'currentPassword',
        ],
      ];
      for (const [method, url, body, field] of writes) {
        const res = await (method === 'put' ? staff.put(url) : staff.post(url)).send(body as object);
        expect(res.status, `${url} ${field}`).toBe(400);
        expect(res.body.fields?.[field], `${url} ${field}`).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
      expect((await staff.get('/api/admin/leads?q=a%00b')).status).toBe(400);
      expect((await staff.get('/api/admin/audit?actor=%00')).status).toBe(400);
      // Nothing of it was stored; a markdown body keeps its tabs and line breaks.
      const pages = (await staff.get('/api/admin/pages').expect(200)).body as { slug: string }[];
      expect(pages.some((p) => p.slug === 'terms-x')).toBe(false);
      const body = '# Terms\n\n\tIndented\r\nLast line';
      await staff
        .post('/api/admin/pages')
        .send({ ...page, content: { body } })
        .expect(201);
      expect(fresh.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("a character the database cannot store is a 400 wherever it reaches a query (the error middleware's backstop)", async () => {
    const app = express();
    // Real queries on the real database, past every contract: text, JSON, half a surrogate pair in JSON.
    app.get('/text', async () => {
      await t.db.execute(sql`select ${'a\u0000b'}::text`);
    });
    app.get('/json', async () => {
      await t.db.execute(sql`select ${JSON.stringify({ a: 'x\u0000' })}::jsonb`);
    });
    app.get('/surrogate', async () => {
      await t.db.execute(sql`select ${JSON.stringify({ a: 'x\ud800' })}::jsonb`);
    });
    app.get('/other', async () => {
      await t.db.execute(sql`select 1 / ${0}::int`);
    });
    const log = capturedLog('debug');
    app.use(errorHandler(log.log));
    for (const path of ['/text', '/json', '/surrogate']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ message: UNSTORABLE_TEXT_ANSWER, code: ErrorCode.VALIDATION });
    }
    expect(log.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    // Any other database failure is still the server's: a 500, logged as an error.
    expect((await request(app).get('/other')).status).toBe(500);
    expect(log.lines.filter((l) => (l.level as number) >= 50)).toHaveLength(1);
  });
});

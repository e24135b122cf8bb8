import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@agency/contracts';
import { createApp } from '../app';
import { createTestApp } from '../test-support/test-app';
import { authorize } from './access-policy';
import { OWNER } from './staff-actor';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount } from './staff-test-support';

/** Issue 36, items 2 and 4: an address's spelling can neither dodge the audit nor break the access rules. */
describe('access rules match the way Express routes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  const lines: { level: number }[] = [];

  beforeAll(async () => {
    const created = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)) as { level: number });
          done();
        },
      }),
    );
    t = { ...created, app: createApp({ env: created.env, database: created.database, log }) };
    owner = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const audit = async () => (await owner.get('/api/admin/audit').expect(200)).body as AuditEvent[];

  it('audits, under the route it reached, every write in any letter case or with a trailing slash', async () => {
    const eddie = await createAccount(owner, EDITOR, 'editor');
    const before = (await audit()).length;
    const writes: [string, number][] = [];
    const expectAudited = (label: string, status: number) => writes.push([label, status]);

    let res = await owner.patch(`/api/admin/Users/${eddie.id}`).send({ name: 'Eddie Renamed' });
    expectAudited('PATCH Users', res.status);
    res = await owner.post(`/api/admin/USERS/${eddie.id}/set-password-link/`).send({});
    expectAudited('POST USERS link', res.status);
    const settings = (await owner.get('/api/admin/site-settings').expect(200)).body as Record<
      string,
      unknown
    >;
    res = await owner.put('/api/admin/Site-Settings').send(settings);
    expectAudited('PUT Site-Settings', res.status);
    res = await owner.post('/api/admin/Leads/delete').send({ ids: [] });
    expectAudited('POST Leads/delete', res.status);
    res = await owner.post('/api/admin/Blog-Posts').send({
      slug: 'odd-case',
      title: 'Odd case',
      excerpt: 'x',
      content: 'Body',
      category: 'SEO',
      author: 'Ann',
      tags: [],
    });
    expectAudited('POST Blog-Posts', res.status);

    const rows = (await audit()).slice(0, (await audit()).length - before);
    const succeeded = writes.filter(([, status]) => status >= 200 && status < 300);
    // Each write either succeeded and left its row, or was refused and changed nothing.
    expect(rows.length).toBe(succeeded.length);
    expect(succeeded.map(([label]) => label)).toContain('PATCH Users');
    expect(succeeded.map(([label]) => label)).toContain('POST Blog-Posts');
    expect(rows.map((r) => r.action).sort()).toEqual(
      expect.arrayContaining(['content.create', 'user.update']),
    );
    const renamed = rows.find((r) => r.action === 'user.update')!;
    expect(renamed).toMatchObject({ entityType: 'users', entityId: String(eddie.id) });
    expect(rows.find((r) => r.action === 'content.create')).toMatchObject({ entityType: 'blog-posts' });
  });

  it('refuses a staff write that no access rule names, even to the owner', async () => {
    // A route added without its rule: the owner passes every role test, yet the write is refused.
    const bare = express();
    bare.use((_req, res, next) => {
      res.locals['actor'] = OWNER;
      next();
    });
    bare.use('/api/admin', authorize);
    bare.post('/api/admin/unruled', (_req, res) => res.json({ written: true }));
    bare.get('/api/admin/unruled', (_req, res) => res.json({ read: true }));
    expect((await request(bare).post('/api/admin/unruled').send({})).status).toBe(404);
    expect((await request(bare).get('/api/admin/unruled')).status).toBe(200);
  });

  it('answers a malformed escape in a staff address with 400, logged below error level', async () => {
    for (const p of ['/api/admin/pages/%ff', '/api/admin/Users/%E0%A4%A', '/api/admin/trash/%ff/1/restore']) {
      const res = p.includes('restore') ? await owner.post(p).send({}) : await owner.get(p);
      expect(res.status, p).toBe(400);
      expect(res.text, p).not.toMatch(/URIError|\bat \S+ \(/);
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

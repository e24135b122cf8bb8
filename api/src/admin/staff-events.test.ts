import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffEvent } from '@agency/contracts';
import { createApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createLogger } from '../logger';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount, signInAs } from './staff-test-support';

const POST = {
  slug: 'live-post',
  title: 'Live Post',
  excerpt: 'A post',
  content: 'Body text',
  category: 'SEO',
  author: 'Ada',
};

type App = Parameters<typeof createServer>[1];

/** The app on a real port, so the stream is read as a browser reads it (chunk by chunk). */
async function listening(app: App): Promise<{ server: Server; base: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** GET /api/admin/events with a cookie: the answer, and the events it pushes, parsed as they come. */
async function openStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/admin/events`, {
    headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, br' },
    signal: controller.signal,
  });
  const events: StaffEvent[] = [];
  let text = '';
  const waiting: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as StaffEvent);
          waiting.splice(0).forEach((fn) => fn());
        }
      }
    } catch {
      /* aborted */
    }
  })();
  /** Resolves with the first event `match` accepts (already here or coming within 5 s). */
  const next = (match: (e: StaffEvent) => boolean) =>
    new Promise<StaffEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such event; got ${JSON.stringify(events)}`)), 5000);
      const check = () => {
        const found = events.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiting.push(check);
      };
      check();
    });
  return { res, events, next, close: () => controller.abort() };
}

describe('live updates: GET /api/admin/events (issue 41)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let site: { server: Server; base: string };
  let ownerCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    site = await listening(t.app as unknown as App);
    ownerCookie = await signIn(t.app);
  });
  afterAll(async () => {
    site.server.closeAllConnections();
    await new Promise((r) => site.server.close(r));
    await t.close();
  });

  it('needs a staff session', async () => {
    const res = await fetch(`${site.base}/api/admin/events`);
    expect(res.status).toBe(401);
  });

  it('streams every staff write as {type, id, action}, uncompressed, to an editor signed in elsewhere', async () => {
    const owner = staffClient(t.app, ownerCookie);
    await createAccount(owner, EDITOR, 'editor');
    const stream = await openStream(site.base, await signInAs(t.app, EDITOR.email, EDITOR.password));
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      expect(stream.res.headers.get('cache-control')).toMatch(/no-store/);

      const created = await owner
        .post('/api/admin/blog-posts')
        .send(POST)
        .expect(201);
      const id = String(created.body.id);
      expect(await stream.next((e) => e.id === id)).toEqual({
        type: 'blog-posts',
        id,
        action: 'content.create',
      });
      await owner
        .put(`/api/admin/blog-posts/${id}`)
        .send({ ...POST, title: 'Live Post, again' })
        .expect(200);
      await stream.next((e) => e.id === id && e.action === 'content.update');
      await owner.delete(`/api/admin/blog-posts/${id}`).expect(204);
      await stream.next((e) => e.id === id && e.action === 'content.delete');
      // A refused write pushes nothing: only what changed reaches the other tabs.
      await owner.put(`/api/admin/blog-posts/999999`).send(POST).expect(404);
      expect(stream.events.filter((e) => e.id === '999999')).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('sends a heartbeat comment first, so proxies see the stream alive at once', async () => {
    const res = await fetch(`${site.base}/api/admin/events`, { headers: { Cookie: ownerCookie } });
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^retry: \d+\n: connected\n\n/);
    await reader.cancel();
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
    let second: Database;
    let other: { server: Server; base: string };
    let otherApp: ReturnType<typeof createApp>;

    beforeAll(async () => {
      second = await openDatabase({ databaseUrl: t.postgresUrl });
      otherApp = createApp({ env: t.env, database: second, log: createLogger('silent') });
      other = await listening(otherApp as unknown as App);
    });
    afterAll(async () => {
      other.server.closeAllConnections();
      await new Promise((r) => other.server.close(r));
      await second.close();
    });

    it('a write on one instance reaches a stream open on the other (LISTEN/NOTIFY)', async () => {
      const there = await openStream(other.base, await signIn(otherApp));
      try {
        // The other instance's LISTEN is up once its stream answers; a write here now is heard there.
        await new Promise((r) => setTimeout(r, 300));
        const owner = staffClient(t.app, ownerCookie);
        const link = await owner.post('/api/admin/redirects').send({ from: '/old-live', to: '/new-live' });
        expect(link.status).toBe(201);
        expect(await there.next((e) => e.action === 'redirect.create')).toEqual({
          type: 'redirects',
          id: String(link.body.id),
          action: 'redirect.create',
        });
      } finally {
        there.close();
      }
    });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import { standInSite, writeFiles } from '../../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn } from '../../admin/admin-test-support';

/**
 * Uncached pages (issue 43): one render per page at a time, stale copies while one render refreshes,
 * and no page sent without its text because the server was slow. The stand-in shell counts its renders
 * and can be held (a gate), made slow (past the budget it leaves the page's region to the browser, as
 * the real shell does), or made to fail once.
 */
const SHELL = `export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };
export async function render(req) {
  const s = globalThis.__flight;
  s.started++;
  if (s.gate) await s.gate;
  if (s.failOnce) {
    s.failOnce = false;
    return { html: '', state: {}, rendered: [], problems: null };
  }
  if (s.delayMs) await new Promise((r) => setTimeout(r, Math.min(s.delayMs, req.budgetMs)));
  if (s.delayMs > req.budgetMs)
    return { html: '<main><h1>rendered-in-browser</h1></main>', state: {}, rendered: [], leftToBrowser: [],
      problems: [{ remote: 'mf_content', message: 'data exceeded the render budget' }] };
  return { html: '<main><h1>' + s.marker + '</h1></main>', state: {}, rendered: Object.keys(req.remotes),
    leftToBrowser: [], problems: [] };
}`;

interface StandIn {
  started: number;
  marker: string;
  gate: Promise<void> | undefined;
  failOnce: boolean;
  delayMs: number;
}
const standIn: StandIn = { started: 0, marker: 'first', gate: undefined, failOnce: false, delayMs: 0 };
(globalThis as { __flight?: StandIn }).__flight = standIn;
/** Holds every render until the returned function is called. */
function hold() {
  let open!: () => void;
  standIn.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    standIn.gate = undefined;
    open();
  };
}
const until = async (done: () => boolean | Promise<boolean>) => {
  while (!(await done())) await new Promise((r) => setTimeout(r, 10));
};

async function site(env: Record<string, unknown>) {
  const root = standInSite('render-flight');
  writeFiles(root, { 'shell/dist/server/entry-server.js': SHELL });
  const t = await createTestApp({
    env: { SITE_ROOT: root, RATE_LIMIT_SCALE: 100, ADMIN_PASSWORD: STAFF_PASSWORD, ...env },
  });
  const server: Server = createServer(t.app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers });
    const text = await res.text();
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      heading: /<h1>([^<]*)<\/h1>/.exec(text)?.[1],
    };
  };
  /** Pages answered so far (rendered or from the cache): every request has reached the renderer. */
  const answered = async () => {
    const metric = await t.metrics.registry.getSingleMetric('page_views_total')?.get();
    return (metric?.values ?? []).reduce((n, v) => n + v.value, 0);
  };
  const close = async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  };
  return { t, get, answered, close };
}

describe('uncached pages: one render at a time, stale copies, never without text', () => {
  let s: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    // A budget no held render reaches.
    s = await site({ SSR_BUDGET_MS: 10_000 });
  });
  afterAll(() => s.close());

  it('50 visitors asking at once for a page nobody has: one render, 50 full pages', async () => {
    const before = standIn.started;
    const viewsBefore = await s.answered();
    const open = hold();
    const pages = Array.from({ length: 50 }, () => s.get('/blog'));
    await until(async () => (await s.answered()) >= viewsBefore + 50);
    open();
    const answers = await Promise.all(pages);
    expect(standIn.started - before).toBe(1);
    expect(answers.map((a) => [a.status, a.heading])).toEqual(Array(50).fill([200, 'first']));
    expect(answers.filter((a) => a.cache === 'MISS')).toHaveLength(1);
  });

  it('a render that fails releases those waiting for it: they render for themselves', async () => {
    const before = standIn.started;
    const viewsBefore = await s.answered();
    const open = hold();
    standIn.failOnce = true;
    const pages = Array.from({ length: 5 }, () => s.get('/resources'));
    await until(async () => (await s.answered()) >= viewsBefore + 5);
    open();
    const answers = await Promise.all(pages);
    // The failed render's visitor gets the plain shell; the four others their own render's page.
    expect(answers.filter((a) => a.heading === 'first')).toHaveLength(4);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(standIn.started - before).toBe(5);
  });

  it('a change is seen on the next visit: those asking meanwhile wait for the one fresh render', async () => {
    await s.get('/case-studies');
    expect((await s.get('/case-studies')).cache).toBe('HIT');
    standIn.marker = 'changed';
    s.t.cache.invalidate(['site-settings']);
    const before = standIn.started;
    const viewsBefore = await s.answered();
    const open = hold();
    const pages = Array.from({ length: 10 }, () => s.get('/case-studies'));
    await until(async () => (await s.answered()) >= viewsBefore + 10);
    open();
    const answers = await Promise.all(pages);
    expect(answers.map((a) => a.heading)).toEqual(Array(10).fill('changed'));
    expect(standIn.started - before).toBe(1);
  });
});

describe('a render past its budget', () => {
  let s: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    // An answer kept one second (then stale for a minute).
    s = await site({ SSR_BUDGET_MS: 100, CACHE_MAX_AGE_SECONDS: 1 });
  });
  afterAll(() => s.close());

  it('with no copy to fall back on, the page waits for its text (up to 3x the budget)', async () => {
    standIn.marker = 'slow but whole';
    standIn.delayMs = 200;
    try {
      const page = await s.get('/blog');
      expect(page.heading).toBe('slow but whole');
    } finally {
      standIn.delayMs = 0;
    }
  });

  it('with a copy dropped by a change, the copy is sent (stale) and the render finishes for the next visitor', async () => {
    standIn.marker = 'kept';
    expect((await s.get('/resources')).heading).toBe('kept');
    standIn.marker = 'after the change';
    s.t.cache.invalidate(['site-settings']);
    const open = hold();
    const page = await s.get('/resources');
    expect([page.cache, page.heading]).toEqual(['STALE', 'kept']);
    open();
    await until(async () => (await s.get('/resources')).cache === 'HIT');
    expect((await s.get('/resources')).heading).toBe('after the change');
  });

  it('a page past its age is sent stale at once while one render refreshes it; staff get a fresh render', async () => {
    standIn.marker = 'old';
    expect((await s.get('/case-studies')).heading).toBe('old');
    standIn.marker = 'new';
    await new Promise((r) => setTimeout(r, 1100)); // CACHE_MAX_AGE_SECONDS=1
    const before = standIn.started;
    const open = hold();
    // Answered while the refresh is held: the old page, marked stale, from one background render.
    const stale = await Promise.all([s.get('/case-studies'), s.get('/case-studies'), s.get('/case-studies')]);
    expect(stale.map((a) => [a.status, a.cache, a.heading])).toEqual(Array(3).fill([200, 'STALE', 'old']));
    await until(() => standIn.started - before === 1);
    // Staff never share it nor get the stale copy: their own render (held like every render).
    const staff = s.get('/case-studies', { cookie: await signIn(s.t.app) });
    await until(() => standIn.started - before === 2);
    open();
    expect((await staff).heading).toBe('new');
    expect((await staff).cache).toBeNull();
    await until(async () => (await s.get('/case-studies')).cache === 'HIT');
    expect((await s.get('/case-studies')).heading).toBe('new');
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { contactRequests } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { exited, startServer } from '../test-support/server-process';

const contact = (n: number) => ({
  firstName: 'Crash',
  lastName: `Test ${n}`,
  email: `crash.${n}@example.com`,
  company: 'Durability Ltd',
  budget: '10k-25k',
  goals: 'Make sure nothing acknowledged is ever lost',
});

async function post(url: string, body: unknown) {
  const res = await fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { id?: number } | null };
}

describe('faults', () => {
  it('SIGKILL during a stream of contact submissions loses no acknowledged submission (10 rounds)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'));
    const port = String(4100 + (process.pid % 200));
    const acknowledged: number[] = [];
    let n = 0;
    for (let round = 0; round < 10; round++) {
      const { child, url } = await startServer({ PORT: port, DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000' });
      let stop = false;
      // Four concurrent writers; the kill lands while requests are in flight.
      const writers = Array.from({ length: 4 }, async () => {
        while (!stop) {
          try {
            const r = await post(url, contact(n++));
            if (r.status === 201 && r.body?.id) acknowledged.push(r.body.id);
          } catch {
            return; // connection died with the server: not acknowledged
          }
        }
      });
      // Kill once this round's stream is flowing (a few answers in, on a busy machine too), at a
      // moment that moves from round to round.
      const before = acknowledged.length;
      for (let waited = 0; acknowledged.length < before + 3 && waited < 10_000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, round * 15));
      child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await exited(child);
    }
    expect(acknowledged.length).toBeGreaterThan(20);
    const database = await openDatabase({ dataDir });
    const rows = await database.db
      .select({ id: contactRequests.id })
      .from(contactRequests)
      .where(inArray(contactRequests.id, acknowledged));
    await database.close();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
  }, 240_000);

  it('SIGTERM drains in-flight requests: every accepted request is answered and stored, then exit 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'drain-'));
    const port = String(4400 + (process.pid % 200));
    const { child, url } = await startServer({ PORT: port, DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000' });
    const inFlight = Array.from({ length: 30 }, (_, i) => post(url, contact(10_000 + i)).catch(() => null));
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    expect(await exited(child)).toBe(0);
    const answered = results.filter((r) => r !== null);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((r) => r.status === 201)).toBe(true);
    const database = await openDatabase({ dataDir });
    const rows = await database.db.select({ id: contactRequests.id }).from(contactRequests);
    await database.close();
    expect(rows).toHaveLength(answered.length);
  }, 90_000);

  it('with the database gone the API answers 503 (never 500, never a stack) and pages 503 with the shell', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'site-'));
    mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      path.join(root, 'shell', 'dist', 'index.html'),
      '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
    );
    const t = await createTestApp({ env: { SITE_ROOT: root } });
    await t.database.close();
    // Alive, but not ready: a load balancer stops sending traffic, an orchestrator need not restart it.
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' });
    const write = await request(t.app).post('/api/contacts').send(contact(1));
    expect(write.status).toBe(503);
    expect(write.headers['retry-after']).toBeDefined();
    expect(write.body).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
    const news = await request(t.app).post('/api/newsletter').send({ email: 'down@example.com' });
    expect(news.status).toBe(503);
    // A page not in the cache: 503 with Retry-After (crawlers and caches keep what they have and come
    // back, issue 28), and the plain shell as its body, so a browser still loads what it can.
    const shell = await request(t.app).get('/contact');
    expect(shell.status).toBe(503);
    expect(shell.headers['retry-after']).toBe('5');
    expect(shell.text).toContain('<div id="root">');
  });
});

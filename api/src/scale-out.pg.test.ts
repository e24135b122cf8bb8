import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, scratchDatabase, signInOver, startServer, stopAll } from './test-support/server-process';
import { pngOfSize } from './test-support/files';

/**
 * Two API processes on one PostgreSQL database, as behind a load balancer, each with its own
 * DATA_DIR as on two hosts. Runs in `npm run test:pg` (TEST_DATABASE_URL set); skipped on the
 * embedded-PGlite run.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'scale-out-staff-password';
/** A file instance 0's disk store held before files moved into the database. */
const LEGACY_NAME = 'c0ffee00c0ffee00c0ffee00c0ffee00.png';
const LEGACY_BYTES = pngOfSize(300_000);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.skipIf(!baseUrl)('scale-out: two API instances on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const ports = [3900 + (process.pid % 40) * 2, 3901 + (process.pid % 40) * 2];
  const dbName = `scale_${process.pid}_${Date.now()}`;
  let db: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

  beforeAll(async () => {
    db = await scratchDatabase(baseUrl!, dbName);
    // Start one instance first so migrations run once, then the second. Each has its own DATA_DIR;
    // the first one's still holds an upload from the disk-store days.
    for (const [i, port] of ports.entries()) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `scale-out-${i}-`));
      if (i === 0) {
        mkdirSync(path.join(dataDir, 'uploads'));
        writeFileSync(path.join(dataDir, 'uploads', LEGACY_NAME), LEGACY_BYTES);
      }
      const { child } = await startServer({
        PORT: String(port),
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PASSWORD,
        SEED: 'true',
      });
      children.push(child);
    }
  }, 120_000);

  afterAll(async () => {
    await stopAll(children);
    await db?.drop();
  }, 60_000);

  const url = (i: number, p: string) => `http://127.0.0.1:${ports[i]}${p}`;
  const origin = (i: number) => `http://127.0.0.1:${ports[i]}`;
  const signInOn = (i: number) => signInOver(origin(i), PASSWORD);
  const uploadOn = async (
    i: number,
    cookie: string,
    route: string,
    field: string,
    bytes: Buffer,
    name: string,
  ) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(url(i, route), {
      method: 'POST',
      headers: { Cookie: cookie, Origin: origin(i) },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('a staff session started on one instance is valid on the other, and logout on it ends it everywhere', async () => {
    const login = await fetch(url(0, '/api/admin/auth'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${ports[0]}` },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=/);
    const onOther = await fetch(url(1, '/api/admin/pages'), { headers: { Cookie: cookie } });
    expect(onOther.status).toBe(200);
    expect(Array.isArray(await onOther.json())).toBe(true);

    const logout = await fetch(url(1, '/api/admin/logout'), {
      method: 'POST',
      headers: { Cookie: cookie, Origin: `http://127.0.0.1:${ports[1]}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(logout.status).toBeLessThan(300);
    expect((await fetch(url(0, '/api/admin/pages'), { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('both instances see the same data: a sign-up on one is the same pending subscription on the other', async () => {
    const email = `scale.${Date.now()}@example.com`;
    const post = (i: number) =>
      fetch(url(i, '/api/newsletter'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const first = await post(0);
    expect(first.status).toBe(201);
    const dup = await post(1);
    // Still awaiting confirmation: a success again, naming the one row's sign-up time.
    expect(dup.status).toBe(201);
    expect((await dup.json()).createdAt).toBe((await first.json()).createdAt);
  });

  it('a CMS change made through one instance shows at the next read on the other (cache invalidated by NOTIFY)', async () => {
    const origin = (i: number) => `http://127.0.0.1:${ports[i]}`;
    const login = await fetch(url(1, '/api/admin/auth'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(1) },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // Instance 0 caches the public list, and another family's.
    await fetch(url(0, '/api/testimonials?published=true'));
    const cached = await fetch(url(0, '/api/testimonials?published=true'));
    expect(cached.headers.get('x-cache')).toBe('HIT');
    await fetch(url(0, '/api/services?published=true'));
    const before = (await cached.json()) as Array<{ name: string }>;
    // Staff add a testimonial through instance 1.
    const created = await fetch(url(1, '/api/admin/testimonials'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(1), Cookie: cookie },
      body: JSON.stringify({
        content: 'They found the leak in our funnel in a week.',
        name: 'Scale Out Tester',
        title: 'CMO',
        company: 'Two Instances Ltd',
        rating: 5,
        published: true,
        displayOrder: 99,
      }),
    });
    expect(created.status).toBe(201);
    // The other instance hears the NOTIFY; poll briefly, since delivery is asynchronous.
    let names: string[] = [];
    for (let i = 0; i < 40 && !names.includes('Scale Out Tester'); i++) {
      names = (
        (await (await fetch(url(0, '/api/testimonials?published=true'))).json()) as Array<{ name: string }>
      ).map((t) => t.name);
      if (!names.includes('Scale Out Tester')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(names).toContain('Scale Out Tester');
    expect(names.length).toBe(before.length + 1);
    // The NOTIFY named the family that changed: the other one stays cached.
    const services = await fetch(url(0, '/api/services?published=true'));
    expect(services.headers.get('x-cache')).toBe('HIT');
  });

  it('sign-in failures are counted together by every instance (shared store)', async () => {
    const guess = (i: number) =>
      fetch(url(i % 2, '/api/admin/auth'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: `wrong guess ${i}` }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await guess(i));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(await guess(11)).toBe(429);
    // The lock-out is a row both instances read; end it as the window's expiry would, so the
    // staff sign-ins of the next tests (same loopback address) are let through again.
    await onPostgres(db!.url, (c) => c.query(`delete from rate_limits`));
    expect(await guess(12)).toBe(401);
  });

  it('an image uploaded on one instance is served byte-identical by the other', async () => {
    const cookie = await signInOn(0);
    const image = pngOfSize(2 * 1024 * 1024 + 123);
    const path = await uploadOn(0, cookie, '/api/admin/upload', 'image', image, 'team.png');
    const res = await fetch(url(1, path));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toBe(`"${sha256(image)}"`);
    expect((await bytesOf(res)).equals(image)).toBe(true);
    // Both list it in the media library.
    const listed = await fetch(url(1, '/api/admin/media'), { headers: { Cookie: cookie } });
    expect(((await listed.json()) as { url: string }[]).map((m) => m.url)).toContain(path);
  });

  it('a resource file uploaded on one instance downloads byte-identical from the other, and gating holds on both', async () => {
    const cookie = await signInOn(1);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), pngOfSize(700_000)]);
    const fileUrl = await uploadOn(1, cookie, '/api/admin/resources/upload', 'file', pdf, 'guide.pdf');
    const created = await fetch(url(1, '/api/admin/resources'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin(1) },
      body: JSON.stringify({
        title: 'Scale guide',
        description: 'd',
        type: 'guide',
        gated: false,
        published: true,
        fileUrl,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const download = await fetch(url(0, `/api/resources/${id}/download`));
    expect(download.status).toBe(200);
    expect((await bytesOf(download)).equals(pdf)).toBe(true);

    const gate = await fetch(url(1, `/api/admin/resources/${id}`), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin(1) },
      body: JSON.stringify({ title: 'Scale guide', description: 'd', type: 'guide', gated: true, fileUrl }),
    });
    expect(gate.status).toBe(200);
    for (const i of [0, 1]) expect((await fetch(url(i, fileUrl))).status, `instance ${i}`).toBe(404);
  });

  it('a file from the old uploads folder of one instance was imported at its start and is served by both', async () => {
    for (const i of [0, 1]) {
      const res = await fetch(url(i, `/uploads/${LEGACY_NAME}`));
      expect(res.status, `instance ${i}`).toBe(200);
      expect((await bytesOf(res)).equals(LEGACY_BYTES)).toBe(true);
    }
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { newsletterSubscriptions } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { standInSite } from '../test-support/stand-in-site';
import { capturedLog } from '../test-support/captured-log';
import { exited, spawnServer } from '../test-support/server-process';
import { diskSpaceGuard, freeBytes } from './disk-space';

/**
 * A disk filling up under the embedded database: below DISK_FREE_FLOOR_MB the API refuses changes
 * with 503 (before PGlite meets a full disk, which hangs it for good), reads keep answering, /readyz
 * says why, and the log says so once per change of state. The floor is set by configuration above
 * the machine's real free space (and then lowered): the disk itself is never filled.
 */
describe('free disk space below the floor', () => {
  const captured = capturedLog();
  const dir = mkdtempSync(path.join(tmpdir(), 'disk-space-'));
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let guard: ReturnType<typeof diskSpaceGuard>;
  let app: ReturnType<typeof createApp>;
  /** Far above what this machine has free. */
  let aboveFreeMb = 0;

  const diskLines = () => captured.lines.filter((l) => /^disk space/.test(String(l.msg)));
  /** The watch reads the disk on its own timer: wait (bounded) until it has seen the change. */
  const until = async (low: boolean) => {
    for (let i = 0; i < 200 && guard.low() !== low; i++) await new Promise((r) => setTimeout(r, 10));
    expect(guard.low()).toBe(low);
  };

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { SITE_ROOT: standInSite('disk-space'), RATE_LIMIT_SCALE: 100 },
    });
    aboveFreeMb = Math.ceil((await freeBytes(dir)) / 1024 / 1024) + 1024 * 1024;
    guard = diskSpaceGuard({ dir, floorMb: aboveFreeMb, log: captured.log, everyMs: 20 });
    guard.start();
    app = createApp({ env: t.env, database: t.database, log: t.log, diskSpace: guard });
    await until(true);
  });
  afterAll(async () => {
    guard?.stop();
    await t?.close();
  });

  it('refuses changes with 503 and Retry-After, stores nothing; reads keep answering', async () => {
    const res = await request(app).post('/api/newsletter').send({ email: 'full@example.com' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toEqual({
      message:
        'The server is low on disk space, so changes cannot be saved right now. Please try again later.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await t.db.select().from(newsletterSubscriptions)).toEqual([]);
    const posts = await request(app).get('/api/blog-posts');
    expect(posts.status).toBe(200);
    await request(app).get('/healthz').expect(200);
  });

  it('/readyz answers 503 "Disk space low"; the log says it once, as a warning', async () => {
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Disk space low', code: 'SERVICE_UNAVAILABLE' });
    // Several reads of the disk later, still the one line.
    await new Promise((r) => setTimeout(r, 100));
    expect(diskLines()).toHaveLength(1);
    expect(diskLines()[0]).toMatchObject({ level: 40, floorMb: aboveFreeMb });
    expect(String(diskLines()[0]!.msg)).toMatch(/^disk space low: \d+ MB free .* changes are refused/);
  });

  it('once there is room again, changes are stored and /readyz answers 200, said once at info', async () => {
    guard.setFloorMb(1);
    await until(false);
    await request(app).post('/api/newsletter').send({ email: 'room@example.com' }).expect(201);
    expect(await t.db.select().from(newsletterSubscriptions)).toHaveLength(1);
    await request(app).get('/readyz').expect(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(diskLines()).toHaveLength(2);
    expect(diskLines()[1]).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^disk space back above the floor/),
    });
  });
});

describe('a start with less than the floor free', () => {
  it('exits 1 with a message naming the folder, the free space and the setting', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'disk-space-start-'));
    const floor = Math.ceil((await freeBytes(dir)) / 1024 / 1024) + 1024 * 1024;
    const { child, stderr } = spawnServer(
      { PORT: String(4680 + (process.pid % 10)), DATA_DIR: dir, DISK_FREE_FLOOR_MB: String(floor) },
      { unset: ['DATABASE_URL'] },
    );
    expect(await exited(child)).toBe(1);
    expect(stderr()).toMatch(
      new RegExp(
        `^Refusing to start: the disk holding the data folder ${dir} has \\d+ MB free, below ` +
          `DISK_FREE_FLOOR_MB \\(${floor} MB\\)\\. The embedded database stops answering when its disk fills up\\.`,
      ),
    );
  }, 60_000);
});

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { exited, spawnServer } from '../test-support/server-process';
import { createTestApp } from '../test-support/test-app';
import { signIn, staffClient, STAFF_PASSWORD } from '../admin/admin-test-support';

const WARNING =
  'PUBLIC_URL is not set: links in pages, the sitemap, robots.txt and the RSS feed point at ' +
  "http://localhost:PORT, which visitors and search engines cannot reach. Set PUBLIC_URL to the site's " +
  'public address (for example PUBLIC_URL=https://www.example.com) and restart the server.';

describe('production without PUBLIC_URL', () => {
  const port = 4640 + (process.pid % 5);
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGTERM');
    if (child) await exited(child);
  });

  it('starts (a bare `npm start` still works) and its start-up log says links point at localhost and how to fix it', async () => {
    const server = spawnServer(
      {
        PORT: String(port),
        LOG_LEVEL: 'info',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'public-url-')),
      },
      { unset: ['DATABASE_URL', 'PUBLIC_URL'] },
    );
    child = server.child;
    const deadline = Date.now() + 60_000;
    while (!server.stdout().includes('Site ready') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 150));
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const lines = server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    const warning = lines.find((l) => l.msg.startsWith('PUBLIC_URL is not set'));
    expect(warning).toMatchObject({ level: 40, msg: WARNING.replace('PORT', () => String(port)) });
    // Before the line that says the site is ready: the first thing an operator reads.
    expect(lines.indexOf(warning!)).toBeLessThan(lines.findIndex((l) => l.msg.startsWith('Site ready')));
  }, 90_000);
});

describe('the CMS learns of it through the session', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('GET /api/admin/session carries the same warning in production without PUBLIC_URL, and none with it', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const bare = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    const set = await createTestApp({
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, PUBLIC_URL: 'https://www.example.com', PUBLIC_URL_SET: true },
    });
    try {
      const session = await staffClient(bare.app, await signIn(bare.app))
        .get('/api/admin/session')
        .expect(200);
      expect(session.body.publicUrlWarning).toBe(WARNING.replace('PORT', () => '3000'));
      const fine = await request(set.app)
        .get('/api/admin/session')
        .set('Cookie', await signIn(set.app))
        .expect(200);
      expect(fine.body).not.toHaveProperty('publicUrlWarning');
      expect(fine.body).toMatchObject({ authenticated: true, passwordFromEnvironment: true });
    } finally {
      await bare.close();
      await set.close();
    }
  });
});

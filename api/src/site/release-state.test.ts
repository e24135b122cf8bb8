import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';

/** What a release made by another process (npm run release) does: the folder, then write-then-rename. */
function releaseFromOutside(dir: string, version: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'release-state.json');
  writeFileSync(
    `${file}.tmp`,
    JSON.stringify({ remotes: { mf_content: { current: version, history: [] } } }),
  );
  renameSync(`${file}.tmp`, file);
}

const entryOf = async (app: Parameters<typeof request>[0]) =>
  (
    (await request(app).get('/remotes-manifest.json').expect(200)).body as {
      remotes: Record<string, { entry: string }>;
    }
  ).remotes['mf_content']!.entry;

/** Asks until the manifest names `entry` (a file watch reports the change; no fixed delay). */
async function eventually(app: Parameters<typeof request>[0], entry: string) {
  for (let i = 0; i < 100 && (await entryOf(app)) !== entry; i++) await new Promise((r) => setTimeout(r, 50));
  return entryOf(app);
}

describe('release state on disk', () => {
  // Not created: no release has been made yet (two levels missing).
  const releases = path.join(mkdtempSync(path.join(tmpdir(), 'release-state-')), 'not', 'yet');
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { RELEASES_DIR: releases } });
  });
  afterAll(() => t.close());

  it('a missing release folder is a state: every remote local, pages and answers as usual', async () => {
    expect(await entryOf(t.app)).toBe('/remotes/mf-content/remoteEntry.js');
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('a release made by another process is served once the folder reports it, and the next one too', async () => {
    releaseFromOutside(releases, '1.0.0-aaaaaaaaaa');
    expect(await eventually(t.app, '/releases/mf-content/1.0.0-aaaaaaaaaa/remoteEntry.js')).toBe(
      '/releases/mf-content/1.0.0-aaaaaaaaaa/remoteEntry.js',
    );
    releaseFromOutside(releases, '1.0.1-bbbbbbbbbb');
    expect(await eventually(t.app, '/releases/mf-content/1.0.1-bbbbbbbbbb/remoteEntry.js')).toBe(
      '/releases/mf-content/1.0.1-bbbbbbbbbb/remoteEntry.js',
    );
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { lockDataDir } from '../db/data-dir-lock';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';

/**
 * `npm run promote -- <remote> <version> --preflight` where the preflight cannot run (docs/teams.md §9):
 * the PGlite folder held by a running server (this test holds it, as the server does), or no site here
 * to check against. The command says where the check can run and switches nothing, unless `--force`.
 */
const LIVE = '1.0.0-live000001';
const STAGED = '1.1.0-staged0001';

describe('npm run promote --preflight where the preflight cannot run', () => {
  const releases = mkdtempSync(path.join(tmpdir(), 'preflight-command-releases-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preflight-command-data-'));
  const site = standInSite('preflight-command');
  let unlock = () => {};

  const promote = (env: Record<string, string>, ...args: string[]) => {
    const r = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', 'promote.mjs'), 'mf-content', STAGED, ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, RELEASES_DIR: releases, DATABASE_URL: '', DATA_DIR: dataDir, ...env },
      },
    );
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const live = () =>
    (
      JSON.parse(readFileSync(path.join(releases, 'release-state.json'), 'utf8')) as {
        remotes: { mf_content: { current: string } };
      }
    ).remotes.mf_content.current;

  beforeAll(async () => {
    writeFiles(releases, {
      ...standInBuild('live', `mf-content/${LIVE}`),
      ...standInBuild('staged', `mf-content/${STAGED}`),
      'release-state.json': JSON.stringify({ remotes: { mf_content: { current: LIVE, history: [] } } }),
    });
    // What a running server does first: it takes DATA_DIR (PGlite opens in one process only).
    unlock = await lockDataDir(dataDir);
  });
  afterAll(() => unlock());

  it('refuses while a server holds DATA_DIR, naming the CMS’s Releases tab and DATABASE_URL; nothing switches', () => {
    const r = promote({ SITE_ROOT: site }, '--preflight');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toContain('Preflight not run here: the running server holds DATA_DIR');
    expect(r.stderr).toContain(
      "Not promoted: --preflight asks for every page to be checked first. Promote from the CMS's Releases tab",
    );
    expect(r.stderr).toContain('DATABASE_URL');
    expect(r.stderr).toContain(`npm run promote -- mf-content ${STAGED} --force`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(live()).toBe(LIVE);
  });

  it('refuses where there is no built site to check against', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'preflight-command-nosite-'));
    const r = promote({ SITE_ROOT: empty }, '--preflight');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toContain('Preflight not run: there is no site here to check against');
    expect(r.stderr).toContain('Not promoted');
    expect(live()).toBe(LIVE);
  });

  it('--force promotes unchecked, saying it was not checked', () => {
    const r = promote({ SITE_ROOT: site }, '--preflight', '--force');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toContain('Preflight not run here');
    expect(r.stdout).toContain(`Promoted mf-content ${STAGED} (was ${LIVE})`);
    expect(live()).toBe(STAGED);
  });
});

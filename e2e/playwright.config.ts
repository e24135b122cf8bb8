import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../scripts/chromium-launch.mjs';

/** Each run gets a fresh, seeded database; E2E_PORT lets parallel runs coexist. */
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** A second server on an empty, unseeded database, for the fallback and empty states. */
export const emptyBaseURL = `http://localhost:${port + 1}`;
/** A third, seeded like the first, for every spec that does not release remotes (see projects). */
export const siteBaseURL = `http://localhost:${port + 2}`;
const runId = `${port}-${Date.now()}`;
const dataDir = path.join(tmpdir(), `agency-e2e-${runId}`);
const emptyDataDir = path.join(tmpdir(), `agency-e2e-empty-${runId}`);
const siteDataDir = path.join(tmpdir(), `agency-e2e-site-${runId}`);
/** Release store of the seeded server; the delivery tests release into it while the server runs. */
export const releasesDir = process.env.E2E_RELEASES_DIR ?? path.join(tmpdir(), `agency-e2e-releases-${port}`);
process.env.E2E_RELEASES_DIR = releasesDir;
const serverEnv = {
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-staff-password',
  RATE_LIMIT_SCALE: '50',
};

/** One built site (`npm start`) on `serverPort`, with its own database and release store. */
function server(serverPort: number, env: Record<string, string>) {
  return {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `http://localhost:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { ...serverEnv, PORT: String(serverPort), ...env },
  };
}

/** The specs that release, stage, canary or roll back remotes on the server (e2e/support/releases.ts). */
const RELEASING = /\/(canary|delivery|preview|server-render|team-pages|team-preflight)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Three workers in all, one per server and project. Specs that share a server share its state
  // (staff edit, release and trash what other specs read), so each project runs its specs one at a
  // time. The specs that release remotes (they rebuild a remote from edited sources and switch the
  // server's live version) have a seeded server of their own; the other seeded specs run beside them
  // on theirs, and the empty-database specs on the empty one. One server for all seeded specs took
  // 8.3 min here and 19.7 min on CI beside test:pg.
  workers: 3,
  // No retries, in CI either: a flaky test shows as a failure and is fixed, not re-run into green.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  use: {
    baseURL,
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      workers: 1,
      use: { browserName: 'chromium', baseURL: siteBaseURL },
      testIgnore: [/\.empty\.spec\.ts$/, RELEASING],
    },
    { name: 'releases', workers: 1, use: { browserName: 'chromium' }, testMatch: RELEASING },
    {
      name: 'empty-db',
      workers: 1,
      use: { browserName: 'chromium', baseURL: emptyBaseURL },
      testMatch: /\.empty\.spec\.ts$/,
    },
  ],
  webServer: [
    server(port, { DATA_DIR: dataDir, RELEASES_DIR: releasesDir }),
    server(port + 2, { DATA_DIR: siteDataDir, RELEASES_DIR: `${releasesDir}-site` }),
    server(port + 1, { DATA_DIR: emptyDataDir, SEED: 'false', RELEASES_DIR: `${releasesDir}-empty` }),
  ],
});

import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../scripts/chromium-launch.mjs';

/** Each run gets a fresh, seeded database; E2E_PORT lets parallel runs coexist. */
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** A second server on an empty, unseeded database, for the fallback and empty states. */
export const emptyBaseURL = `http://localhost:${port + 1}`;
const runId = `${port}-${Date.now()}`;
const dataDir = path.join(tmpdir(), `agency-e2e-${runId}`);
const emptyDataDir = path.join(tmpdir(), `agency-e2e-empty-${runId}`);
/** Release store of the seeded server; the delivery tests release into it while the server runs. */
export const releasesDir = process.env.E2E_RELEASES_DIR ?? path.join(tmpdir(), `agency-e2e-releases-${port}`);
process.env.E2E_RELEASES_DIR = releasesDir;
const serverEnv = {
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-staff-password',
  RATE_LIMIT_SCALE: '50',
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two workers in all, one per server: the seeded server's specs share its state (staff edit,
  // release and trash what other specs read), so they run one at a time (the chromium project's
  // workers: 1); the empty-database specs use their own server and run beside them.
  workers: 2,
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
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /\.empty\.spec\.ts$/, workers: 1 },
    {
      name: 'empty-db',
      workers: 1,
      use: { browserName: 'chromium', baseURL: emptyBaseURL },
      testMatch: /\.empty\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      cwd: '..',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir, RELEASES_DIR: releasesDir },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: '..',
      url: `${emptyBaseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        PORT: String(port + 1),
        DATA_DIR: emptyDataDir,
        SEED: 'false',
        RELEASES_DIR: `${releasesDir}-empty`,
      },
    },
  ],
});

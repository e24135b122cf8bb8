import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /\.empty\.spec\.ts$/ },
    {
      name: 'empty-db',
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

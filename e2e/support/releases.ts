import { expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where the release scripts and the remotes' sources are. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The release store of the seeded e2e server (playwright.config.ts). */
export const releasesDir = () => process.env.E2E_RELEASES_DIR!;

/** Runs one of scripts/*.mjs against the e2e release store; its exit status and all it printed. */
export function runScript(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: releasesDir() },
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Forgets mf-contact's releases so the other specs see the locally built remote again. */
export function clearReleases() {
  rmSync(path.join(releasesDir(), 'release-state.json'), { force: true });
}

/** The contact page's eyebrow ("Contact"), the text the release specs change to tell versions apart. */
const CONTACT_PAGE = path.join(ROOT, 'mf-contact', 'src', 'pages', 'contact-page.tsx');
const EYEBROW = 'tracking-wider text-brand-300">Contact<';

/**
 * Runs `release.mjs mf-contact …args` with the contact page's eyebrow reading `Contact <label>`
 * (the sources are restored afterwards, whatever happens); answers the script's result.
 */
export function releaseContactWith(label: string, ...args: string[]) {
  const original = readFileSync(CONTACT_PAGE, 'utf8');
  expect(original).toContain(EYEBROW);
  try {
    writeFileSync(
      CONTACT_PAGE,
      original.replace(EYEBROW, () => `tracking-wider text-brand-300">Contact ${label}<`),
    );
    return runScript('release.mjs', 'mf-contact', ...args);
  } finally {
    writeFileSync(CONTACT_PAGE, original);
  }
}

/** Stages mf-contact with the eyebrow `Contact <label>` and answers the staged version. */
export function stageContactWith(label: string): string {
  const staged = releaseContactWith(label, '--staged');
  expect(staged.status, staged.output).toBe(0);
  const version = /Staged mf-contact (\S+) \(not live/.exec(staged.output)?.[1];
  expect(version, staged.output).toBeTruthy();
  return version!;
}

#!/usr/bin/env node
// `npm test -w <remote>` (e.g. npm test -w mf-content): one team's tests alone, in seconds to minutes.
//  1. the remote's own unit and component tests (Vitest, jsdom);
//  2. its e2e specs (e2e/tests/<name without mf->*.spec.ts) in Chromium against the built shell, this
//     remote built from its sources, and the other remotes as the site serves them: their current
//     release when there is one (npm run release), else their last local build.
// The root `npm test` still runs everything.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REMOTES } from './workspaces.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const remote = process.argv[2];
if (!REMOTES.includes(remote)) {
  console.error(`usage: node scripts/test-remote.mjs <${REMOTES.join('|')}>`);
  process.exit(2);
}

/** The e2e specs a remote owns, by file name: mf-content owns content.spec.ts, content.empty.spec.ts… */
export const specsOf = (name) => {
  const prefix = name.replace(/^mf-/, '');
  return readdirSync(path.join(ROOT, 'e2e', 'tests'))
    .filter((f) => f.endsWith('.spec.ts') && (f.startsWith(`${prefix}.`) || f.startsWith(`${prefix}-`)))
    .map((f) => path.join('e2e', 'tests', f));
};

const run = (label, cmd, args) => {
  console.log(`\n=== ${remote}: ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: process.env });
  if (r.status !== 0) {
    console.log(`\n${remote}: ${label} failed`);
    process.exit(r.status ?? 1);
  }
};

run('unit and component tests', 'npx', ['vitest', 'run', '--project', 'web', `${remote}/`, '--passWithNoTests']);
// The shell, and every other remote that has never been built here, are built once; this remote always.
const missing = ['shell', ...REMOTES.filter((r) => r !== remote)].filter(
  (w) => !existsSync(path.join(ROOT, w, 'dist', 'server')),
);
run('build', 'node', ['scripts/build.mjs', remote, ...missing]);
const specs = specsOf(remote);
run(`e2e (${specs.length} spec files)`, 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs]);
console.log(`\n${remote}: all tests passed`);

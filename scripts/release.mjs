#!/usr/bin/env node
// npm run release -- <remote> [--staged]: build one remote into a versioned folder of the release store
// and switch the remotes manifest to it. With --staged the release is stored only: nothing switches
// until `npm run promote -- <remote> <version>`, and staff can preview it (?remotes=<remote>@<version>).
// The shell is not rebuilt; a running server serves the new manifest on the next request. With
// DATABASE_URL=postgres://… the store is the database: the files
// and the switch are written in one transaction and every instance picks the switch up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkCompatibility, readRemotePackage } from './compat-guard.mjs';
import { precompressDir } from './precompress.mjs';
import {
  ROOT,
  commitSubject,
  contentHash,
  gitCommit,
  resolveRemote,
  withReleaseStore,
} from './release-store.mjs';

const args = process.argv.slice(2);
const staged = args.includes('--staged');
// What changed, shown in the CMS's Releases tab: --message "<text>", else the checkout's commit subject.
const at = args.indexOf('--message');
const message = at >= 0 ? args.splice(at, 2)[1] : undefined;
if (at >= 0 && !message?.trim()) {
  console.error('Usage: npm run release -- <remote> [--staged] [--message "<what changed>"]');
  process.exit(1);
}
const { folder, name } = await resolveRemote(args.find((a) => !a.startsWith('--')));
const pkg = readRemotePackage(folder);

const problems = checkCompatibility(pkg);
if (problems.length) {
  console.error(`Release of ${folder} refused: its shared singletons do not fit the shell.`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}

// A release is the pair: the browser build at the top of its folder, the server build in server/,
// built from the same source, so the server's HTML and the browser's code are always one version.
const out = mkdtempSync(path.join(tmpdir(), `release-${folder}-`));
const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
for (const args of [
  ['--outDir', out, '--emptyOutDir'],
  ['--ssr', '--outDir', path.join(out, 'server'), '--emptyOutDir'],
]) {
  const build = spawnSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], {
    cwd: path.join(ROOT, folder),
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (build.status !== 0) {
    console.error(`Build of ${folder} failed; nothing was released.`);
    process.exit(1);
  }
}

const version = `${pkg.version}-${contentHash(out)}`;
precompressDir(out);

const started = performance.now();
await withReleaseStore(async (control, store, { commandWhere, describeSwitch, nextSteps }) => {
  const outcome = await control
    .release({
      remote: name,
      version,
      gitCommit: gitCommit(),
      subject: message?.trim() || commitSubject(),
      dir: out,
      staged,
    })
    .finally(() => rmSync(out, { recursive: true, force: true }));
  const stored = outcome.stored && { ms: Math.round(performance.now() - started) };
  console.log(describeSwitch(folder, outcome, commandWhere(store.kind, outcome, stored)));
  for (const line of nextSteps(folder, name, outcome)) console.log(line);
});

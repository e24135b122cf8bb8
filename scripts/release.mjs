#!/usr/bin/env node
// npm run release -- <remote> [--staged]: build one remote into a versioned folder of the release store
// and switch the remotes manifest to it. With --staged the release is stored only: nothing switches
// until `npm run promote -- <remote> <version>`, and staff can preview it (?remotes=<remote>@<version>).
// The shell is not rebuilt; a running server serves the new manifest on the next request. With
// DATABASE_URL=postgres://… the store is the database: the files
// and the switch are written in one transaction and every instance picks the switch up.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkCompatibility, readRemotePackage } from './compat-guard.mjs';
import { precompressDir } from './precompress.mjs';
import { databaseUrl, gitCommit, withReleaseDatabase } from './release-db.mjs';
import {
  ROOT,
  contentHash,
  exists,
  readState,
  resolveRemote,
  switchDisk,
  versionDir,
} from './release-store.mjs';

const args = process.argv.slice(2);
const staged = args.includes('--staged');
const { folder, name } = resolveRemote(args.find((a) => !a.startsWith('--')));

/** What a staged release prints: its version first, then what to do with it. */
function reportStaged(version, live) {
  if (version === live) {
    console.log(`${folder} ${version} is already the current release.`);
    return;
  }
  console.log(`Staged ${folder} ${version} (not live: ${folder} still serves ${live ?? 'its local build'})`);
  console.log(`Preview (signed in as staff): any page with ?remotes=${folder}@${version}`);
  console.log(`Make it live: npm run promote -- ${folder} ${version}`);
}
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

if (databaseUrl()) {
  const started = performance.now();
  const result = await withReleaseDatabase((store, db) =>
    store.storeRelease(db, { remote: name, version, gitCommit: gitCommit(), dir: out, staged }),
  );
  rmSync(out, { recursive: true, force: true });
  if (!result) process.exit(1);
  if (staged) reportStaged(version, result.previous);
  else if (!result.switched) console.log(`${folder} ${version} is already the current release.`);
  else {
    const ms = Math.round(performance.now() - started);
    console.log(
      `Released ${folder} ${version}${result.previous ? ` (was ${result.previous})` : ''} in the database` +
        ` (${result.stored ? `stored in ${ms} ms` : 'stored before'}); every instance switches within seconds`,
    );
    console.log(`Manifest now points ${name} at /releases/${folder}/${version}/remoteEntry.js`);
  }
  process.exit(0);
}
const target = versionDir(folder, version);
if (!exists(target)) cpSync(out, target, { recursive: true });
rmSync(out, { recursive: true, force: true });

if (staged) {
  reportStaged(version, readState().remotes[name]?.current);
  process.exit(0);
}
const switched = switchDisk(name, version);
if (!switched) {
  console.log(`${folder} ${version} is already the current release.`);
  process.exit(0);
}
const { previous } = switched;
console.log(`Released ${folder} ${version}${previous ? ` (was ${previous})` : ''}`);
console.log(`Manifest now points ${name} at /releases/${folder}/${version}/remoteEntry.js`);

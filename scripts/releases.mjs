#!/usr/bin/env node
// npm run releases -- <remote>: the remote's releases and rollbacks, newest first, and which is current;
// then the staged versions (stored, never live) that `npm run promote` can switch to.
import { readState, resolveRemote, storedVersions } from './release-store.mjs';
import { databaseUrl, withReleaseDatabase } from './release-db.mjs';

const { folder, name } = resolveRemote(process.argv[2]);

if (databaseUrl()) {
  const [history, staged, canary] =
    (await withReleaseDatabase((store, db) =>
      Promise.all([
        store.releaseHistory(db, name),
        store.stagedReleases(db, name),
        store.currentCanary(db, name),
      ]),
    )) ?? [];
  if (history && !history.length) console.log(`${folder} has no releases: it serves its local build.`);
  for (const h of history ?? []) {
    const when = new Date(h.switchedAt)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, 'Z');
    console.log(
      `${h.current ? '*' : ' '} ${h.version.padEnd(24)} ${h.action.padEnd(8)} ${when}  commit ${h.gitCommit}` +
        (h.current ? '  (current)' : ''),
    );
  }
  if (canary) console.log(`  ${canary.version.padEnd(24)} canary   ${canary.percent}% of visitors`);
  for (const s of staged ?? []) console.log(`  ${s.version.padEnd(24)} staged`);
  process.exit(process.exitCode ?? 0);
}

// The disk store keeps the current version and the ones before it, without dates or commits.
const entry = readState().remotes[name];
if (!entry?.current) console.log(`${folder} has no releases: it serves its local build.`);
else {
  console.log(`* ${entry.current}  (current)`);
  if (entry.canary) console.log(`  ${entry.canary.version}  canary (${entry.canary.percent}% of visitors)`);
  for (const v of [...entry.history].reverse()) console.log(`  ${v}`);
}
// Stored on disk but neither current nor on the rollback history: staged (or older than the history).
const listed = new Set([entry?.current, entry?.canary?.version, ...(entry?.history ?? [])]);
for (const v of storedVersions(name).filter((v) => !listed.has(v))) console.log(`  ${v}  stored (not live)`);

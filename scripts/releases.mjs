#!/usr/bin/env node
// npm run releases -- <remote>: the remote's releases and rollbacks, newest first, and which is current.
import { readState, resolveRemote } from './release-store.mjs';
import { databaseUrl, withReleaseDatabase } from './release-db.mjs';

const { folder, name } = resolveRemote(process.argv[2]);

if (databaseUrl()) {
  const history = await withReleaseDatabase((store, db) => store.releaseHistory(db, name));
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
  process.exit(process.exitCode ?? 0);
}

// The disk store keeps the current version and the ones before it, without dates or commits.
const entry = readState().remotes[name];
if (!entry) console.log(`${folder} has no releases: it serves its local build.`);
else {
  console.log(`* ${entry.current}  (current)`);
  for (const v of [...entry.history].reverse()) console.log(`  ${v}`);
}

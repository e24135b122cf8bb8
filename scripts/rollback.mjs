#!/usr/bin/env node
// npm run rollback -- <remote>: switch the manifest back to the remote's previous release.
import { readState, resolveRemote, writeState } from './release-store.mjs';
import { databaseUrl, gitCommit, withReleaseDatabase } from './release-db.mjs';

const { folder, name } = resolveRemote(process.argv[2]);

// With DATABASE_URL the switch is one transaction in the database, picked up by every instance.
if (databaseUrl()) {
  const result = await withReleaseDatabase((store, db) => store.rollbackRelease(db, name, gitCommit()));
  if (result?.endedCanary)
    console.log(`Ended the canary of ${folder} ${result.previous}: everyone is on ${result.version}`);
  else if (result) console.log(`Rolled back ${folder} from ${result.previous} to ${result.version}`);
  process.exit(process.exitCode ?? 0);
}
const state = readState();
const entry = state.remotes[name];
// While a canary runs, a rollback ends it: everyone back on the current release, which stays.
if (entry?.canary) {
  const { canary, ...rest } = entry;
  state.remotes[name] = rest;
  writeState(state);
  console.log(`Ended the canary of ${folder} ${canary.version}: everyone is on ${entry.current}`);
  process.exit(0);
}
const previous = entry?.history.at(-1);
if (!entry || !previous) {
  console.error(`${folder} has no earlier release to roll back to.`);
  process.exit(1);
}
state.remotes[name] = { current: previous, history: entry.history.slice(0, -1) };
writeState(state);
console.log(`Rolled back ${folder} from ${entry.current} to ${previous}`);

#!/usr/bin/env node
// npm run rollback -- <remote>: switch the manifest back to the remote's previous release.
import { onDisk, resolveRemote } from './release-store.mjs';
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
// While a canary runs, a rollback ends it: everyone back on the current release, which stays.
const result = onDisk('rollbackOnDisk', name);
if (result.endedCanary)
  console.log(`Ended the canary of ${folder} ${result.previous}: everyone is on ${result.version}`);
else console.log(`Rolled back ${folder} from ${result.previous} to ${result.version}`);

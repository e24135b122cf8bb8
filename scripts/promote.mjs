#!/usr/bin/env node
// npm run promote -- <remote> <version>: make a stored release (staged with `npm run release -- <remote>
// --staged`, or any earlier one) the live one: the same switch as a release, undone by `npm run rollback`.
import { isStored, resolveRemote, switchDisk } from './release-store.mjs';
import { databaseUrl, gitCommit, withReleaseDatabase } from './release-db.mjs';

const [remoteArg, version] = process.argv.slice(2);
const { folder, name } = resolveRemote(remoteArg);
if (!version) {
  console.error(
    `Usage: npm run promote -- ${folder} <version>  (stored versions: npm run releases -- ${folder})`,
  );
  process.exit(1);
}

if (databaseUrl()) {
  const result = await withReleaseDatabase((store, db) =>
    store.promoteRelease(db, name, version, gitCommit()),
  );
  if (result && !result.switched) console.log(`${folder} ${version} is already the current release.`);
  else if (result)
    console.log(
      `Promoted ${folder} ${version}${result.previous ? ` (was ${result.previous})` : ''} in the database;` +
        ' every instance switches within seconds',
    );
  process.exit(process.exitCode ?? 0);
}
if (!isStored(folder, version)) {
  console.error(`${folder} has no release ${version}. Stored versions: npm run releases -- ${folder}`);
  process.exit(1);
}
const switched = switchDisk(name, version);
if (!switched) console.log(`${folder} ${version} is already the current release.`);
else console.log(`Promoted ${folder} ${version}${switched.previous ? ` (was ${switched.previous})` : ''}`);

#!/usr/bin/env node
// npm run promote -- <remote> <version>: make a stored release (staged with `npm run release -- <remote>
// --staged`, or any earlier one) the live one: the same switch as a release, undone by `npm run rollback`.
// --percent N (1-99): a canary instead: `version` goes to N % of visitors (sticky per visitor, see
// api/src/site/canary.ts), the current release stays for the others; --percent 100 completes it (a promote).
// `npm run rollback -- <remote>` during a canary ends it (everyone back on the current release).
import { onDisk, resolveRemote } from './release-store.mjs';
import { databaseUrl, gitCommit, withReleaseDatabase } from './release-db.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--percent');
const percentArg = at >= 0 ? (args[at + 1] ?? '') : undefined;
if (at >= 0) args.splice(at, 2);
const [remoteArg, version] = args;
const { folder, name } = resolveRemote(remoteArg);
if (!version) {
  console.error(
    `Usage: npm run promote -- ${folder} <version> [--percent 1-100]  (stored versions: npm run releases -- ${folder})`,
  );
  process.exit(1);
}
const percent = percentArg === undefined ? 100 : /^\d{1,3}$/.test(percentArg) ? Number(percentArg) : NaN;
if (!(percent >= 1 && percent <= 100)) {
  console.error(`Bad percent '${percentArg}': give 1 to 99 for a canary, 100 to promote.`);
  process.exit(1);
}
const canaryLines = (current, where = '') =>
  `Canary: ${folder} ${version} for ${percent}% of visitors (the others stay on ${current})${where}\n` +
  `Complete it: npm run promote -- ${folder} ${version} --percent 100\n` +
  `End it:      npm run rollback -- ${folder}`;

if (databaseUrl()) {
  if (percent < 100) {
    const result = await withReleaseDatabase((store, db) => store.startCanary(db, name, version, percent));
    if (result)
      console.log(canaryLines(result.current, ' in the database; every instance follows within seconds'));
    process.exit(process.exitCode ?? 0);
  }
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
if (percent < 100) {
  const { current } = onDisk('startCanaryOnDisk', name, version, percent);
  console.log(canaryLines(current));
  process.exit(0);
}
// A promote (percent 100 completes a canary): the entry is written anew, without the canary.
const result = onDisk('promoteOnDisk', name, version);
if (!result.switched) console.log(`${folder} ${version} is already the current release.`);
else console.log(`Promoted ${folder} ${version}${result.previous ? ` (was ${result.previous})` : ''}`);

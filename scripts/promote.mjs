#!/usr/bin/env node
// npm run promote -- <remote> <version>: make a stored release (staged with `npm run release -- <remote>
// --staged`, or any earlier one) the live one: the same switch as a release, undone by `npm run rollback`.
// --percent N (1-99): a canary instead: `version` goes to N % of visitors (sticky per visitor, see
// api/src/site/canary.ts), the current release stays for the others; --percent 100 completes it (a promote).
// `npm run rollback -- <remote>` during a canary ends it (everyone back on the current release).
// The CMS's Releases tab calls the same function (api/src/releases/release-control.ts).
import { gitCommit, releaseCli, resolveRemote, withReleaseStore } from './release-store.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--percent');
const percentArg = at >= 0 ? (args[at + 1] ?? '') : undefined;
if (at >= 0) args.splice(at, 2);
const [remoteArg, version] = args;
const { folder, name } = await resolveRemote(remoteArg);
if (!version) {
  console.error(
    `Usage: npm run promote -- ${folder} <version> [--percent 1-100]  (stored versions: npm run releases -- ${folder})`,
  );
  process.exit(1);
}
const percent = percentArg === undefined ? 100 : /^\d{1,3}$/.test(percentArg) ? Number(percentArg) : NaN;
if (!(percent >= 1 && percent <= 100)) {
  console.error((await releaseCli()).releaseMessages.badPercent(percentArg));
  process.exit(1);
}

await withReleaseStore(async (control, store, { commandWhere, describeSwitch, nextSteps }) => {
  const outcome = await control.promote(name, version, { percent, gitCommit: gitCommit() });
  console.log(describeSwitch(folder, outcome, commandWhere(store.kind, outcome)));
  for (const line of nextSteps(folder, name, outcome)) console.log(line);
});

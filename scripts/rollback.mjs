#!/usr/bin/env node
// npm run rollback -- <remote>: switch the manifest back to the remote's previous release; while a canary
// runs, end it (everyone back on the current release). The CMS's Releases tab calls the same function.
import { gitCommit, resolveRemote, withReleaseStore } from './release-store.mjs';

const { folder, name } = await resolveRemote(process.argv[2]);
await withReleaseStore(async (control, _store, { describeSwitch }) => {
  console.log(describeSwitch(folder, await control.rollback(name, gitCommit())));
});

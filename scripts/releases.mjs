#!/usr/bin/env node
// npm run releases -- <remote>: the remote's releases and rollbacks, newest first, and which is current;
// then the staged versions (stored, never live) that `npm run promote` can switch to. The CMS's Releases
// tab lists the same (api/src/releases/release-control.ts).
import { resolveRemote, withReleaseStore } from './release-store.mjs';

const { name } = await resolveRemote(process.argv[2]);
await withReleaseStore(async (_control, store, { listingLines }) => {
  for (const line of listingLines(await store.list(name), store.kind)) console.log(line);
});

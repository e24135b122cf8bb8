#!/usr/bin/env node
// npm run rollback -- <remote>: switch the manifest back to the remote's previous release.
import { readState, resolveRemote, writeState } from './release-store.mjs';

const { folder, name } = resolveRemote(process.argv[2]);
const state = readState();
const entry = state.remotes[name];
const previous = entry?.history.at(-1);
if (!entry || !previous) {
  console.error(`${folder} has no earlier release to roll back to.`);
  process.exit(1);
}
state.remotes[name] = { current: previous, history: entry.history.slice(0, -1) };
writeState(state);
console.log(`Rolled back ${folder} from ${entry.current} to ${previous}`);

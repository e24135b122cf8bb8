// What the release commands (scripts/release.mjs, rollback.mjs, releases.mjs) use when DATABASE_URL is
// set: one module, loaded through tsx, so they share one copy of the schema and the store.
export { openDatabase } from '../db/client';
export {
  ReleaseError,
  currentCanary,
  promoteRelease,
  releaseHistory,
  rollbackRelease,
  stagedReleases,
  startCanary,
  storeRelease,
} from './release-store';

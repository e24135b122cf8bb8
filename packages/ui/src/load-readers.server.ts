/**
 * loadReaders in the server builds (server-build.ts swaps this file in): a static import. A chunk split
 * off a server build imports its entry again by a plain URL, which the server loads with a version
 * query, so it would run a second copy of the entry: one whose API transport has no request in scope.
 */
import * as readers from '@agency/contracts/readers';

export const loadReaders = () => Promise.resolve(readers);

import type { RequestHandler, Response } from 'express';
import type { RemoteName, RemoteReleases } from '@agency/contracts';
import type { ReleaseState } from './release-state';

/**
 * Where releases are kept: one interface, two adapters, chosen once (active-release-store.ts): on disk
 * in RELEASES_DIR (disk-release-store.ts) or in PostgreSQL when DATABASE_URL is set
 * (database-release-store.ts). The release commands, the CMS and the server all go through it; the
 * rules and words they share are release-policy.ts's.
 */
export interface ReleaseStore {
  readonly kind: 'disk' | 'database';

  // The switches, for the release commands and the CMS (release-control.ts).

  /**
   * Stores the build in `dir` as `remote@version` (unless stored already) and, unless `staged`, makes
   * it the current release. `subject`: what changed (the commit subject), shown in the CMS.
   */
  store(opts: StoreOptions): Promise<SwitchResult & { stored: boolean }>;
  /** Makes the stored `remote@version` current (a canary running ends). */
  promote(remote: RemoteName, version: string, gitCommit: string): Promise<SwitchResult>;
  /** Serves the stored `remote@version` to `percent` % (1–99) of visitors beside the current release. */
  startCanary(remote: RemoteName, version: string, percent: number): Promise<CanaryResult>;
  /**
   * Ends a running canary, else switches back to the release before the current one. `canary`: end
   * the canary of that version only (refused when it no longer runs: never a rollback of the current
   * release in its stead), as the canary guard does.
   */
  rollback(
    remote: RemoteName,
    gitCommit: string,
    only?: { canary?: string },
  ): Promise<SwitchResult & { endedCanary?: boolean }>;
  /** The remote's live, canary, staged and earlier versions (`npm run releases`, the CMS). */
  list(remote: RemoteName): Promise<RemoteReleases>;

  // What the server reads (site/).

  /** The current state, from memory (no I/O: every request may ask). */
  state(): ReleaseState;
  /** Resolved once the state is read (the server awaits it before it listens). */
  ready: Promise<void>;
  /** Reads the state again now (after a switch this instance made), resolved once it is read. */
  refresh(): Promise<void>;
  /** Whether `remote@version` is stored (released or staged). */
  hasVersion(remote: RemoteName, version: string): Promise<boolean>;
  /** One file of a release by its path inside it (`remoteEntry.js`), as text; undefined when absent. */
  readFile(remote: RemoteName, version: string, rel: string): Promise<string | undefined>;
  /** Where a release's server build is for Node to import; `prepare` puts it there first when needed. */
  serverBuild(remote: RemoteName, version: string): { file: string; prepare?: () => Promise<void> };
  /**
   * Serves `/releases/<folder>/<version>/<path>` (browser files only). `staticFiles`: the site's static
   * file server, used by a store that keeps its files in a folder.
   */
  browserFiles(
    cacheControl: (file: string) => string,
    staticFiles: (dir: string, setHeaders: (res: Response, file: string) => void) => RequestHandler,
  ): RequestHandler;
  /** Stops following the store (timers, listeners). */
  stop(): void;
}

export interface StoreOptions {
  remote: RemoteName;
  version: string;
  /** The commit of the checkout that built it. */
  gitCommit: string;
  /** What changed: the commit subject (or the command's --message). */
  subject?: string | null;
  dir: string;
  staged?: boolean;
}

export interface SwitchResult {
  remote: RemoteName;
  version: string;
  /** The version served before (null: the local build). */
  previous: string | null;
  /** False when the version was already the current one (nothing changed). */
  switched: boolean;
}

export interface CanaryResult {
  remote: RemoteName;
  version: string;
  percent: number;
  /** The current release the others stay on. */
  current: string;
}

import { REMOTE_NAMES, type RemoteName, type RemoteReleases } from '@agency/contracts';
import { checkCanaryPercent, type SwitchOutcome } from './release-policy';
import type { ReleaseStore, StoreOptions } from './release-store';
import { builtPages, checkRouteClaims, releasedPages, type ClaimSources } from './route-claims';

/**
 * What the release commands (scripts/release.mjs, promote.mjs, rollback.mjs, releases.mjs, through
 * release-cli.ts) and the CMS (admin/releases-router.ts) do, on whichever store was chosen: the same
 * functions, so a promote means one thing wherever it is made. Refusals are ReleaseErrors in
 * release-policy.ts's words; outcomes are told with its describeSwitch.
 */
export function releaseControl(store: ReleaseStore, claims?: ClaimSources) {
  /** The switch reaches other instances through the store (NOTIFY, or the shared state file); this
   * instance serves it before the answer leaves. */
  const settled = async <T>(result: T) => {
    await store.refresh();
    return result;
  };

  /** `npm run releases`: every remote's releases (or one's). */
  function list(): Promise<RemoteReleases[]> {
    return Promise.all(REMOTE_NAMES.map((name) => store.list(name)));
  }

  /** `npm run release -- <remote> [--staged]`: stores a build and, unless staged, makes it live. */
  async function release(opts: StoreOptions): Promise<SwitchOutcome & { stored: boolean }> {
    // Its pages may not take paths another remote, the server or a CMS page serve (route-claims.ts).
    if (claims) await checkRouteClaims(store, opts.remote, await builtPages(opts.dir, opts.remote), claims);
    const r = await store.store(opts);
    const { version } = opts;
    if (opts.staged)
      return r.previous === version
        ? { kind: 'unchanged', version, stored: r.stored }
        : { kind: 'staged', version, live: r.previous, stored: r.stored };
    return settled(
      r.switched
        ? { kind: 'released', version, previous: r.previous, stored: r.stored }
        : { kind: 'unchanged', version, stored: r.stored },
    );
  }

  /** `npm run promote -- <remote> <version> [--percent N]`: 100 (the default) is a promote. */
  async function promote(
    remote: RemoteName,
    version: string,
    { percent = 100, gitCommit }: { percent?: number; gitCommit: string },
  ): Promise<SwitchOutcome> {
    if (claims) await checkRouteClaims(store, remote, await releasedPages(store, remote, version), claims);
    if (percent !== 100) {
      checkCanaryPercent(percent);
      const c = await store.startCanary(remote, version, percent);
      return settled({ kind: 'canary', version, percent, current: c.current });
    }
    const r = await store.promote(remote, version, gitCommit);
    return settled(
      r.switched ? { kind: 'promoted', version, previous: r.previous } : { kind: 'unchanged', version },
    );
  }

  /** `npm run rollback -- <remote>`: ends a running canary, else back to the previous release. */
  async function rollback(remote: RemoteName, gitCommit: string): Promise<SwitchOutcome> {
    const r = await store.rollback(remote, gitCommit);
    return settled({
      kind: r.endedCanary ? 'canary-ended' : 'rolled-back',
      version: r.version,
      previous: r.previous ?? '',
    });
  }

  return { list, release, promote, rollback };
}

export type ReleaseControl = ReturnType<typeof releaseControl>;

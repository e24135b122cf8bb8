import { RELEASE_VERSION_PATTERN, REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';

/**
 * The release rules and their words, in one place for both stores (disk and database), the release
 * commands (scripts/release.mjs, promote.mjs, rollback.mjs, releases.mjs) and the CMS
 * (admin/releases-router.ts): what is refused and why, and what each switch says it did.
 */

/**
 * A refusal the command line and the CMS report as is (unknown remote, nothing to roll back to…).
 * `notFound`: the remote or version named is not there (404 to the CMS; other refusals are 409).
 */
export class ReleaseError extends Error {
  readonly notFound: boolean;
  constructor(message: string, opts: { notFound?: boolean } = {}) {
    super(message);
    this.notFound = opts.notFound ?? false;
  }
}

/** What a switch made from the CMS records as its commit (the commands record their checkout's). */
export const CMS_COMMIT = 'cms';
/** What the canary guard records when it ends a canary by itself (site/canary-guard.ts). */
export const CANARY_GUARD_COMMIT = 'canary-guard';

/**
 * The version a rollback of a remote's first release goes back to: none, its locally built remote
 * (issue 41 defect 3). Release versions are `<package version>-<content hash>`: none is called this.
 */
export const LOCAL_BUILD = 'local';

/** How many earlier releases the disk store keeps to roll back to. */
export const DISK_HISTORY_LENGTH = 10;

/** Every sentence a refusal or a switch is told in. */
export const releaseMessages = {
  unknownRemote: (remote: string) => `Unknown remote '${remote}'`,
  badVersion: (version: string) => `Bad version '${version}'`,
  noEntry: (dir: string) => `${dir} has no remoteEntry.js`,
  notStored: (folder: string, version: string) =>
    `${folder} has no release ${version}. Stored versions: npm run releases -- ${folder}`,
  alreadyCurrent: (folder: string, version: string) => `${folder} ${version} is already the current release.`,
  badPercent: (percent: unknown) => `Bad percent '${percent}': give 1 to 99 for a canary, 100 to promote.`,
  noCurrentForCanary: (folder: string, version: string) =>
    `${folder} has no current release to run a canary beside: promote ${version} instead.`,
  noEarlierRelease: (folder: string) => `${folder} has no earlier release to roll back to.`,
  noReleases: (folder: string) => `${folder} has no releases: it serves its local build.`,
  noSuchCanary: (folder: string, version: string) => `${folder} runs no canary of ${version}.`,
};

export function checkRemote(remote: string): asserts remote is RemoteName {
  if (!Object.hasOwn(REMOTE_FOLDERS, remote))
    throw new ReleaseError(releaseMessages.unknownRemote(remote), { notFound: true });
}

export function checkVersion(version: string) {
  if (!RELEASE_VERSION_PATTERN.test(version)) throw new ReleaseError(releaseMessages.badVersion(version));
}

/** A canary's share: 1–99 (100 is a promote, see promote below). */
export function checkCanaryPercent(percent: number) {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new ReleaseError(releaseMessages.badPercent(percent));
}

export const notStored = (remote: RemoteName, version: string) =>
  new ReleaseError(releaseMessages.notStored(REMOTE_FOLDERS[remote], version), { notFound: true });

/**
 * A canary runs beside a current release and is not it: the refusal when it cannot start, else
 * undefined. `current`: the remote's current version (undefined: its local build).
 */
export function canaryRefusal(remote: RemoteName, version: string, current: string | undefined) {
  const folder = REMOTE_FOLDERS[remote];
  if (!current) return new ReleaseError(releaseMessages.noCurrentForCanary(folder, version));
  if (current === version) return new ReleaseError(releaseMessages.alreadyCurrent(folder, version));
  return undefined;
}

/** What happened, in the release commands' words. */
export type SwitchOutcome =
  | { kind: 'released'; version: string; previous: string | null }
  | { kind: 'promoted'; version: string; previous: string | null }
  | { kind: 'unchanged'; version: string }
  | { kind: 'staged'; version: string; live: string | null }
  | { kind: 'canary'; version: string; percent: number; current: string }
  | { kind: 'rolled-back'; version: string; previous: string }
  | { kind: 'canary-ended'; version: string; previous: string };

/**
 * The outcome in one sentence. `where`: what the command adds about the store (" in the database; every
 * instance switches within seconds"); the CMS leaves it out.
 */
export function describeSwitch(folder: string, o: SwitchOutcome, where = ''): string {
  switch (o.kind) {
    case 'released':
      return `Released ${folder} ${o.version}${o.previous ? ` (was ${o.previous})` : ''}${where}`;
    case 'promoted':
      return `Promoted ${folder} ${o.version}${o.previous ? ` (was ${o.previous})` : ''}${where}`;
    case 'unchanged':
      return releaseMessages.alreadyCurrent(folder, o.version);
    case 'staged':
      return `Staged ${folder} ${o.version} (not live: ${folder} still serves ${o.live ?? 'its local build'})`;
    case 'canary':
      return `Canary: ${folder} ${o.version} for ${o.percent}% of visitors (the others stay on ${o.current})${where}`;
    case 'rolled-back':
      return `Rolled back ${folder} from ${o.previous} to ${o.version === LOCAL_BUILD ? 'its local build' : o.version}`;
    case 'canary-ended':
      return `Ended the canary of ${folder} ${o.previous}: everyone is on ${o.version}`;
  }
}

/**
 * What a release command adds to the sentence about the store it switched: in the database every
 * instance follows on its own (`storedMs`: how long storing the files took; undefined: stored before).
 */
export function commandWhere(
  store: 'disk' | 'database',
  o: SwitchOutcome,
  stored?: { ms: number } | false,
): string {
  if (store !== 'database') return '';
  if (o.kind === 'released')
    return ` in the database (${stored ? `stored in ${stored.ms} ms` : 'stored before'}); every instance switches within seconds`;
  if (o.kind === 'canary') return ' in the database; every instance follows within seconds';
  return ' in the database; every instance switches within seconds';
}

/** What the release commands print after the sentence: where to look, what to do next. */
export function nextSteps(folder: string, name: RemoteName, o: SwitchOutcome): string[] {
  switch (o.kind) {
    case 'released':
      return [`Manifest now points ${name} at /releases/${folder}/${o.version}/remoteEntry.js`];
    case 'staged':
      return [
        `Preview (signed in as staff): any page with ?remotes=${folder}@${o.version}`,
        `Make it live: npm run promote -- ${folder} ${o.version}`,
      ];
    case 'canary':
      return [
        `Complete it: npm run promote -- ${folder} ${o.version} --percent 100`,
        `End it:      npm run rollback -- ${folder}`,
      ];
    default:
      return [];
  }
}

import path from 'node:path';
import { readFile } from 'node:fs/promises';
import {
  LEGACY_REMOTE_PAGES,
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  composeSiteRoutes,
  readRemotePages,
  routeShape,
  type RemoteName,
  type RemotePage,
  type RouteConflict,
} from '@agency/contracts';
import { PAGES_FILE, readPagesOf } from './site-table';
import { ReleaseError } from './release-policy';
import type { ReleaseStore } from './release-store';

/** Where the pages the release would serve beside the others' come from. */
export interface ClaimSources {
  /** The repository (or site) root: a remote without a release serves its local build's pages. */
  siteRoot: string;
  /** Paths of the CMS pages visitors can see (`/privacy`), when the database is at hand. */
  cmsPagePaths?: () => Promise<string[]>;
}

/** Who owns a path, in a release command's words. */
const ownerName = (owner: RouteConflict['owner']) =>
  owner === 'the server' || owner === 'the shell' ? owner : REMOTE_FOLDERS[owner];

/** What the release would claim that someone else serves, one line per path (empty: nothing). */
export async function routeClaimProblems(
  store: ReleaseStore,
  remote: RemoteName,
  incoming: readonly RemotePage[] | undefined,
  sources: ClaimSources,
): Promise<string[]> {
  // A build without pages.json serves the pages it had before: they were the site's, nothing new.
  if (!incoming) return [];
  /** What `name` serves now: its live release's pages, else its local build's, else the built-in ones. */
  const livePages = async (name: RemoteName): Promise<readonly RemotePage[]> => {
    const live = (await store.list(name)).live ?? undefined;
    return (await readPagesOf(store, sources.siteRoot, name, live)) ?? LEGACY_REMOTE_PAGES[name];
  };
  const byRemote: Partial<Record<RemoteName, readonly RemotePage[]>> = { [remote]: incoming };
  await Promise.all(
    REMOTE_NAMES.filter((name) => name !== remote).map(async (name) => {
      byRemote[name] = await livePages(name);
    }),
  );
  // The live pages claim first, this release last: whichever remote comes first in the site's order,
  // a clash involving this release is this release's to fix.
  const order = [...REMOTE_NAMES.filter((n) => n !== remote), remote];
  const problems = composeSiteRoutes(byRemote, order)
    .conflicts.filter((c) => c.claimant === remote)
    .map((c) => `${c.path} (page ${c.page}) is already served by ${ownerName(c.owner)}`);
  // A page with items (a parameter) that would stop answering: its published items' addresses break
  // unless the page that serves them now says it moved from there.
  const kept = new Set(incoming.flatMap((p) => [p.path, ...(p.movedFrom ?? [])].map(routeShape)));
  for (const page of await livePages(remote)) {
    if (page.path.includes(':') && !kept.has(routeShape(page.path)))
      problems.push(
        `${page.path} (page ${page.id}) would stop answering for its published items: keep it, or add movedFrom: ['${page.path}'] to the page that serves them now`,
      );
  }
  const cmsPaths = new Set((await sources.cmsPagePaths?.()) ?? []);
  for (const page of incoming) {
    if (!page.path.includes(':') && cmsPaths.has(routeShape(page.path)))
      problems.push(`${page.path} (page ${page.id}) is a published CMS page`);
  }
  return problems;
}

/**
 * Refuses a release (or promote) of `remote` whose pages claim paths another remote, the server or a
 * published CMS page already serve, naming both owners; the site would otherwise drop one of them.
 */
export async function checkRouteClaims(
  store: ReleaseStore,
  remote: RemoteName,
  incoming: readonly RemotePage[] | undefined,
  sources: ClaimSources,
): Promise<void> {
  const problems = await routeClaimProblems(store, remote, incoming, sources);
  if (problems.length)
    throw new ReleaseError(
      `Release of ${REMOTE_FOLDERS[remote]} refused: its pages clash with pages already served.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
}

/**
 * A release's pages as a release command reads them: strictly. The site reads pages.json tolerantly
 * (a page it cannot read is left out, the others serve), so a page with a mistake (an unknown sitemap
 * type, items on a path without one parameter) would silently not be served; here it refuses the
 * release, naming each. Undefined: no pages.json (a build from before it), which serves its old pages.
 */
function strictPages(text: string | undefined, remote: RemoteName, where: string): RemotePage[] | undefined {
  if (text === undefined) return undefined;
  const read = readRemotePages(text);
  const problems = read ? read.problems : ['pages.json is not a list of pages'];
  if (problems.length)
    throw new ReleaseError(
      `Release of ${REMOTE_FOLDERS[remote]} refused: the site would leave out pages of ${where}.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  return read!.pages;
}

/** The pages a stored release publishes (undefined: none, a build from before pages.json). */
export const releasedPages = async (store: ReleaseStore, remote: RemoteName, version: string) =>
  strictPages(await store.readFile(remote, version, PAGES_FILE), remote, `release ${version}`);

/** The pages a build folder (before it is stored) publishes. */
export async function builtPages(dir: string, remote: RemoteName): Promise<RemotePage[] | undefined> {
  const text = await readFile(path.join(dir, PAGES_FILE), 'utf8').catch(() => undefined);
  return strictPages(text, remote, 'its build');
}

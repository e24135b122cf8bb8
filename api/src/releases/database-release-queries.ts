import path from 'node:path';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import { blobs, releaseCurrent, releaseFiles, releaseSwitches, releases } from '../db/schema';
import { blobColumns, putBlob, readBlob, type StoredBlob } from '../files/blob-store';
import {
  LOCAL_BUILD,
  ReleaseError,
  canaryRefusal,
  checkCanaryPercent,
  checkRemote,
  checkVersion,
  notStored,
  releaseMessages,
} from './release-policy';
import type { CanaryResult, SwitchResult } from './release-store';

/**
 * The database release store's queries (database-release-store.ts is the adapter): a release's files are blobs,
 * the version each remote serves is one row, and a switch (release or rollback) changes that row, logs
 * itself and notifies every instance on RELEASE_SWITCHED, all in one transaction.
 */
export const RELEASE_SWITCHED = 'release_switched';

/** A path inside a release: relative, `/`-separated, no `.`/`..` segments. */
export const isReleasePath = (p: string) =>
  p.length > 0 &&
  p.length <= 500 &&
  !p.startsWith('/') &&
  p.split('/').every((s) => s && s !== '.' && s !== '..');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The type of a release file; a precompressed `x.js.br` has the type of `x.js` (sent with Content-Encoding). */
export function contentTypeOf(file: string): string {
  const plain = file.replace(/\.(br|gz)$/, '');
  return TYPES[path.extname(plain).toLowerCase()] ?? 'application/octet-stream';
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const rel = prefix ? `${prefix}/${name}` : name;
      return statSync(path.join(dir, rel)).isDirectory() ? listFiles(dir, rel) : [rel];
    });
}

/**
 * A file's bytes, opened only when read: a stream opened ahead would report a failed open (an
 * unreadable file) before anyone listens, as an uncaught error instead of a failed release.
 */
async function* fileBytes(file: string): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(file)) yield chunk as Buffer;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One switch at a time per remote, whichever machine runs it (held until the transaction ends). */
const lockRemote = (tx: Tx, remote: RemoteName) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${remote}`}))`);

/** Tells every instance (once the transaction commits) that `remote`'s live versions changed. */
const notifySwitched = (tx: Tx, remote: RemoteName) =>
  tx.execute(sql`select pg_notify(${RELEASE_SWITCHED}, ${remote})`);

/** The stored `remote@version`, if any. */
async function findRelease(tx: Tx | Db, remote: RemoteName, version: string) {
  const [row] = await tx
    .select({ id: releases.id, version: releases.version })
    .from(releases)
    .where(and(eq(releases.remote, remote), eq(releases.version, version)));
  return row;
}

/** The stored `remote@version`, or the refusal that names the command listing what is stored. */
async function requireRelease(tx: Tx, remote: RemoteName, version: string) {
  const release = await findRelease(tx, remote, version);
  if (!release) throw notStored(remote, version);
  return release;
}

async function currentOf(tx: Tx, remote: RemoteName) {
  const [row] = await tx
    .select({ id: releases.id, version: releases.version })
    .from(releaseCurrent)
    .innerJoin(releases, eq(releases.id, releaseCurrent.releaseId))
    .where(eq(releaseCurrent.remote, remote));
  return row;
}

async function switchTo(
  tx: Tx,
  remote: RemoteName,
  target: { id: number; version: string },
  action: 'release' | 'promote' | 'rollback',
  gitCommit: string,
): Promise<SwitchResult> {
  const current = await currentOf(tx, remote);
  if (current?.id === target.id)
    return { remote, version: target.version, previous: current.version, switched: false };
  await tx
    .insert(releaseCurrent)
    .values({ remote, releaseId: target.id })
    .onConflictDoUpdate({
      target: releaseCurrent.remote,
      // A switch decides for everyone: a canary running ends with it.
      set: { releaseId: target.id, switchedAt: sql`now()`, canaryReleaseId: null, canaryPercent: null },
    });
  await tx
    .insert(releaseSwitches)
    .values({ remote, action, releaseId: target.id, fromReleaseId: current?.id ?? null, gitCommit });
  // Delivered to every listening instance when (and only if) the transaction commits.
  await notifySwitched(tx, remote);
  return { remote, version: target.version, previous: current?.version ?? null, switched: true };
}

/**
 * Stores the build in `dir` as `remote@version` (unless that version is stored already) and makes it
 * the current release, in one transaction: instances see the old release or the new one with every
 * file, never a part. `staged`: stored only, nothing switches (see promoteRelease).
 */
export async function storeRelease(
  db: Db,
  opts: {
    remote: string;
    version: string;
    gitCommit: string;
    /** What changed (the commit subject), shown in the CMS. */
    subject?: string | null;
    dir: string;
    staged?: boolean;
  },
): Promise<SwitchResult & { stored: boolean }> {
  const { remote, version, gitCommit, subject = null, dir, staged = false } = opts;
  checkRemote(remote);
  checkVersion(version);
  const files = listFiles(dir);
  if (!files.includes('remoteEntry.js')) throw new ReleaseError(releaseMessages.noEntry(dir));
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    let release = await findRelease(tx, remote, version);
    const stored = !release;
    if (!release) {
      [release] = await tx
        .insert(releases)
        .values({ remote, version, gitCommit, subject, fileCount: files.length })
        .returning({ id: releases.id, version: releases.version });
      for (const file of files) {
        const blob = await putBlob(tx, fileBytes(path.join(dir, file)), contentTypeOf(file));
        await tx.insert(releaseFiles).values({ releaseId: release!.id, path: file, blobId: blob.id });
      }
    }
    if (staged) {
      const current = await currentOf(tx, remote);
      return { remote, version, previous: current?.version ?? null, switched: false, stored };
    }
    return { ...(await switchTo(tx, remote, release!, 'release', gitCommit)), stored };
  });
}

/** Makes the stored `remote@version` (a staged release, or any earlier one) the current release. */
export async function promoteRelease(
  db: Db,
  remote: string,
  version: string,
  gitCommit: string,
): Promise<SwitchResult> {
  checkRemote(remote);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    return switchTo(tx, remote, await requireRelease(tx, remote, version), 'promote', gitCommit);
  });
}

async function canaryOf(tx: Tx, remote: RemoteName) {
  const [row] = await tx
    .select({ version: releases.version, percent: releaseCurrent.canaryPercent })
    .from(releaseCurrent)
    .innerJoin(releases, eq(releases.id, releaseCurrent.canaryReleaseId))
    .where(eq(releaseCurrent.remote, remote));
  return row && row.percent !== null ? { version: row.version, percent: row.percent } : undefined;
}

/**
 * Starts (or changes) a canary: the stored `remote@version` is served to `percent` % of visitors
 * (1–99), the current release stays current for the others. 100 is a promote (see promoteRelease).
 */
export async function startCanary(
  db: Db,
  remote: string,
  version: string,
  percent: number,
): Promise<CanaryResult> {
  checkRemote(remote);
  checkCanaryPercent(percent);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const target = await requireRelease(tx, remote, version);
    const current = await currentOf(tx, remote);
    const refusal = canaryRefusal(remote, version, current?.version);
    if (refusal || !current) throw refusal;
    await tx
      .update(releaseCurrent)
      .set({ canaryReleaseId: target.id, canaryPercent: percent })
      .where(eq(releaseCurrent.remote, remote));
    await notifySwitched(tx, remote);
    return { remote, version, percent, current: current.version };
  });
}

/** Whether `remote@version` is stored (staged or released). */
export async function hasRelease(db: Db, remote: RemoteName, version: string): Promise<boolean> {
  return Boolean(await findRelease(db, remote, version));
}

/** Stored versions of `remote` that were never switched to (staged, waiting for a promote), newest first. */
export async function stagedReleases(
  db: Db,
  remote: string,
): Promise<{ version: string; releasedAt: string; subject: string | null }[]> {
  checkRemote(remote);
  return db
    .select({ version: releases.version, releasedAt: releases.releasedAt, subject: releases.subject })
    .from(releases)
    .where(
      and(
        eq(releases.remote, remote),
        sql`not exists (select 1 from ${releaseSwitches} where ${releaseSwitches.releaseId} = ${releases.id})`,
        sql`not exists (select 1 from ${releaseCurrent} where ${releaseCurrent.canaryReleaseId} = ${releases.id})`,
      ),
    )
    .orderBy(desc(releases.id));
}

/**
 * The release to roll back to: the switches replayed as a stack (a release pushes the version it
 * replaces, a rollback pops), so rollbacks walk back through earlier releases one at a time.
 */
function rollbackTarget(switches: { action: string; releaseId: number }[]): number | undefined {
  let current: number | undefined;
  let stack: number[] = [];
  for (const s of switches) {
    if (s.action === 'rollback') stack.pop();
    else {
      stack = stack.filter((id) => id !== s.releaseId);
      if (current !== undefined && current !== s.releaseId) stack.push(current);
    }
    current = s.releaseId;
  }
  return stack.at(-1);
}

/** Switches `remote` back to the release it served before its current one. */
export async function rollbackRelease(
  db: Db,
  remote: string,
  gitCommit: string,
  /** `canary`: end the canary of that version only (see ReleaseStore's rollback). */
  only?: { canary?: string },
): Promise<SwitchResult & { endedCanary?: boolean }> {
  checkRemote(remote);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    // While a canary runs, rolling back ends it: everyone back on the current release, which stays.
    const canary = await canaryOf(tx, remote);
    if (only?.canary && canary?.version !== only.canary)
      throw new ReleaseError(releaseMessages.noSuchCanary(REMOTE_FOLDERS[remote], only.canary));
    if (canary) {
      await tx
        .update(releaseCurrent)
        .set({ canaryReleaseId: null, canaryPercent: null })
        .where(eq(releaseCurrent.remote, remote));
      await notifySwitched(tx, remote);
      const current = await currentOf(tx, remote);
      return {
        remote,
        version: current!.version,
        previous: canary.version,
        switched: true,
        endedCanary: true,
      };
    }
    const switches = await tx
      .select({ action: releaseSwitches.action, releaseId: releaseSwitches.releaseId })
      .from(releaseSwitches)
      .where(eq(releaseSwitches.remote, remote))
      .orderBy(asc(releaseSwitches.id));
    const targetId = rollbackTarget(switches);
    if (targetId === undefined) {
      // The first release (nothing before it): back to the locally built remote, which has no row.
      const current = await currentOf(tx, remote);
      if (!current) throw new ReleaseError(releaseMessages.noEarlierRelease(REMOTE_FOLDERS[remote]));
      await tx.delete(releaseCurrent).where(eq(releaseCurrent.remote, remote));
      await notifySwitched(tx, remote);
      return { remote, version: LOCAL_BUILD, previous: current.version, switched: true };
    }
    const [target] = await tx
      .select({ id: releases.id, version: releases.version })
      .from(releases)
      .where(eq(releases.id, targetId));
    return switchTo(tx, remote, target!, 'rollback', gitCommit);
  });
}

export interface HistoryEntry {
  action: 'release' | 'promote' | 'rollback';
  version: string;
  switchedAt: string;
  /** The commit of the checkout that made the switch. */
  gitCommit: string;
  /** This switch put the version the remote serves now in place. */
  current: boolean;
  /** When the version was stored (built and released). */
  builtAt: string;
  /** What changed in it: the commit subject recorded at release time (null: not recorded). */
  subject: string | null;
}

/** Every switch of `remote`, newest first. */
export async function releaseHistory(db: Db, remote: string): Promise<HistoryEntry[]> {
  checkRemote(remote);
  const rows = await db
    .select({
      action: releaseSwitches.action,
      version: releases.version,
      switchedAt: releaseSwitches.switchedAt,
      gitCommit: releaseSwitches.gitCommit,
      builtAt: releases.releasedAt,
      subject: releases.subject,
    })
    .from(releaseSwitches)
    .innerJoin(releases, eq(releases.id, releaseSwitches.releaseId))
    .where(eq(releaseSwitches.remote, remote))
    .orderBy(desc(releaseSwitches.id));
  return rows.map((r, i) => ({ ...r, current: i === 0 }));
}

/** The version the last switch of `remote` rolled back from, when its last switch is a rollback. */
export async function rolledBackFrom(db: Db, remote: RemoteName): Promise<string | null> {
  const from = alias(releases, 'from_release');
  const [last] = await db
    .select({ action: releaseSwitches.action, from: from.version })
    .from(releaseSwitches)
    .leftJoin(from, eq(from.id, releaseSwitches.fromReleaseId))
    .where(eq(releaseSwitches.remote, remote))
    .orderBy(desc(releaseSwitches.id))
    .limit(1);
  return last?.action === 'rollback' ? last.from : null;
}

export interface CurrentRelease {
  version: string;
  /** A canary running beside it: `version` for `percent` % of visitors. */
  canary?: { version: string; percent: number };
}

/** The version each released remote serves now, and its canary if one runs. */
export async function liveReleases(db: Db): Promise<Partial<Record<RemoteName, CurrentRelease>>> {
  const canaryRelease = alias(releases, 'canary_release');
  const rows = await db
    .select({
      remote: releaseCurrent.remote,
      version: releases.version,
      canaryVersion: canaryRelease.version,
      canaryPercent: releaseCurrent.canaryPercent,
    })
    .from(releaseCurrent)
    .innerJoin(releases, eq(releases.id, releaseCurrent.releaseId))
    .leftJoin(canaryRelease, eq(canaryRelease.id, releaseCurrent.canaryReleaseId));
  const out: Partial<Record<RemoteName, CurrentRelease>> = {};
  for (const r of rows) {
    if (!Object.hasOwn(REMOTE_FOLDERS, r.remote)) continue;
    out[r.remote as RemoteName] =
      r.canaryVersion && r.canaryPercent !== null
        ? { version: r.version, canary: { version: r.canaryVersion, percent: r.canaryPercent } }
        : { version: r.version };
  }
  return out;
}

/** The version each released remote serves now (to everyone outside a canary). */
export async function currentReleases(db: Db): Promise<Partial<Record<RemoteName, string>>> {
  const live = await liveReleases(db);
  return Object.fromEntries(Object.entries(live).map(([r, l]) => [r, l.version]));
}

/** The canary `remote` runs now, if any. */
export async function currentCanary(db: Db, remote: string) {
  checkRemote(remote);
  return (await liveReleases(db))[remote]?.canary;
}

/** Stored files of `remote@version` among `paths` (any that exist), with their blobs. */
export async function findReleaseFiles(
  db: Db,
  remote: RemoteName,
  version: string,
  paths: string[],
): Promise<Map<string, StoredBlob>> {
  const rows = await db
    .select({ path: releaseFiles.path, ...blobColumns })
    .from(releaseFiles)
    .innerJoin(releases, eq(releases.id, releaseFiles.releaseId))
    .innerJoin(blobs, eq(blobs.id, releaseFiles.blobId))
    .where(
      and(eq(releases.remote, remote), eq(releases.version, version), inArray(releaseFiles.path, paths)),
    );
  return new Map(rows.map(({ path: p, ...blob }) => [p, blob]));
}

/**
 * Writes what the server needs of `remote@version` (its server build, and the browser build's
 * stylesheets the page links) into `target`: first into a scratch folder, then renamed into place,
 * so a folder at `target` is always complete. Does nothing when `target` exists.
 */
export async function materializeRelease(
  db: Db,
  remote: RemoteName,
  version: string,
  target: string,
): Promise<void> {
  try {
    statSync(target);
    return;
  } catch {
    // not there yet
  }
  const rows = await db
    .select({ path: releaseFiles.path, ...blobColumns })
    .from(releaseFiles)
    .innerJoin(releases, eq(releases.id, releaseFiles.releaseId))
    .innerJoin(blobs, eq(blobs.id, releaseFiles.blobId))
    .where(
      and(
        eq(releases.remote, remote),
        eq(releases.version, version),
        or(like(releaseFiles.path, 'server/%'), like(releaseFiles.path, 'assets/%.css')),
      ),
    );
  const scratch = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(scratch, { recursive: true });
    for (const { path: rel, ...blob } of rows) {
      if (!isReleasePath(rel)) continue;
      const file = path.join(scratch, ...rel.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      await pipeline(readBlob(db, blob), createWriteStream(file));
    }
    // Builds are ES modules; the cache lies outside any package that would say so.
    writeFileSync(path.join(scratch, 'package.json'), '{ "type": "module" }\n');
    try {
      renameSync(scratch, target);
    } catch (err) {
      // Another request of this process (or another process on this disk) got there first.
      try {
        statSync(target);
      } catch {
        throw err;
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

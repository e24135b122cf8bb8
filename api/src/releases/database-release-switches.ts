// What changes a remote's release in the database, each in one transaction under a per-remote lock:
// store (and release) a build, promote, start a canary, roll back. A switch changes the remote's one
// current row, logs itself and notifies every instance on RELEASE_SWITCHED (database-release-store.ts
// is the adapter; the reads are database-release-reads.ts).
import path from 'node:path';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { REMOTE_FOLDERS, replayRollbacks, type RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import { releaseCurrent, releaseFiles, releaseSwitches, releases } from '../db/schema';
import { putBlob } from '../files/blob-store';
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
import { contentTypeOf } from './database-release-files';
import { findRelease, type Tx } from './database-release-reads';

/** Notified (payload: the remote) when a remote's live versions change. */
export const RELEASE_SWITCHED = 'release_switched';

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

/** One switch at a time per remote, whichever machine runs it (held until the transaction ends). */
const lockRemote = (tx: Tx, remote: RemoteName) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${remote}`}))`);

/** Tells every instance (once the transaction commits) that `remote`'s live versions changed. */
const notifySwitched = (tx: Tx, remote: RemoteName) =>
  tx.execute(sql`select pg_notify(${RELEASE_SWITCHED}, ${remote})`);

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
      .select({ action: releaseSwitches.action, release: releaseSwitches.releaseId })
      .from(releaseSwitches)
      .where(eq(releaseSwitches.remote, remote))
      .orderBy(asc(releaseSwitches.id));
    const targetId = replayRollbacks(switches).target;
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

// What the database release store reads back: whether a version is stored, the staged ones, each
// remote's switch history, and the version (and canary) each remote serves now.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import { releaseCurrent, releaseSwitches, releases } from '../db/schema';
import { checkRemote } from './release-policy';

/** A transaction of `Db` (the switches run their reads inside one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The stored `remote@version`, if any. */
export async function findRelease(tx: Tx | Db, remote: RemoteName, version: string) {
  const [row] = await tx
    .select({ id: releases.id, version: releases.version })
    .from(releases)
    .where(and(eq(releases.remote, remote), eq(releases.version, version)));
  return row;
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

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REMOTE_FOLDERS, REMOTE_NAMES, type CanaryEnd, type RemoteName } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { canaryCounts, canaryRuns } from '../db/schema';
import { loadSiteSettings } from '../admin/site-settings';
import { recordAudit } from '../admin/audit';
import { postWebhook } from '../notifications/webhook';
import { CANARY_GUARD_COMMIT, ReleaseError } from '../releases/release-policy';

/**
 * A canary that ends itself (issue 40 item 4). While a canary of a remote runs, every instance counts
 * that remote's page views and failures (client errors its browsers report, server renders that
 * failed) per version and minute, in canary_counts, so the counts are the whole site's. Every
 * CANARY_CHECK_MS each instance compares the canary's failures per thousand views with the live
 * version's over the canary's window (canary_runs: from when it was first seen running); once the
 * canary has `canaryMinViews` views and its rate is more than `canaryMaxFailuresPerThousand` above
 * the live one (both in Settings), it ends the canary as a rollback by hand would (through the store,
 * so every instance follows), records why in canary_runs and the audit, and calls RELEASE_WEBHOOK_URL.
 * The decision is a conditional update of the canary's run: one instance alone makes it.
 */

export const CANARY_CHECK_MS = 10_000;
/** How often an instance adds its counts to the database. */
export const CANARY_FLUSH_MS = 5_000;
/** The audit's name for the guard (no person did it). */
export const CANARY_GUARD_ACTOR = 'Canary guard';

const perThousand = (failures: number, views: number) => (views ? (failures * 1000) / views : 0);
const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(1));

/** The reason told in the Releases tab and the audit. */
export function canaryEndReason(canaryRate: number, liveRate: number): string {
  return `Canary ended automatically: ${fmt(canaryRate)} failures per 1,000 views vs ${fmt(liveRate)} on the live version`;
}

type Key = `${RemoteName} ${string}`;

export function canaryGuard({
  env,
  db,
  log,
  clock: now,
  releases,
}: Pick<AppContext, 'env' | 'db' | 'log' | 'clock' | 'releases'>) {
  const pending = new Map<Key, { views: number; failures: number; minute: string }>();

  /** Whether a canary of `remote` runs now (counting costs nothing otherwise). */
  const running = (remote: RemoteName) => Boolean(releases.state().remotes[remote]?.canary);

  const add = (remote: RemoteName, version: string, field: 'views' | 'failures') => {
    if (!REMOTE_NAMES.includes(remote) || !running(remote)) return;
    const t = now().getTime();
    const minute = new Date(t - (t % 60_000)).toISOString();
    const key: Key = `${remote} ${version}`;
    let p = pending.get(key);
    if (p && p.minute !== minute) {
      void flush();
      p = undefined;
    }
    if (!p) pending.set(key, (p = { views: 0, failures: 0, minute }));
    p[field]++;
  };

  /** Adds this instance's counts to the database (and forgets them). */
  async function flush() {
    if (!pending.size) return;
    const rows = [...pending].map(([key, p]) => {
      const [remote, version] = key.split(' ') as [RemoteName, string];
      return { remote, version, minute: p.minute, views: p.views, failures: p.failures };
    });
    pending.clear();
    try {
      await db
        .insert(canaryCounts)
        .values(rows)
        .onConflictDoUpdate({
          target: [canaryCounts.remote, canaryCounts.version, canaryCounts.minute],
          set: {
            views: sql`${canaryCounts.views} + excluded.views`,
            failures: sql`${canaryCounts.failures} + excluded.failures`,
          },
        });
    } catch (err) {
      log.warn({ err }, 'cannot store the canary counts; these are lost');
    }
  }

  /** The running row of `remote`'s canary, started now if this is the first look at it. */
  async function runOf(remote: RemoteName, version: string, live: string) {
    const [row] = await db
      .select()
      .from(canaryRuns)
      .where(and(eq(canaryRuns.remote, remote), isNull(canaryRuns.endedAt)));
    if (row && row.version === version) return row;
    // Another version's canary replaced it (or none was seen yet): its window starts now.
    if (row)
      await db
        .update(canaryRuns)
        .set({ endedAt: now().toISOString() })
        .where(and(eq(canaryRuns.id, row.id), isNull(canaryRuns.endedAt)));
    await db
      .insert(canaryRuns)
      .values({ remote, version, liveVersion: live, startedAt: now().toISOString() })
      .onConflictDoNothing();
    const [started] = await db
      .select()
      .from(canaryRuns)
      .where(and(eq(canaryRuns.remote, remote), isNull(canaryRuns.endedAt)));
    return started;
  }

  async function callWebhook(payload: object) {
    const url = env.RELEASE_WEBHOOK_URL;
    if (!url) return;
    const secret = env.RELEASE_WEBHOOK_SECRET ?? env.SECRET_KEY ?? '';
    try {
      await postWebhook({
        url,
        secret,
        jobId: randomUUID(),
        body: JSON.stringify(payload),
        allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
        now: now(),
      });
    } catch (err) {
      log.warn({ err, url }, 'the release webhook failed');
    }
  }

  /**
   * One look at every running canary: ends those past the threshold. Answers what it ended.
   * Every instance runs it; the conditional update of the run lets one of them decide.
   */
  async function check(): Promise<CanaryEnd[]> {
    await flush();
    const state = releases.state();
    const ended: CanaryEnd[] = [];
    const settings = await loadSiteSettings(db);
    for (const remote of REMOTE_NAMES) {
      const entry = state.remotes[remote];
      const canary = entry?.canary;
      if (!entry || !canary) {
        // Ended by hand or completed by a promote: its window closes.
        await db
          .update(canaryRuns)
          .set({ endedAt: now().toISOString() })
          .where(and(eq(canaryRuns.remote, remote), isNull(canaryRuns.endedAt)));
        continue;
      }
      const run = await runOf(remote, canary.version, entry.current);
      if (!run) continue;
      const sums = await db
        .select({
          version: canaryCounts.version,
          views: sql<number>`coalesce(sum(${canaryCounts.views}), 0)::int`,
          failures: sql<number>`coalesce(sum(${canaryCounts.failures}), 0)::int`,
        })
        .from(canaryCounts)
        .where(
          and(
            eq(canaryCounts.remote, remote),
            inArray(canaryCounts.version, [canary.version, entry.current]),
            sql`${canaryCounts.minute} >= date_trunc('minute', ${run.startedAt}::timestamptz)`,
          ),
        )
        .groupBy(canaryCounts.version);
      const of = (v: string) => sums.find((s) => s.version === v) ?? { views: 0, failures: 0 };
      const c = of(canary.version);
      const l = of(entry.current);
      if (c.views < settings.canaryMinViews) continue;
      const canaryRate = perThousand(c.failures, c.views);
      const liveRate = perThousand(l.failures, l.views);
      if (canaryRate - liveRate <= settings.canaryMaxFailuresPerThousand) continue;
      const reason = canaryEndReason(canaryRate, liveRate);
      // The decision: whichever instance closes the run ends the canary; the others find it closed.
      const [decided] = await db
        .update(canaryRuns)
        .set({ endedAt: now().toISOString(), endedReason: reason })
        .where(and(eq(canaryRuns.id, run.id), isNull(canaryRuns.endedAt)))
        .returning({ id: canaryRuns.id });
      if (!decided) continue;
      const folder = REMOTE_FOLDERS[remote];
      try {
        // The rollback by hand's own path (every instance follows the store), for this canary only.
        await releases.rollback(remote, CANARY_GUARD_COMMIT, { canary: canary.version });
        await releases.refresh();
      } catch (err) {
        if (!(err instanceof ReleaseError)) throw err;
        // Ended meanwhile (another instance's decision, read here before its rollback, or by hand):
        // this run, opened on the stale state, decided nothing and says no reason.
        await db.update(canaryRuns).set({ endedReason: null }).where(eq(canaryRuns.id, decided.id));
        log.info({ remote, version: canary.version, err: err.message }, 'canary already ended');
        continue;
      }
      const end: CanaryEnd = {
        remote: folder,
        version: canary.version,
        live: entry.current,
        reason,
        at: now().toISOString(),
        canary: { views: c.views, failures: c.failures },
        liveCounts: { views: l.views, failures: l.failures },
      };
      ended.push(end);
      log.warn({ ...end }, `${reason} (${folder} ${canary.version}; everyone is on ${entry.current})`);
      await recordAudit(db, log, {
        actor: { id: null, name: CANARY_GUARD_ACTOR },
        action: 'release.rollback',
        entityType: folder,
        summary: `${reason}. Ended the canary of ${folder} ${canary.version}: everyone is on ${entry.current}`,
      });
      await callWebhook({ event: 'canary.ended', ...end });
    }
    return ended;
  }

  let timers: NodeJS.Timeout[] = [];
  return {
    /** A page answered for `remote` at `version` (counted while a canary of it runs). */
    view: (remote: RemoteName, version: string) => add(remote, version, 'views'),
    /** A failure of `remote` at `version`: a client error its browser reported, a server render that failed. */
    failure: (remote: RemoteName, version: string) => add(remote, version, 'failures'),
    flush,
    check,
    /** Checks every CANARY_CHECK_MS (the server; tests call check). */
    start() {
      const guarded = (fn: () => Promise<unknown>) => () =>
        void fn().catch((err: unknown) => log.warn({ err }, 'canary guard: check failed'));
      timers = [setInterval(guarded(flush), CANARY_FLUSH_MS), setInterval(guarded(check), CANARY_CHECK_MS)];
      for (const t of timers) t.unref();
    },
    stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
    },
  };
}

export type CanaryGuard = ReturnType<typeof canaryGuard>;

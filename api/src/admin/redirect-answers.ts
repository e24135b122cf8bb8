/**
 * The redirects and Gone addresses the site answers from memory: one load at start and after each change
 * (a Redirects write here, or through NOTIFY on another instance, or a content write); requests cost no
 * query. Hits are counted in memory and added to the stored rows every FLUSH_EVERY_MS.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import { CONTENT_TYPES, type ContentType, type ContentTypeInfo } from '@agency/contracts';
import type { Db } from '../db/client';
import { CONTENT_TABLES, redirects } from '../db/schema';
import { publicPathOf } from './redirect-store';

export interface RedirectAnswers {
  /** 301 target of a page path, 'gone' for a trashed item's address, undefined for anything else. */
  lookup(path: string): Promise<string | 'gone' | undefined>;
  /** Loads the redirects again (after a change here, or one heard from another instance). */
  reload(): Promise<void>;
  /** Called after each change made through the staff API on this instance (app.ts tells the others). */
  onChange(listener: () => void): void;
  /** After a write through the Redirects API: this instance loads again, the others hear it (app.ts). */
  changed(): Promise<void>;
  countHit(path: string): void;
  /** Adds the counted hits to the stored rows. */
  flushHits(): Promise<void>;
}

/** How long a page request waits for a (re)load before it is answered without redirects. */
const LOAD_WAIT_MS = 2000;
const FLUSH_EVERY_MS = 30_000;

async function loadAnswers(db: Db) {
  const rows = await db.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects);
  const gone = new Set<string>();
  await Promise.all(
    (Object.keys(CONTENT_TYPES) as ContentType[])
      .filter((type) => (CONTENT_TYPES[type] as ContentTypeInfo).siteRoute)
      .map(async (type) => {
        const table = CONTENT_TABLES[type] as unknown as (typeof CONTENT_TABLES)['blog-posts'];
        const trashed = await db.select({ slug: table.slug }).from(table).where(isNotNull(table.deletedAt));
        for (const { slug } of trashed) gone.add(publicPathOf(type, slug)!);
      }),
  );
  return { redirects: new Map(rows.map((r) => [r.from, r.to])), gone };
}

/** The app's one set of answers (createApp makes it; the Redirects API and the site's middleware share it). */
export function redirectAnswers(db: Db): RedirectAnswers {
  let answers: Awaited<ReturnType<typeof loadAnswers>> | undefined;
  let loading: Promise<void> | undefined;
  let again = false;
  const listeners: (() => void)[] = [];
  const hits = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const run = async () => {
    do {
      again = false;
      try {
        answers = await loadAnswers(db);
      } catch {
        // Kept as they were; the next change or start loads again.
      }
    } while (again);
    loading = undefined;
  };
  const reload = () => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = run();
    return loading;
  };
  const flushHits = async () => {
    if (!hits.size) return;
    const batch = [...hits];
    hits.clear();
    for (const [path, count] of batch) {
      await db
        .update(redirects)
        .set({ hits: sql`${redirects.hits} + ${count}`, lastHitAt: sql`now()` })
        .where(eq(redirects.fromPath, path))
        .catch(() => {});
    }
  };
  return {
    async lookup(path) {
      if (!answers || loading) {
        const pending = loading ?? reload();
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([pending, new Promise((done) => (wait = setTimeout(done, LOAD_WAIT_MS)))]);
        clearTimeout(wait);
      }
      if (!answers) return undefined;
      return answers.redirects.get(path) ?? (answers.gone.has(path) ? 'gone' : undefined);
    },
    reload,
    onChange: (listener) => void listeners.push(listener),
    countHit(path) {
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          void flushHits();
        }, FLUSH_EVERY_MS);
        timer.unref();
      }
    },
    flushHits,
    async changed() {
      await reload();
      for (const listener of listeners) listener();
    },
  };
}

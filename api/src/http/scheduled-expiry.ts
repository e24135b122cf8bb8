// When cached answers go stale by themselves: the next scheduled publish of each content family, read
// from the database and read again after every change to it, so the public cache can drop a family's
// answers once its time has passed and cap a shared cache's s-maxage before it.
import type { ContentTag } from './public-reads';

/**
 * Answers that change by themselves at a known time: a scheduled item goes live. `nextDue` reads, for
 * each of `tags`, the earliest such time still ahead (null: none); the cache drops a tag's answers once
 * that time has passed, whatever the instance, with no timer and no staff action.
 */
export interface DueTimes {
  tags: readonly ContentTag[];
  /** The app's clock, in ms (injectable: tests move it instead of sleeping). */
  now: () => number;
  /** The due times of `tags` (the families a change touched, or all of them at first). */
  nextDue: (tags: readonly ContentTag[]) => Promise<Partial<Record<ContentTag, number | null>>>;
}

/** How soon a failed read of the due times is tried again. */
const DUE_RETRY_MS = 60_000;

export function createScheduledExpiry() {
  let due: DueTimes | undefined;
  let now = () => Date.now();
  /** Per tag: when its answers go stale by themselves (absent: never); 'unknown' while being read. */
  const dueAt = new Map<ContentTag, number | 'unknown'>();
  /** Per tag: the read that will settle it (an older read's answer for it is stale). */
  const latestRead = new Map<ContentTag, number>();
  let dueReads = 0;

  /**
   * Reads the due times of `only` again (after a write that may have changed them, or when one
   * passed); the other families keep theirs, and their answers stay cacheable meanwhile.
   */
  function refresh(only?: readonly ContentTag[]): void {
    if (!due) return;
    const tags = only ? due.tags.filter((t) => only.includes(t)) : due.tags;
    if (!tags.length) return;
    const read = ++dueReads;
    for (const t of tags) {
      dueAt.set(t, 'unknown');
      latestRead.set(t, read);
    }
    const settle = (at: (t: ContentTag) => number | null | undefined, answered: ContentTag[] = []) => {
      // The families asked for, and any other the answer settles (one sharing a type with them).
      for (const t of new Set([...tags, ...answered.filter((a) => due!.tags.includes(a))])) {
        if ((latestRead.get(t) ?? 0) > read) continue;
        const when = at(t);
        if (when === undefined || when === null) dueAt.delete(t);
        else dueAt.set(t, when);
      }
    };
    due.nextDue(tags).then(
      (times) => settle((t) => times[t], Object.keys(times) as ContentTag[]),
      () => settle(() => now() + DUE_RETRY_MS),
    );
  }

  return {
    /** The app's clock (the watched due times', else the wall clock). */
    now: () => now(),
    /** Follows `times` (read now, and again after every change to its families). */
    watch(times: DueTimes): void {
      due = times;
      now = times.now;
      refresh();
    },
    /** The families whose due time has passed. */
    passed(): ContentTag[] {
      const t = now();
      return [...dueAt].filter(([, at]) => at !== 'unknown' && at <= t).map(([tag]) => tag);
    },
    /** Whether a due time of `tags` is being read (an answer built from them might outlive one). */
    reading: (tags: readonly ContentTag[]) => tags.some((t) => dueAt.get(t) === 'unknown'),
    /** `seconds`, capped at the next due time of `tags` (0 while one is being read). */
    cap(tags: readonly ContentTag[], seconds: number): number {
      for (const t of tags) {
        const at = dueAt.get(t);
        if (at === 'unknown') seconds = 0;
        else if (at !== undefined) seconds = Math.min(seconds, Math.max(0, Math.ceil((at - now()) / 1000)));
      }
      return seconds;
    },
    /** `tags` were invalidated: their due times may have moved, so they are read again. */
    changed(tags: readonly ContentTag[]): void {
      refresh(tags);
    },
  };
}

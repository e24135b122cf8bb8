/** Anything with zod's safeParse: the reader schemas of @agency/contracts/readers (no zod import here). */
interface Reader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * One answer read for what its screen shows (a reader schema of @agency/contracts/readers). An answer
 * that lacks what the screen cannot do without is the query's error: the page shows its error state.
 */
export function readAnswer<T>(reader: Reader<T>, body: unknown, what: string): T {
  const r = reader.safeParse(body);
  if (!r.success) throw new Error(`The ${what} answer lacks what its page shows`);
  return r.data;
}

/**
 * A list answer read item by item, as a tolerant reader does: each item needs only what the screen
 * shows (the reader schema); items that lack it are left out, and said so in the console, while
 * the others are shown. A list that is not a list is an error (the section shows its error state).
 */
export function readListOf<T>(item: Reader<T>, body: unknown, what: string): T[] {
  if (!Array.isArray(body)) throw new Error(`The ${what} answer is not a list`);
  const kept: T[] = [];
  for (const value of body) {
    const r = item.safeParse(value);
    if (r.success) kept.push(r.data);
  }
  if (kept.length < body.length) {
    console.warn(
      `[${what}] ${body.length - kept.length} of ${body.length} left out: missing what the page shows`,
    );
  }
  return kept;
}

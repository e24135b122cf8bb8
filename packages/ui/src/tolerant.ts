/** Anything with zod's safeParse: the classic and mini schemas alike (no zod import here). */
interface ItemReader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * A list answer read item by item, as a tolerant reader does: each item needs only what the screen
 * shows (the reader's schema); items that lack it are left out, and said so in the console, while
 * the others are shown. A list that is not a list is an error (the section shows its error state).
 */
export function readList<T>(body: unknown, item: ItemReader<T>, what: string): T[] {
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

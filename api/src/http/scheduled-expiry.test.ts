import { describe, expect, it } from 'vitest';
import type { ContentTag } from './public-reads';
import { createScheduledExpiry } from './scheduled-expiry';

/** A due-time source the test answers by hand: which families were asked for, and when. */
function source(tags: ContentTag[]) {
  const asked: ContentTag[][] = [];
  const answers: ((times: Partial<Record<ContentTag, number | null>>) => void)[] = [];
  return {
    asked,
    answer: (times: Partial<Record<ContentTag, number | null>>) => answers.shift()!(times),
    due: {
      tags,
      now: () => 1_000,
      nextDue: (only: readonly ContentTag[]) => {
        asked.push([...only]);
        return new Promise<Partial<Record<ContentTag, number | null>>>((resolve) => answers.push(resolve));
      },
    },
  };
}

describe('scheduled expiry: a change re-reads only the families it touched', () => {
  it("a testimonial write leaves the blog's due time known (its answers stay cacheable)", async () => {
    const expiry = createScheduledExpiry();
    const s = source(['blog-posts', 'testimonials']);
    expiry.watch(s.due);
    expect(s.asked).toEqual([['blog-posts', 'testimonials']]);
    s.answer({ 'blog-posts': 5_000, testimonials: null });
    await Promise.resolve();
    expect(expiry.reading(['blog-posts'])).toBe(false);

    expiry.changed(['testimonials']);
    expect(s.asked.at(-1)).toEqual(['testimonials']);
    expect(expiry.reading(['testimonials'])).toBe(true);
    expect(expiry.reading(['blog-posts'])).toBe(false);
    expect(expiry.cap(['blog-posts'], 60)).toBe(4);

    s.answer({ testimonials: 3_000 });
    await Promise.resolve();
    expect(expiry.reading(['testimonials'])).toBe(false);
    expect(expiry.cap(['testimonials'], 60)).toBe(2);
  });

  it("an older read's answer does not overwrite a newer one of the same family", async () => {
    const expiry = createScheduledExpiry();
    const s = source(['blog-posts']);
    expiry.watch(s.due);
    expiry.changed(['blog-posts']);
    s.answer({ 'blog-posts': 9_000 }); // the first read, overtaken
    await Promise.resolve();
    expect(expiry.reading(['blog-posts'])).toBe(true);
    s.answer({ 'blog-posts': 2_000 });
    await Promise.resolve();
    expect(expiry.cap(['blog-posts'], 60)).toBe(1);
  });
});

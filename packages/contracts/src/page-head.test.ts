import { describe, expect, it } from 'vitest';
import { blogPostHead, cardUrl, type HeadSite } from './page-head';

const site: HeadSite = {
  siteName: 'Distilled Digital',
  defaultMetaDescription: 'An agency.',
  socialLinks: [],
  origin: 'https://www.example-agency.com',
};
const post = {
  title: 'Measure What Matters',
  excerpt: 'A practical guide.',
  category: 'Analytics',
  author: 'Maya Chen',
  tags: [],
  published: true,
  publishedAt: '2025-01-05T10:00:00Z',
  createdAt: '2025-01-05T10:00:00Z',
};
const cardOf = (extra: Record<string, unknown>) => {
  const head = blogPostHead(site, '/blog/measure', { ...post, ...extra });
  return cardUrl(site.origin, head.path, head.card!);
};

describe("a page's social card address", () => {
  it('changes with the focal point of staff’s replacement picture, so caches fetch the new crop', () => {
    const replaced = { socialImageUrl: '/uploads/card.png' };
    const centre = cardOf(replaced);
    const left = cardOf({ ...replaced, socialImageFocus: { x: 10, y: 50 } });
    const right = cardOf({ ...replaced, socialImageFocus: { x: 90, y: 50 } });
    expect(new Set([centre, left, right]).size).toBe(3);
    // No point set: the address it always had.
    expect(cardOf({ ...replaced, socialImageFocus: null })).toBe(centre);
  });

  it('ignores a focal point without a replacement picture: the generated card is the same', () => {
    expect(cardOf({ socialImageFocus: { x: 10, y: 50 } })).toBe(cardOf({}));
    expect(cardOf({})).not.toBe(cardOf({ socialImageUrl: '/uploads/card.png' }));
  });
});

import { describe, expect, it } from 'vitest';
import { postDateLabel, truncateExcerpt } from './post-display';

describe('truncateExcerpt', () => {
  it('keeps excerpts of up to 120 characters and cuts longer ones with an ellipsis', () => {
    expect(truncateExcerpt('a'.repeat(120))).toBe('a'.repeat(120));
    expect(truncateExcerpt('a'.repeat(121))).toBe(`${'a'.repeat(120)}...`);
  });
});

describe('postDateLabel', () => {
  it('uses publishedAt, then createdAt, then Recent, in US English', () => {
    expect(
      postDateLabel({ publishedAt: '2025-01-05T09:00:00.000Z', createdAt: '2024-01-01T00:00:00Z' }),
    ).toBe('January 5, 2025');
    expect(postDateLabel({ publishedAt: null, createdAt: '2024-12-10T09:00:00.000Z' })).toBe(
      'December 10, 2024',
    );
    expect(postDateLabel({ publishedAt: null, createdAt: null })).toBe('Recent');
  });
});

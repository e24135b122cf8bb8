import { BLOG_CATEGORIES, type BlogPost } from '@agency/contracts/browser';
import { formatDate } from '@agency/ui';

/** Spec section 9: grid excerpts are cut at 120 characters, with an ellipsis when longer. */
export const EXCERPT_LIMIT = 120;
/** Spec section 9: the post header shows at most 3 tags. */
export const HEADER_TAG_LIMIT = 3;

export function truncateExcerpt(excerpt: string, limit = EXCERPT_LIMIT): string {
  return excerpt.length > limit ? `${excerpt.slice(0, limit)}...` : excerpt;
}

/** publishedAt, else createdAt, else 'Recent' (spec section 2). */
export function postDateLabel(post: Pick<BlogPost, 'publishedAt' | 'createdAt'>): string {
  const raw = post.publishedAt ?? post.createdAt;
  return (raw && formatDate(raw)) || 'Recent';
}

export const postDateTime = (post: Pick<BlogPost, 'publishedAt' | 'createdAt'>) =>
  post.publishedAt ?? post.createdAt ?? undefined;

/**
 * The hero's topic chips after 'All': the spec's five (BLOG_CATEGORIES), always, then any other
 * category the listed posts use, in the order the list first shows it.
 */
export function blogTopics(posts: readonly Pick<BlogPost, 'category'>[]): string[] {
  const usual = BLOG_CATEGORIES as readonly string[];
  const others = posts.map((p) => p.category.trim()).filter((c) => c && !usual.includes(c));
  return [...usual, ...new Set(others)];
}

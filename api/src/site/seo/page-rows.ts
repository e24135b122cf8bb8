import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { blogPosts, caseStudies, pages, services } from '../../db/schema';
import { isLive } from '../../content/visibility';

/**
 * The rows the database head of one request needs by slug (page-meta.ts: the fallback for a page
 * that declared none, /api/page-meta and the social cards), each read at most once; a content preview
 * replaces one of them. Trashed rows are not there at all; `published` means live
 * (a scheduled row reads as unpublished until its date, so only staff see it, like a draft).
 */
export function pageRows({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key) as Promise<T>;
  };
  const live = <T extends { published: boolean; publishedAt?: string | null }>(row: T | undefined) =>
    row && { ...row, published: isLive(row, clock()) };
  return {
    blogPost: (slug: string) =>
      once(`post:${slug}`, async () =>
        live(
          (
            await db
              .select()
              .from(blogPosts)
              .where(and(eq(blogPosts.slug, slug), isNull(blogPosts.deletedAt)))
              .limit(1)
          )[0],
        ),
      ),
    caseStudy: (slug: string) =>
      once(`study:${slug}`, async () =>
        live(
          (
            await db
              .select()
              .from(caseStudies)
              .where(and(eq(caseStudies.slug, slug), isNull(caseStudies.deletedAt)))
              .limit(1)
          )[0],
        ),
      ),
    service: (slug: string) =>
      once(`service:${slug}`, async () =>
        live(
          (
            await db
              .select()
              .from(services)
              .where(and(eq(services.slug, slug), isNull(services.deletedAt)))
              .limit(1)
          )[0],
        ),
      ),
    page: (slug: string) =>
      once(`page:${slug}`, async () =>
        live(
          (
            await db
              .select()
              .from(pages)
              .where(and(eq(pages.slug, slug), isNull(pages.deletedAt)))
              .limit(1)
          )[0],
        ),
      ),
  };
}

export type PageRows = ReturnType<typeof pageRows>;

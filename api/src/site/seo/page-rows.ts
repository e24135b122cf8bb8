import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, caseStudies, pages, services } from '../../db/schema';

/**
 * The rows one page request needs by slug, each read at most once: the head (page-meta) and the
 * renderer of the same request share them.
 */
export function pageRows(db: Db) {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key) as Promise<T>;
  };
  return {
    blogPost: (slug: string) =>
      once(
        `post:${slug}`,
        async () => (await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1))[0],
      ),
    caseStudy: (slug: string) =>
      once(
        `study:${slug}`,
        async () => (await db.select().from(caseStudies).where(eq(caseStudies.slug, slug)).limit(1))[0],
      ),
    service: (slug: string) =>
      once(
        `service:${slug}`,
        async () => (await db.select().from(services).where(eq(services.slug, slug)).limit(1))[0],
      ),
    page: (slug: string) =>
      once(
        `page:${slug}`,
        async () => (await db.select().from(pages).where(eq(pages.slug, slug)).limit(1))[0],
      ),
  };
}

export type PageRows = ReturnType<typeof pageRows>;

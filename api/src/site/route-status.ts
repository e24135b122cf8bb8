import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, caseStudies, pages } from '../db/schema';

export const SERVICE_SLUGS = ['seo', 'paid-media', 'data-science', 'ai-automations', 'shopify', 'web-design'];

const STATIC_ROUTES = new Set([
  '/',
  '/about',
  '/services',
  '/case-studies',
  '/blog',
  '/resources',
  '/contact',
  '/cms',
]);

/** Whether a client route exists, so the shell is answered with 200 or 404. */
export async function routeExists(db: Db, rawPath: string): Promise<boolean> {
  const p = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  if (STATIC_ROUTES.has(p)) return true;
  const parts = p.split('/').slice(1);
  if (parts.length === 2) {
    const [section, slug] = parts as [string, string];
    if (section === 'services') return SERVICE_SLUGS.includes(slug);
    if (section === 'blog') return exists(db, blogPosts, slug);
    if (section === 'case-studies') return exists(db, caseStudies, slug);
    return false;
  }
  if (parts.length === 1 && parts[0]) return exists(db, pages, parts[0]);
  return false;
}

async function exists(db: Db, table: typeof blogPosts | typeof caseStudies | typeof pages, slug: string) {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), eq(table.published, true)))
    .limit(1);
  return rows.length > 0;
}

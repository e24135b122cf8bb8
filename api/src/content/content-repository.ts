import { and, eq, sql } from 'drizzle-orm';
import type { BlogPost, CaseStudy, FocalPoint, LeadSource, PublicPage, Resource } from '@agency/contracts';
import { ResourceRoutes } from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import { blogPosts, caseStudies, pages, resourceLeads, resources } from '../db/schema';
import { visibleRows } from './visibility';
import { libraryImages, uploadUrlsIn } from '../files/library-images';
import { enqueueLeadNotifications } from '../notifications/outbox';

// Timestamps leave as the database wrote them; the app's JSON replacer answers them in ISO 8601.

/* ---------- Case studies ---------- */

type CaseStudyRow = typeof caseStudies.$inferSelect;
export const toCaseStudy = ({ deletedAt: _d, ...row }: CaseStudyRow): CaseStudy => row;

/**
 * Case studies as visitors get them (the registry's public reads, content-type-entries.ts): with `image`,
 * the responsive form of their library image, when it is one.
 */
export async function withImages(db: Db, rows: CaseStudyRow[]): Promise<CaseStudy[]> {
  const images = await libraryImages(
    db,
    rows.map((r) => r.imageUrl),
  );
  return rows.map((r) => {
    const image = r.imageUrl ? images.get(r.imageUrl) : undefined;
    return image ? { ...toCaseStudy(r), image } : toCaseStudy(r);
  });
}

/* ---------- Social cards ---------- */

/**
 * An item with the focal point of the picture staff chose for its social card (`socialImageFocus`),
 * when that is a library image they set one on: the page's head names the card with it, so the
 * card's address changes with the point and its crop keeps it in view.
 */
export async function withSocialImageFocus<T extends { socialImageUrl?: unknown }>(
  db: Db,
  item: T,
): Promise<T & { socialImageFocus?: FocalPoint }> {
  const url = item.socialImageUrl;
  const focus = typeof url === 'string' && url ? (await libraryImages(db, [url])).get(url)?.focus : undefined;
  return focus ? { ...item, socialImageFocus: focus } : item;
}

/* ---------- Blog posts ---------- */

type BlogPostRow = typeof blogPosts.$inferSelect;
export const toBlogPost = ({ deletedAt: _d, ...row }: BlogPostRow): BlogPost => row;

/** A post with the library images its body shows (`images`), so the page renders them responsively. */
export async function withBodyImages<T extends { content?: unknown }>(db: Db, post: T) {
  const images = await libraryImages(db, uploadUrlsIn(typeof post.content === 'string' ? post.content : ''));
  return images.size ? { ...post, images: Object.fromEntries(images) } : post;
}

/* ---------- Resources ---------- */

type ResourceRow = typeof resources.$inferSelect;

/** The public shape: a gated resource never reveals where its file is. */
export const toPublicResource = (row: ResourceRow): Resource => ({
  id: row.id,
  title: row.title,
  description: row.description,
  type: row.type,
  gated: row.gated,
  ...(row.gated ? {} : { fileUrl: ResourceRoutes.download(row.id) }),
  downloadCount: row.downloadCount,
});

export async function findResource(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  id: number,
  includeDrafts: boolean,
) {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), visibleRows(clock, resources, includeDrafts)))
    .limit(1);
  return row;
}

export async function countDownload(db: Db, id: number): Promise<void> {
  await db
    .update(resources)
    .set({ downloadCount: sql`${resources.downloadCount} + 1` })
    .where(eq(resources.id, id));
}

/** Stores the lead and counts the download together: both happen or neither does. */
export async function storeLead(
  db: Db,
  lead: { resourceId: number; name: string; email: string; source?: LeadSource },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(resourceLeads)
      .values(lead)
      .returning({ id: resourceLeads.id, createdAt: resourceLeads.createdAt });
    // Told in the same transaction: the lead and its notifications are stored together or not at all.
    await enqueueLeadNotifications(tx, { type: 'resources', ...lead, ...row! });
    await tx
      .update(resources)
      .set({ downloadCount: sql`${resources.downloadCount} + 1` })
      .where(eq(resources.id, lead.resourceId));
    return row!;
  });
}

/* ---------- CMS-managed pages ---------- */

type PageRow = typeof pages.$inferSelect;

/** The public shape of a CMS page: what its renderer shows, `content` always an object. */
export const toPublicPage = (row: PageRow): PublicPage => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  title: row.title,
  metaTitle: row.metaTitle,
  metaDescription: row.metaDescription,
  content:
    row.content && typeof row.content === 'object' && !Array.isArray(row.content)
      ? (row.content as Record<string, unknown>)
      : {},
  template: row.template,
  updatedAt: row.updatedAt,
  socialImageUrl: row.socialImageUrl,
  // Only a draft says so (only staff get one): its head says noindex. Visitors' pages are all live.
  ...(row.published ? {} : { published: false }),
});

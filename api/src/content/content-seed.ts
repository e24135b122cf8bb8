import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, caseStudies, pages, resources } from '../db/schema';
import { SEED_BLOG_POSTS, SEED_CASE_STUDIES, SEED_PAGES, SEED_RESOURCES } from './content-seed-data';
import { seedLibraryImages } from './content-seed-images';

type SeededTable = typeof caseStudies | typeof blogPosts | typeof resources | typeof pages;

async function isEmpty(db: Db, table: SeededTable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** Demo content for the public site; each table is filled only while it is empty. */
export async function seedContent(db: Db): Promise<void> {
  if (await isEmpty(db, caseStudies)) {
    const library = await seedLibraryImages(
      SEED_CASE_STUDIES.map((s) => s.imageUrl ?? null),
      db,
    );
    await db.insert(caseStudies).values(
      SEED_CASE_STUDIES.map((s) => ({
        ...s,
        imageUrl: (s.imageUrl && library.get(s.imageUrl)) ?? s.imageUrl,
      })),
    );
  }
  if (await isEmpty(db, blogPosts)) await db.insert(blogPosts).values(SEED_BLOG_POSTS);
  if (await isEmpty(db, resources)) await db.insert(resources).values(SEED_RESOURCES);
  if (await isEmpty(db, pages)) await db.insert(pages).values(SEED_PAGES);
}

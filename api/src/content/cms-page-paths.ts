import { routeShape } from '@agency/contracts';
import type { Db } from '../db/client';
import { pages } from '../db/schema';
import { visibleRows } from './visibility';

/**
 * The addresses of the CMS pages visitors can see now (`/privacy`): a remote's release may not take
 * one (releases/route-claims.ts).
 */
export async function cmsPagePathsOf(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: pages.slug }).from(pages).where(visibleRows(db, pages));
  return rows.map((r) => routeShape(`/${r.slug}`));
}

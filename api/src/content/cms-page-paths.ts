import { routeShape } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { pages } from '../db/schema';
import { visibleRows } from './visibility';

/**
 * The addresses of the CMS pages visitors can see now (`/privacy`): a remote's release may not take
 * one (releases/route-claims.ts).
 */
export async function cmsPagePathsOf({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Promise<string[]> {
  const rows = await db.select({ slug: pages.slug }).from(pages).where(visibleRows(clock, pages));
  return rows.map((r) => routeShape(`/${r.slug}`));
}

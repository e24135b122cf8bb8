import { and, eq } from 'drizzle-orm';
import {
  BUILT_IN_BLOCKS,
  ErrorCode,
  AdminMessages,
  HeroMessages,
  type ContentBlockValues,
} from '@agency/contracts';
import type { AppContext } from '../app-context';
import type { SiteTable } from '../releases/site-table';
import { HttpError } from '../http/errors';
import { visibleRows } from '../content/visibility';
import { ITEM_TABLES } from '../content/item-tables';

/**
 * Whether a site path leads to a page: a fixed route, or an item visitors can see (visibleRows:
 * published, not dated ahead, not in the trash) of a one-slug route. Query and fragment are ignored.
 */
export async function sitePathExists(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  href: string,
  site: SiteTable,
): Promise<boolean> {
  const path = href.split(/[?#]/)[0] ?? '';
  const match = site.match(path);
  if (!match) return false;
  const table = ITEM_TABLES[match.route.kind];
  if (!table) return true;
  const slug = match.params['slug'];
  if (!slug) return false;
  const [row] = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(eq(table.slug, slug), visibleRows(clock, table)));
  return Boolean(row);
}

/**
 * A block the site reads by name keeps its identifier and type (renaming 'homepage-hero' would quietly
 * detach the home page from it); a hero's internal links must lead to pages that exist.
 */
export async function checkBlock(
  app: Pick<AppContext, 'db' | 'clock' | 'siteTables'>,
  block: ContentBlockValues,
  existing: Record<string, unknown> | undefined,
) {
  const fields: Record<string, string> = {};
  const storedIdentifier = existing?.['identifier'];
  if (typeof storedIdentifier === 'string' && storedIdentifier in BUILT_IN_BLOCKS) {
    if (block.identifier !== storedIdentifier) {
      fields['identifier'] = HeroMessages.builtInIdentifier(storedIdentifier);
    }
  }
  const builtInType = BUILT_IN_BLOCKS[block.identifier] ?? BUILT_IN_BLOCKS[String(storedIdentifier)];
  if (builtInType && block.type !== builtInType) fields['type'] = HeroMessages.builtInType(builtInType);
  if (block.type === 'hero') {
    const table = await app.siteTables.live();
    for (const key of ['primaryCTA', 'secondaryCTA'] as const) {
      const href = (block.content[key] as { href?: unknown } | undefined)?.href;
      if (typeof href !== 'string' || !href.startsWith('/')) continue;
      if (!(await sitePathExists(app, href, table)))
        fields[`content.${key}.href`] = HeroMessages.deadLink(href);
    }
  }
  if (Object.keys(fields).length) {
    throw new HttpError(400, ErrorCode.VALIDATION, Object.values(fields).join('; '), fields);
  }
}

/**
 * A CMS page never takes an address a remote's page (or the server) answers: checked against the
 * route table of the current releases, so a page added by a release is reserved from that moment
 * (the contract's own list is the built-in table's).
 */
export async function checkPageSlug({ siteTables }: Pick<AppContext, 'siteTables'>, page: { slug: string }) {
  const { reservedSlugs } = await siteTables.live();
  if (reservedSlugs.includes(page.slug.toLowerCase())) {
    const fields = { slug: AdminMessages.reservedSlug };
    throw new HttpError(400, ErrorCode.VALIDATION, AdminMessages.reservedSlug, fields);
  }
}

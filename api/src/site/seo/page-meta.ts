import {
  SLUG_PATTERN,
  blogPostHead,
  caseStudyHead,
  cmsPageHead,
  matchRoute,
  matchSiteRoute,
  type SiteRoute,
  notFoundHead,
  routeHead,
  serviceHead,
  headPath,
  previewTypeOf,
  publicReadsOf,
  type FocalPoint,
  type PageHead,
  type PreviewType,
} from '@agency/contracts';
import type { AppContext } from '../../app-context';
import { findResource, withImages, withSocialImageFocus } from '../../content/content-repository';
import type { SiteDefaults } from './site-defaults';
import { pageRows, type ItemRow, type PageRows } from './page-rows';

/**
 * The head of every route from the database, built by the same functions the pages use for their
 * own head. A page that rendered on the server declared its head itself (page-renderer.ts); this is
 * the fallback for a page whose remote did not render there (a missing, slow or older release, the
 * CMS), and the answer of /api/page-meta and the social cards. `staff` lets signed-in staff see drafts.
 */
export async function resolvePageMeta(
  app: Pick<AppContext, 'db' | 'clock'>,
  rawPath: string,
  defaults: SiteDefaults,
  origin: string,
  /** `routes`: the request's route table (site-table.ts); without it, the built-in one. */
  opts: { staff?: boolean; rows?: PageRows; routes?: readonly SiteRoute[] } = {},
): Promise<PageHead> {
  const rows = opts.rows ?? pageRows(app);
  const site = { ...defaults, origin };
  const path = headPath(rawPath);
  const match = opts.routes ? matchRoute(opts.routes, path) : matchSiteRoute(path);
  if (!match) return notFoundHead(site, path);
  const { route } = match;
  const missing = () => notFoundHead(site, path, route.id);
  // A resource's access page exists only for a resource the visitor can see (the page shows 'Resource
  // Not Found' otherwise; staff see drafts): unknown ids answer 404 like unknown slugs, not a soft 200.
  if (route.id === 'resource-access') {
    const id = Number(match.params['id']);
    const found = Number.isSafeInteger(id) && id > 0 && (await findResource(app, id, opts.staff === true));
    if (!found) return missing();
  }
  if (route.head) return routeHead(site, path, route);
  const slug = match.params['slug'] ?? '';
  if (!SLUG_PATTERN.test(slug)) return missing();

  // An item's page: live, or a draft to staff where its type's public reads show them drafts (an
  // unpublished service has no page: staff preview it with ?preview).
  const type = previewTypeOf(route.kind);
  const row = type && (await rows.item(type, slug));
  if (!type || !row || !(row.published || (opts.staff === true && publicReadsOf(type).drafts)))
    return missing();
  const head = ITEM_HEADS[type] as ItemHead<PreviewType>;
  return head(site, path, await withSocialImageFocus(app.db, row), app);
}

type Site = Parameters<typeof routeHead>[0];
type ItemHead<T extends PreviewType> = (
  site: Site,
  path: string,
  row: ItemRow<T> & { socialImageFocus?: FocalPoint },
  app: Pick<AppContext, 'db'>,
) => PageHead | Promise<PageHead>;

/** The head of each type's item page, built as the page builds its own. */
const ITEM_HEADS: { [T in PreviewType]: ItemHead<T> } = {
  services: serviceHead,
  'blog-posts': blogPostHead,
  // With its library image in responsive form, as the case study's public read answers it.
  'case-studies': async (site, path, study, { db }) =>
    caseStudyHead(site, path, (await withImages(db, [study]))[0]!),
  pages: cmsPageHead,
};

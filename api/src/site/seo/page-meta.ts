import {
  CASE_STUDY_IMAGE_SIZES,
  SLUG_PATTERN,
  matchSiteRoute,
  notFoundHeading,
  siteLink,
  type SiteRouteId,
} from '@agency/contracts';
import type { Db } from '../../db/client';
import { findResource } from '../../content/content-repository';
import { libraryImages } from '../../files/library-images';
import type { SiteDefaults } from './site-defaults';
import { pageRows, type PageRows } from './page-rows';
import { CARD_HEIGHT, CARD_WIDTH, cardUrl, type CardSpec } from '../social-card/social-card';

export type JsonLd = Record<string, unknown>;

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL (joined with the public origin by the renderer). */
  path: string;
  type: 'website' | 'article';
  image?: string;
  /**
   * The page's largest image, when it has one: preloaded from the head. A library image is
   * preloaded as the <picture> will choose it: its AVIF srcset and sizes.
   */
  preloadImage?: string | { href: string; srcset: string; sizes: string; type: string };
  noindex?: boolean;
  /** The title is the complete one staff wrote for search results (a page's meta title): used as is. */
  ownTitle?: boolean;
  publishedTime?: string;
  /** What the page's social card (og:image) shows; every public page has one, a 404 none. */
  card?: CardSpec;
  jsonLd: JsonLd[];
}

async function preloadOf(db: Db, url: string): Promise<PageMeta['preloadImage']> {
  const first = (await libraryImages(db, [url])).get(url)?.sources[0];
  return first ? { href: url, srcset: first.srcset, sizes: CASE_STUDY_IMAGE_SIZES, type: first.type } : url;
}

const truncate = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

function organization(site: SiteDefaults, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.siteName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    ...(site.socialLinks.length ? { sameAs: site.socialLinks } : {}),
  };
}

/** A breadcrumb to a named page, as the header names it. */
const crumb = (id: SiteRouteId) => {
  const { href, label } = siteLink(id);
  return { name: label, path: href };
};

function breadcrumbs(origin: string, items: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${origin}${item.path}`,
    })),
  };
}

function notFound(site: SiteDefaults, origin: string, path: string, routeId?: string): PageMeta {
  return {
    status: 404,
    // The words of the page's heading ('Case Study Not Found' on /case-studies/:slug), from one place.
    title: notFoundHeading(routeId),
    description: site.defaultMetaDescription,
    path,
    type: 'website',
    noindex: true,
    jsonLd: [organization(site, origin)],
  };
}

/**
 * The head of every route, from the same data the page shows. `staff` lets signed-in staff preview drafts.
 * Used for the first HTML response and, through /api/page-meta, on client-side navigation.
 */
export async function resolvePageMeta(
  db: Db,
  rawPath: string,
  site: SiteDefaults,
  origin: string,
  opts: { staff?: boolean; rows?: PageRows } = {},
): Promise<PageMeta> {
  const rows = opts.rows ?? pageRows(db);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const org = organization(site, origin);
  const visible = (published: boolean) => published || opts.staff === true;
  const match = matchSiteRoute(path);
  if (!match) return notFound(site, origin, path);
  const { route } = match;
  // A resource's access page exists only for a resource the visitor can see (the page shows 'Resource
  // Not Found' otherwise; staff see drafts): unknown ids answer 404 like unknown slugs, not a soft 200.
  if (route.id === 'resource-access') {
    const id = Number(match.params['id']);
    const found = Number.isSafeInteger(id) && id > 0 && (await findResource(db, id, opts.staff === true));
    if (!found) return notFound(site, origin, path, route.id);
  }
  if (route.head) {
    return {
      status: 200,
      title: route.head.title,
      description: route.head.description ?? site.defaultMetaDescription,
      path,
      type: 'website',
      ...(route.head.noindex ? { noindex: true } : {}),
      ...(route.kind === 'static'
        ? { card: { title: route.head.title, section: route.label ?? '', brand: site.siteName } }
        : {}),
      jsonLd: [org],
    };
  }
  const slug = match.params['slug'] ?? '';
  if (!SLUG_PATTERN.test(slug)) return notFound(site, origin, path, route.id);

  if (route.kind === 'service') {
    // Only published services have a page; staff preview drafts in the CMS, not here.
    const row = await rows.service(slug);
    if (!row || !row.published) return notFound(site, origin, path, route.id);
    const title = row.title;
    const description = truncate(row.description);
    return {
      status: 200,
      title,
      description,
      path,
      type: 'website',
      card: {
        title,
        section: siteLink('services').label,
        brand: site.siteName,
        replacement: row.socialImageUrl ?? undefined,
      },
      jsonLd: [
        org,
        {
          '@context': 'https://schema.org',
          '@type': 'Service',
          name: title,
          description,
          serviceType: title,
          url: `${origin}${path}`,
          provider: { '@type': 'Organization', name: site.siteName, url: `${origin}/` },
        },
        breadcrumbs(origin, [crumb('home'), crumb('services'), { name: title, path }]),
      ],
    };
  }

  if (route.kind === 'blog-post') {
    const post = await rows.blogPost(slug);
    if (!post || !visible(post.published)) return notFound(site, origin, path, route.id);
    const date = post.publishedAt ?? post.createdAt;
    const card: CardSpec = {
      title: post.title,
      section: `${siteLink('blog').label} · ${post.category}`,
      brand: site.siteName,
      replacement: post.socialImageUrl ?? undefined,
    };
    return {
      status: 200,
      title: post.title,
      description: truncate(post.excerpt),
      path,
      type: 'article',
      publishedTime: new Date(date).toISOString(),
      ...(post.published ? {} : { noindex: true }),
      card,
      jsonLd: [
        org,
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          // Authors have no page of their own: the about page is where the team is introduced.
          author: { '@type': 'Person', name: post.author, url: `${origin}${siteLink('about').href}` },
          // The post's picture where staff chose one, else its generated card (both 1200×630).
          image: {
            '@type': 'ImageObject',
            url: cardUrl(origin, path, card),
            width: CARD_WIDTH,
            height: CARD_HEIGHT,
          },
          datePublished: new Date(date).toISOString(),
          dateModified: new Date(post.updatedAt).toISOString(),
          articleSection: post.category,
          keywords: post.tags.join(', '),
          mainEntityOfPage: `${origin}${path}`,
          publisher: { '@type': 'Organization', name: site.siteName, logo: `${origin}/favicon.svg` },
        },
        breadcrumbs(origin, [crumb('home'), crumb('blog'), { name: post.title, path }]),
      ],
    };
  }

  if (route.kind === 'case-study') {
    const study = await rows.caseStudy(slug);
    if (!study || !visible(study.published)) return notFound(site, origin, path, route.id);
    const image = study.imageUrl ? new URL(study.imageUrl, `${origin}/`).href : undefined;
    return {
      status: 200,
      title: study.title,
      description: truncate(`${study.client}: ${study.challenge}`),
      path,
      type: 'article',
      ...(image ? { image, preloadImage: await preloadOf(db, study.imageUrl!) } : {}),
      publishedTime: new Date(study.createdAt).toISOString(),
      ...(study.published ? {} : { noindex: true }),
      card: {
        title: study.title,
        section: `${siteLink('case-studies').label} · ${study.client}`,
        brand: site.siteName,
        image: study.imageUrl ?? undefined,
        replacement: study.socialImageUrl ?? undefined,
      },
      jsonLd: [
        org,
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: study.title,
          description: study.challenge,
          about: study.industry,
          datePublished: new Date(study.createdAt).toISOString(),
          dateModified: new Date(study.updatedAt).toISOString(),
          ...(image ? { image } : {}),
          author: { '@type': 'Organization', name: site.siteName },
          publisher: { '@type': 'Organization', name: site.siteName, logo: `${origin}/favicon.svg` },
          mainEntityOfPage: `${origin}${path}`,
        },
        breadcrumbs(origin, [crumb('home'), crumb('case-studies'), { name: study.title, path }]),
      ],
    };
  }

  if (route.kind === 'cms-page') {
    const page = await rows.page(slug);
    if (!page || !visible(page.published)) return notFound(site, origin, path, route.id);
    return {
      status: 200,
      title: page.metaTitle || page.title,
      ...(page.metaTitle ? { ownTitle: true } : {}),
      description: truncate(page.metaDescription || site.defaultMetaDescription),
      path,
      type: 'website',
      ...(page.published ? {} : { noindex: true }),
      card: {
        title: page.title,
        section: '',
        brand: site.siteName,
        replacement: page.socialImageUrl ?? undefined,
      },
      jsonLd: [org],
    };
  }

  return notFound(site, origin, path, route.id);
}

/**
 * A page's head, once: what each page says about itself (title, description, robots, social card,
 * JSON-LD), built from the data the page shows, and the tags that say it. Zod-free and free of Node,
 * so the page renders it in the browser (React 19 hoists `<title>`, `<meta>` and `<link>` into the
 * head) and the server writes the very same tags into the first HTML (api/src/site/render). The
 * server's own reading of the database (api/src/site/seo/page-meta.ts), used only when a page's
 * remote did not render on the server, goes through the same builders.
 */
import type { FocalPoint } from './content';
import { CASE_STUDY_IMAGE_SIZES } from './content-values';
import { notFoundHeading } from './not-found';
import { matchSiteRoute, siteLink, type SiteRoute, type SiteRouteId } from './site-routes';

/* ---------- The site's part of every head ---------- */

/** The site facts a head needs: from the CMS's site settings, and the public origin (PUBLIC_URL). */
export interface HeadSite {
  siteName: string;
  defaultMetaDescription: string;
  /** The social profiles (https only): the Organization's `sameAs`. */
  socialLinks: string[];
  /** Public origin of every absolute URL, without a trailing slash. */
  origin: string;
}

export type SiteDefaults = Omit<HeadSite, 'origin'>;

/** What a head says when the settings leave a field blank. */
export const FALLBACK_SITE_DEFAULTS: SiteDefaults = {
  siteName: 'Distilled Digital',
  defaultMetaDescription:
    'Distilled Digital is a senior-led digital marketing agency for SEO, paid media, data science, AI automations, Shopify and web design. Clarity in data, creativity in growth.',
  socialLinks: [],
};

/** The head's site facts from the site settings (as stored, or as the public API answers them). */
export function siteDefaultsOf(settings: {
  siteName: string;
  defaultMetaDescription: string;
  socialLinks: Readonly<Record<string, string | null | undefined>>;
}): SiteDefaults {
  return {
    siteName: settings.siteName.trim() || FALLBACK_SITE_DEFAULTS.siteName,
    defaultMetaDescription:
      settings.defaultMetaDescription.trim() || FALLBACK_SITE_DEFAULTS.defaultMetaDescription,
    socialLinks: Object.values(settings.socialLinks).filter(
      (v): v is string => typeof v === 'string' && /^https:\/\//.test(v),
    ),
  };
}

/* ---------- Social cards ---------- */

/** Open Graph's large card: what Facebook, LinkedIn, Slack and X show full width. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The address of a page's card (the page's path and the card's version in the query). */
export const CARD_ROUTE = '/api/social-card.png';

/**
 * What a page's card shows, from the page's own data: its title, the section it sits in, the brand,
 * and its own picture (a case study's image) where it has one. `replacement`: an image staff chose
 * in the CMS, shown instead of the generated card.
 */
export interface CardSpec {
  title: string;
  section: string;
  brand: string;
  image?: string | undefined;
  /** The focal point staff set on `image` in the library: its crop on the card keeps it in view. */
  imageFocus?: FocalPoint | undefined;
  replacement?: string | undefined;
  /** The focal point staff set on `replacement` in the library: its crop keeps it in view. */
  replacementFocus?: FocalPoint | undefined;
}

/** Bumped when the drawing (api/src/site/social-card) changes, so every card gets a new address. */
const CARD_DESIGN = 1;

/**
 * The card's version: a 64-bit hash of everything drawn on it (two 32-bit FNV-1a lanes, so the
 * browser computes it synchronously as the server does). A title (or section, brand, image) change
 * gives a new version, so a new og:image address: shared caches and social sites fetch the new card.
 */
export function cardVersion(spec: CardSpec): string {
  const drawn = JSON.stringify([
    CARD_DESIGN,
    spec.title,
    spec.section,
    spec.brand,
    spec.image ?? '',
    spec.replacement ?? '',
    // Only when set, so cards without one keep their addresses.
    ...(spec.imageFocus ? [spec.imageFocus.x, spec.imageFocus.y] : []),
    ...(spec.replacementFocus ? ['r', spec.replacementFocus.x, spec.replacementFocus.y] : []),
  ]);
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < drawn.length; i++) {
    const c = drawn.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

/** The card's absolute address (origin: PUBLIC_URL) for og:image and twitter:image. */
export const cardUrl = (origin: string, pagePath: string, spec: CardSpec) =>
  `${origin}${CARD_ROUTE}?${new URLSearchParams({ path: pagePath, v: cardVersion(spec) }).toString()}`;

/** The text a screen reader or a blocked image shows for the card. */
export const cardAlt = (spec: CardSpec) =>
  spec.section ? `${spec.title}: ${spec.section} at ${spec.brand}` : `${spec.title} | ${spec.brand}`;

/* ---------- A page's head ---------- */

export type JsonLd = Record<string, unknown>;

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL (joined with the public origin). */
  path: string;
  type: 'website' | 'article';
  /**
   * The page's largest image, when it has one: preloaded from the first HTML's head. A library
   * image is preloaded as the <picture> will choose it: its AVIF srcset and sizes.
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

/** A stored or answered moment as ISO 8601; undefined for none or an unreadable one. */
const iso = (v: string | Date | null | undefined) => {
  if (v == null || v === '') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

const truncate = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The canonical spelling of a page's path for its head: no trailing slash. */
export const headPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

function organization(site: HeadSite): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.siteName,
    url: `${site.origin}/`,
    logo: `${site.origin}/favicon.svg`,
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

const publisher = (site: HeadSite) => ({
  '@type': 'Organization',
  name: site.siteName,
  logo: `${site.origin}/favicon.svg`,
});

/** A missing page: its heading's words as its title ('Article Not Found' on /blog/:slug), noindex. */
export function notFoundHead(site: HeadSite, path: string, routeId?: string): PageHead {
  return {
    status: 404,
    title: notFoundHeading(routeId),
    description: site.defaultMetaDescription,
    path,
    type: 'website',
    noindex: true,
    jsonLd: [organization(site)],
  };
}

/** A page whose head the route registry declares (`route.head`). */
export function routeHead(site: HeadSite, path: string, route: SiteRoute): PageHead {
  const head = route.head ?? { title: route.label ?? route.id };
  return {
    status: 200,
    title: head.title,
    description: head.description ?? site.defaultMetaDescription,
    path,
    type: 'website',
    ...(head.noindex ? { noindex: true } : {}),
    ...(route.kind === 'static'
      ? { card: { title: head.title, section: route.label ?? '', brand: site.siteName } }
      : {}),
    jsonLd: [organization(site)],
  };
}

/** A page's own card: the picture staff chose instead of the generated one, and its focal point. */
interface OwnCard {
  socialImageUrl?: string | null | undefined;
  socialImageFocus?: FocalPoint | null | undefined;
}
const replacementOf = (page: OwnCard): Pick<CardSpec, 'replacement' | 'replacementFocus'> =>
  page.socialImageUrl
    ? { replacement: page.socialImageUrl, replacementFocus: page.socialImageFocus ?? undefined }
    : {};

export function serviceHead(
  site: HeadSite,
  path: string,
  service: OwnCard & { title: string; description: string },
): PageHead {
  const { title } = service;
  const description = truncate(service.description);
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
      ...replacementOf(service),
    },
    jsonLd: [
      organization(site),
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: title,
        description,
        serviceType: title,
        url: `${site.origin}${path}`,
        provider: { '@type': 'Organization', name: site.siteName, url: `${site.origin}/` },
      },
      breadcrumbs(site.origin, [crumb('home'), crumb('services'), { name: title, path }]),
    ],
  };
}

type Moment = string | Date | null | undefined;

export function blogPostHead(
  site: HeadSite,
  path: string,
  post: OwnCard & {
    title: string;
    excerpt: string;
    category: string;
    author: string;
    tags: readonly string[];
    published: boolean;
    publishedAt: Moment;
    createdAt: Moment;
    updatedAt?: Moment;
  },
): PageHead {
  const published = iso(post.publishedAt) ?? iso(post.createdAt);
  // An answer without `updatedAt` (an older API): the post is as old as its publication.
  const modified = iso(post.updatedAt) ?? published;
  const card: CardSpec = {
    title: post.title,
    section: `${siteLink('blog').label} · ${post.category}`,
    brand: site.siteName,
    ...replacementOf(post),
  };
  return {
    status: 200,
    title: post.title,
    description: truncate(post.excerpt),
    path,
    type: 'article',
    ...(published ? { publishedTime: published } : {}),
    ...(post.published ? {} : { noindex: true }),
    card,
    jsonLd: [
      organization(site),
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        // Authors have no page of their own: the about page is where the team is introduced.
        author: { '@type': 'Person', name: post.author, url: `${site.origin}${siteLink('about').href}` },
        // The post's picture where staff chose one, else its generated card (both 1200×630).
        image: {
          '@type': 'ImageObject',
          url: cardUrl(site.origin, path, card),
          width: CARD_WIDTH,
          height: CARD_HEIGHT,
        },
        ...(published ? { datePublished: published } : {}),
        ...(modified ? { dateModified: modified } : {}),
        articleSection: post.category,
        keywords: post.tags.join(', '),
        mainEntityOfPage: `${site.origin}${path}`,
        publisher: publisher(site),
      },
      breadcrumbs(site.origin, [crumb('home'), crumb('blog'), { name: post.title, path }]),
    ],
  };
}

export function caseStudyHead(
  site: HeadSite,
  path: string,
  study: OwnCard & {
    title: string;
    client: string;
    challenge: string;
    industry: string;
    published: boolean;
    imageUrl?: string | null | undefined;
    /** The library image `imageUrl` names: preloaded as its <picture> chooses it (AVIF first). */
    image?:
      | { sources: readonly { srcset: string; type: string }[]; focus?: FocalPoint | undefined }
      | null
      | undefined;
    createdAt: Moment;
    updatedAt?: Moment;
  },
): PageHead {
  const imageUrl = study.imageUrl || undefined;
  const image = imageUrl ? new URL(imageUrl, `${site.origin}/`).href : undefined;
  const first = study.image?.sources[0];
  const created = iso(study.createdAt);
  const modified = iso(study.updatedAt) ?? created;
  return {
    status: 200,
    title: study.title,
    description: truncate(`${study.client}: ${study.challenge}`),
    path,
    type: 'article',
    ...(imageUrl
      ? {
          preloadImage: first
            ? { href: imageUrl, srcset: first.srcset, sizes: CASE_STUDY_IMAGE_SIZES, type: first.type }
            : imageUrl,
        }
      : {}),
    ...(created ? { publishedTime: created } : {}),
    ...(study.published ? {} : { noindex: true }),
    card: {
      title: study.title,
      section: `${siteLink('case-studies').label} · ${study.client}`,
      brand: site.siteName,
      image: imageUrl,
      imageFocus: study.image?.focus,
      ...replacementOf(study),
    },
    jsonLd: [
      organization(site),
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: study.title,
        description: study.challenge,
        about: study.industry,
        ...(created ? { datePublished: created } : {}),
        ...(modified ? { dateModified: modified } : {}),
        ...(image ? { image } : {}),
        author: { '@type': 'Organization', name: site.siteName, url: site.origin },
        publisher: publisher(site),
        mainEntityOfPage: `${site.origin}${path}`,
      },
      breadcrumbs(site.origin, [crumb('home'), crumb('case-studies'), { name: study.title, path }]),
    ],
  };
}

export function cmsPageHead(
  site: HeadSite,
  path: string,
  page: OwnCard & { title: string; metaTitle: string; metaDescription: string; published?: boolean },
): PageHead {
  return {
    status: 200,
    title: page.metaTitle || page.title,
    ...(page.metaTitle ? { ownTitle: true } : {}),
    description: truncate(page.metaDescription || site.defaultMetaDescription),
    path,
    type: 'website',
    // An answer without `published` (an older API) is a live page: only staff ever see a draft.
    ...(page.published === false ? { noindex: true } : {}),
    card: {
      title: page.title,
      section: '',
      brand: site.siteName,
      ...replacementOf(page),
    },
    jsonLd: [organization(site)],
  };
}

/* ---------- The tags ---------- */

/**
 * One tag of the head. `firstLoad`: only the first HTML needs it (the image preload, JSON-LD, which
 * crawlers read from the server's HTML); the browser renders the others on every page it shows.
 */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta' | 'link'; attrs: Record<string, string>; firstLoad?: true }
  | { tag: 'script'; json: JsonLd; firstLoad: true };

/**
 * Marks the tags of a head the server read from the database because the page did not declare one
 * (its region was left to the browser, or the CMS). The page, once it renders in the browser, is not
 * hydrating and cannot take them over, so it removes these as it writes its own (no tag twice). The
 * title is not marked: the page's own title goes in first and the page removes the later ones.
 */
export const SERVER_HEAD_ATTRIBUTE = 'data-server-head';

export function fullTitle(head: PageHead, siteName: string): string {
  if (head.ownTitle) return head.title;
  return head.path === '/' ? `${siteName} | ${head.title}` : `${head.title} | ${siteName}`;
}

const prop = (property: string, content: string) => ({ tag: 'meta' as const, attrs: { property, content } });
const named = (name: string, content: string) => ({ tag: 'meta' as const, attrs: { name, content } });

/** The route's own head: title, description and the canonical, robots, Open Graph, Twitter and JSON-LD tags. */
export function headTags(head: PageHead, site: HeadSite): HeadTag[] {
  const { origin, siteName } = site;
  const url = `${origin}${head.path}`;
  const feed = head.status === 200 ? matchSiteRoute(head.path)?.route.feed : undefined;
  const card = head.card && { url: cardUrl(origin, head.path, head.card), alt: cardAlt(head.card) };
  const preload = head.preloadImage;
  return [
    { tag: 'title', text: fullTitle(head, siteName) },
    named('description', head.description),
    // A missing page has no address of its own to name; a page kept out of the index names none either
    // (a canonical asks to index that address, noindex says not to: crawlers get two answers).
    ...(head.status === 200 && !head.noindex
      ? [{ tag: 'link' as const, attrs: { rel: 'canonical', href: url } }]
      : []),
    named('robots', head.noindex ? 'noindex, nofollow' : 'index, follow'),
    prop('og:site_name', siteName),
    prop('og:type', head.type),
    prop('og:title', head.title),
    prop('og:description', head.description),
    ...(head.status === 200 ? [prop('og:url', url)] : []),
    prop('og:locale', 'en_US'),
    ...(card
      ? [
          prop('og:image', card.url),
          prop('og:image:type', 'image/png'),
          prop('og:image:width', String(CARD_WIDTH)),
          prop('og:image:height', String(CARD_HEIGHT)),
          prop('og:image:alt', card.alt),
        ]
      : []),
    ...(head.publishedTime ? [prop('article:published_time', head.publishedTime)] : []),
    named('twitter:card', card ? 'summary_large_image' : 'summary'),
    named('twitter:title', head.title),
    named('twitter:description', head.description),
    ...(card ? [named('twitter:image', card.url), named('twitter:image:alt', card.alt)] : []),
    ...(feed
      ? [
          {
            tag: 'link' as const,
            attrs: {
              rel: 'alternate',
              type: 'application/rss+xml',
              title: `${siteName} Blog`,
              href: origin + feed,
            },
          },
        ]
      : []),
    ...head.jsonLd.map((json) => ({ tag: 'script' as const, json, firstLoad: true as const })),
    ...(typeof preload === 'string'
      ? [
          {
            tag: 'link' as const,
            attrs: { rel: 'preload', as: 'image', fetchpriority: 'high', href: preload },
            firstLoad: true as const,
          },
        ]
      : preload
        ? [
            {
              tag: 'link' as const,
              attrs: {
                rel: 'preload',
                as: 'image',
                fetchpriority: 'high',
                href: preload.href,
                imagesrcset: preload.srcset,
                imagesizes: preload.sizes,
                type: preload.type,
              },
              firstLoad: true as const,
            },
          ]
        : []),
  ];
}

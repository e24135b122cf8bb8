import { matchSiteRoute } from '@agency/contracts';
import type { PageMeta } from './page-meta';
import { CARD_HEIGHT, CARD_WIDTH, cardAlt, cardUrl } from '../social-card/social-card';

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside <script>: `<` escaped so stored text can never close the tag. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function fullTitle(meta: PageMeta, siteName: string): string {
  if (meta.ownTitle) return meta.title;
  return meta.path === '/' ? `${siteName} | ${meta.title}` : `${meta.title} | ${siteName}`;
}

/** The route's own head: title, description and the canonical, robots, Open Graph, Twitter and JSON-LD tags. */
export function pageHead(meta: PageMeta, siteName: string, origin: string): string {
  const url = `${origin}${meta.path}`;
  const feed = meta.status === 200 ? matchSiteRoute(meta.path)?.route.feed : undefined;
  const card = meta.card && {
    url: cardUrl(origin, meta.path, meta.card),
    alt: cardAlt(meta.card),
  };
  const tags = [
    `<title>${escapeHtml(fullTitle(meta, siteName))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    // A missing page has no address of its own to name.
    ...(meta.status === 200 ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    meta.noindex
      ? '<meta name="robots" content="noindex, nofollow" />'
      : '<meta name="robots" content="index, follow" />',
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    ...(card
      ? [
          `<meta property="og:image" content="${escapeHtml(card.url)}" />`,
          `<meta property="og:image:type" content="image/png" />`,
          `<meta property="og:image:width" content="${CARD_WIDTH}" />`,
          `<meta property="og:image:height" content="${CARD_HEIGHT}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(card.alt)}" />`,
        ]
      : []),
    ...(meta.publishedTime
      ? [`<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}" />`]
      : []),
    `<meta name="twitter:card" content="${card ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(card
      ? [
          `<meta name="twitter:image" content="${escapeHtml(card.url)}" />`,
          `<meta name="twitter:image:alt" content="${escapeHtml(card.alt)}" />`,
        ]
      : []),
    ...(feed
      ? [
          `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${siteName} Blog`)}" href="${escapeHtml(origin + feed)}" />`,
        ]
      : []),
    ...meta.jsonLd.map((j) => `<script type="application/ld+json">${safeJson(j)}</script>`),
    ...(typeof meta.preloadImage === 'string'
      ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(meta.preloadImage)}" />`]
      : meta.preloadImage
        ? [
            `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(meta.preloadImage.href)}" imagesrcset="${escapeHtml(meta.preloadImage.srcset)}" imagesizes="${escapeHtml(meta.preloadImage.sizes)}" type="${escapeHtml(meta.preloadImage.type)}" />`,
          ]
        : []),
  ];
  return tags.join('\n    ');
}

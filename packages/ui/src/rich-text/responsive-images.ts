import type { ResponsiveImage } from '@agency/contracts/browser';
import { domWindow } from './dom-window';

const SOURCE_TYPES = ['image/avif', 'image/webp'];
/** A srcset candidate the site itself stores: `/uploads/<name> <width>w`. */
const CANDIDATE = /^\/uploads\/[a-z0-9][a-z0-9._-]* \d+w$/i;
/** Body images fill the text column (two thirds of the page on wide screens). */
const BODY_SIZES = '(min-width: 1024px) 720px, 100vw';

/**
 * Sanitized body HTML with each library image (by its URL, in `images`) as a <picture>: AVIF and WebP
 * sources, its intrinsic width and height, lazy and async decoding. Runs after sanitizing, and adds
 * only what it builds itself from the API's image data (srcset candidates must be /uploads files);
 * other images stay as they were.
 */
export function withResponsiveImages(
  html: string,
  images: Record<string, ResponsiveImage> | undefined,
): string {
  if (!images || typeof images !== 'object' || !Object.keys(images).length) return html;
  const doc = domWindow().document;
  const template = doc.createElement('template');
  template.innerHTML = html;
  for (const img of Array.from(template.content.querySelectorAll('img'))) {
    const image = Object.hasOwn(images, img.getAttribute('src') ?? '')
      ? images[img.getAttribute('src')!]
      : undefined;
    if (!image || !(Number(image.width) > 0) || !(Number(image.height) > 0) || img.closest('picture'))
      continue;
    const picture = doc.createElement('picture');
    for (const s of Array.isArray(image.sources) ? image.sources : []) {
      const candidates = typeof s?.srcset === 'string' ? s.srcset.split(', ') : [];
      if (
        !SOURCE_TYPES.includes(s.type) ||
        !candidates.length ||
        !candidates.every((c) => CANDIDATE.test(c))
      ) {
        continue;
      }
      const source = doc.createElement('source');
      source.setAttribute('type', s.type);
      source.setAttribute('srcset', s.srcset);
      source.setAttribute('sizes', BODY_SIZES);
      picture.append(source);
    }
    img.setAttribute('width', String(Math.round(image.width)));
    img.setAttribute('height', String(Math.round(image.height)));
    img.setAttribute('decoding', 'async');
    if (!img.getAttribute('alt') && typeof image.alt === 'string') img.setAttribute('alt', image.alt);
    img.replaceWith(picture);
    picture.append(img);
  }
  return template.innerHTML;
}

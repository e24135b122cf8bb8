import { and, inArray, isNotNull } from 'drizzle-orm';
import type { ResponsiveImage } from '@agency/contracts';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { DERIVATIVE_FORMATS, DERIVATIVE_TYPES } from './image-derivatives';
import { uploadNameOf, uploadUrl } from './uploaded-files';

/** Every `/uploads/<name>` a text (a markdown or HTML body) mentions. */
export function uploadUrlsIn(text: string): string[] {
  return [...new Set(text.match(/\/uploads\/[a-z0-9][a-z0-9._-]*/gi) ?? [])];
}

/**
 * The responsive form of each stored URL that names a library image of known size: its AVIF and
 * WebP copies as <source> srcsets, its alt text, and its intrinsic size. URLs that are not library
 * images (shipped files, other sites) are simply absent: the page shows them as a plain <img>.
 */
export async function libraryImages(
  db: Db,
  urls: Iterable<string | null | undefined>,
): Promise<Map<string, ResponsiveImage>> {
  const names = [...new Set([...urls].map((u) => (u ? uploadNameOf(u) : null)).filter((n) => n !== null))];
  const found = new Map<string, ResponsiveImage>();
  if (!names.length) return found;
  const rows = await db
    .select({
      fileName: media.fileName,
      altText: media.altText,
      width: media.width,
      height: media.height,
      derivatives: media.derivatives,
      focusX: media.focusX,
      focusY: media.focusY,
    })
    .from(media)
    .where(and(inArray(media.fileName, names), isNotNull(media.width), isNotNull(media.height)));
  for (const row of rows) {
    const sources = DERIVATIVE_FORMATS.map((format) => ({
      type: DERIVATIVE_TYPES[format] as ResponsiveImage['sources'][number]['type'],
      srcset: row.derivatives
        .filter((d) => d.format === format)
        .sort((a, b) => a.width - b.width)
        .map((d) => `${uploadUrl(d.fileName)} ${d.width}w`)
        .join(', '),
    })).filter((s) => s.srcset);
    const src = uploadUrl(row.fileName);
    const focus =
      row.focusX === null || row.focusY === null ? {} : { focus: { x: row.focusX, y: row.focusY } };
    found.set(src, { src, width: row.width!, height: row.height!, alt: row.altText, sources, ...focus });
  }
  return found;
}

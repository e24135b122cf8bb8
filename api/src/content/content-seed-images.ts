import path from 'node:path';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { storeUploadedFile, uploadUrl } from '../files/uploaded-files';
import { IMAGES_DIR, IMAGES_URL } from './content-files';

/**
 * The demo images ship as SVG drawings (api/files/images), which the library never takes (an SVG
 * can carry script). Seeding puts each one in the library the way staff would: drawn as a PNG, then
 * stored by the upload pipeline, with the drawing's own label as alt text. Answers the library URL
 * for each shipped URL; a drawing that cannot be read keeps its shipped URL.
 */
export async function seedLibraryImages(urls: (string | null)[], db: Db): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  for (const url of new Set(urls)) {
    if (!url?.startsWith(`${IMAGES_URL}/`) || !url.endsWith('.svg')) continue;
    const name = path.posix.basename(url);
    try {
      const svg = await readFile(path.join(IMAGES_DIR, name));
      const png = await sharp(svg).png().toBuffer();
      const label = /aria-label="([^"]*)"/.exec(svg.toString('utf8'))?.[1] ?? '';
      const { fileName } = await storeUploadedFile(db, png, {
        originalName: name.replace(/\.svg$/, '.png'),
        mimeType: 'image/png',
        extension: 'png',
        altText: label.slice(0, 250),
        // The responsive copies are made by the startup backfill (AVIF takes seconds per image).
        derive: false,
        inLibrary: true,
      });
      stored.set(url, uploadUrl(fileName));
    } catch {
      // The shipped URL still serves the drawing.
    }
  }
  return stored;
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import sharp, { type Sharp } from 'sharp';
// What a card shows, its version and its address belong to the page's head (@agency/contracts).
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec, type FocalPoint } from '@agency/contracts';
import type { Db } from '../../db/client';
import { IMAGES_DIR, IMAGES_URL } from '../../content/content-files';
import { readBlob } from '../../files/blob-store';
import { findPublicUpload, uploadNameOf } from '../../files/uploaded-files';
import { MAX_IMAGE_PIXELS } from '../../files/image-metadata';

const SHIPPED_IMAGE = /^[a-z0-9][a-z0-9._-]{0,150}$/i;
/** Larger pictures are not drawn into a card (the generated card is used instead). */
const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/**
 * The bytes of a picture the site itself serves: a library upload (`/uploads/<name>`, public ones
 * only) or an image shipped with the repository (`/api/files/images/<name>`). Anything else (another
 * site's URL) is never fetched: the card is drawn without it.
 */
export async function loadSiteImage(db: Db, url: string): Promise<Buffer | undefined> {
  const name = uploadNameOf(url);
  if (name) {
    const found = await findPublicUpload(db, name);
    if (!found || found.blob.size > MAX_IMAGE_BYTES) return undefined;
    const parts: Buffer[] = [];
    for await (const chunk of readBlob(db, found.blob)) parts.push(chunk as Buffer);
    return Buffer.concat(parts);
  }
  if (url.startsWith(`${IMAGES_URL}/`)) {
    const file = url.slice(IMAGES_URL.length + 1);
    if (!SHIPPED_IMAGE.test(file) || file.startsWith('..')) return undefined;
    return readFile(path.join(IMAGES_DIR, file)).catch(() => undefined);
  }
  return undefined;
}

const require = createRequire(import.meta.url);
/** Inter from @fontsource/inter (satori reads TTF, OTF and WOFF, not WOFF2). */
let fonts: Promise<{ name: string; data: Buffer; weight: 500 | 800; style: 'normal' }[]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all(
    ([500, 800] as const).map(async (weight) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    })),
  ));

/** A satori element: the object form of JSX (`{ type, props }`), so no JSX build step is needed. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}
const h = (type: string, style: Record<string, string | number>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, children: children.length === 1 ? children[0]! : children },
});

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The drawing: brand at the top, section above the title, on the site's navy (or over the picture). */
function cardTree(spec: CardSpec, overPicture: boolean): Node {
  const title = clip(spec.title, 110);
  const titleSize = title.length > 70 ? 52 : title.length > 40 ? 62 : 72;
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      width: '100%',
      height: '100%',
      padding: '64px 72px',
      color: '#ffffff',
      fontFamily: 'Inter',
      backgroundImage: overPicture
        ? 'linear-gradient(90deg, rgba(8,13,28,0.92) 0%, rgba(8,13,28,0.78) 55%, rgba(8,13,28,0.35) 100%)'
        : 'linear-gradient(135deg, #080d1c 0%, #1d2e84 60%, #2148ee 100%)',
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', fontSize: 30, fontWeight: 800, letterSpacing: '-0.01em' },
      h('div', { width: 22, height: 22, borderRadius: 6, backgroundColor: '#2dd4bf', marginRight: 16 }),
      clip(spec.brand, 60),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column', maxWidth: overPicture ? 860 : 1056 },
      ...(spec.section
        ? [
            h(
              'div',
              {
                fontSize: 28,
                fontWeight: 500,
                color: '#2dd4bf',
                textTransform: 'uppercase',
                letterSpacing: '0.08em',
                marginBottom: 20,
              },
              clip(spec.section, 60),
            ),
          ]
        : []),
      h('div', { fontSize: titleSize, fontWeight: 800, lineHeight: 1.1, letterSpacing: '-0.02em' }, title),
    ),
    h('div', { width: 120, height: 8, borderRadius: 4, backgroundColor: '#3766f9' }),
  );
}

const toPng = (image: Sharp) => image.png({ compressionLevel: 9, palette: false }).toBuffer();

/**
 * Any picture as a 1200×630 PNG, cropped to fill: around its focal point when staff set one in the
 * library, else around what sharp finds most striking; undefined when it is not an image.
 */
async function coverImage(bytes: Buffer, focus?: FocalPoint): Promise<Sharp | undefined> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    // Its size as it stands upright (only needed to place the window around a focal point).
    const { width = 0, height = 0 } = focus ? (await image.metadata()).autoOrient : {};
    let cover: Sharp;
    if (focus && width && height) {
      // Scaled to cover the card, then the card-sized window centred on the focal point, kept inside.
      const scale = Math.max(CARD_WIDTH / width, CARD_HEIGHT / height);
      const w = Math.max(CARD_WIDTH, Math.round(width * scale));
      const h = Math.max(CARD_HEIGHT, Math.round(height * scale));
      const at = (point: number, size: number, window: number) =>
        Math.min(size - window, Math.max(0, Math.round((point / 100) * size - window / 2)));
      cover = image.resize(w, h).extract({
        left: at(focus.x, w, CARD_WIDTH),
        top: at(focus.y, h, CARD_HEIGHT),
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
      });
    } else {
      cover = image.resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' });
    }
    return sharp(await cover.flatten({ background: '#080d1c' }).png().toBuffer());
  } catch {
    return undefined;
  }
}

/**
 * The page's card as a 1200×630 PNG: staff's replacement when there is one (cropped to the card's
 * size around its focal point, which the page's data carries), else drawn by satori (text to SVG) and
 * sharp (SVG to PNG), over the page's own picture when it has one.
 */
export async function renderCard(db: Db, spec: CardSpec): Promise<Buffer> {
  if (spec.replacement) {
    const bytes = await loadSiteImage(db, spec.replacement);
    const cover = bytes && (await coverImage(bytes, spec.replacementFocus));
    if (cover) return toPng(cover);
  }
  // Cropped around the focal point the page's own data carries (so the card's version names it too).
  const pictureBytes = spec.image ? await loadSiteImage(db, spec.image) : undefined;
  const picture = pictureBytes && (await coverImage(pictureBytes, spec.imageFocus));
  const svg = await satori(cardTree(spec, Boolean(picture)) as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  const drawn = sharp(Buffer.from(svg));
  if (!picture) return toPng(drawn);
  return toPng(picture.composite([{ input: await drawn.png().toBuffer(), top: 0, left: 0 }]));
}

import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * The largest image the site takes, in pixels: 65 MP covers the 48, 50 and 64 MP photos phones and
 * cameras take at full resolution (8000 x 6000 = 48 MP, 9248 x 6936 = 64 MP), which are published with
 * their responsive copies like any other. A larger one is refused with a message saying what to do
 * (decoding it would take gigabytes of memory; the upload limit of 5 MB still applies first).
 */
export const MAX_IMAGE_PIXELS = 65_000_000;

export const tooLargeMessage = (width: number, height: number) =>
  `This image is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(0)} megapixels); ` +
  `the largest the site takes is ${MAX_IMAGE_PIXELS / 1e6} megapixels. Resize it (for example to ` +
  `4000 pixels wide) and upload it again.`;

/** The image is larger than MAX_IMAGE_PIXELS. */
export class ImageTooLarge extends Error {}

/** Encoders per type: what each re-encode keeps of the original's quality. */
const ENCODE: Partial<Record<string, (s: Sharp) => Sharp>> = {
  'image/jpeg': (s) => s.jpeg({ quality: 90, mozjpeg: true }),
  'image/png': (s) => s.png(),
  'image/webp': (s) => s.webp({ quality: 90 }),
  'image/avif': (s) => s.avif({ quality: 70, effort: 2 }),
  'image/gif': (s) => s.gif(),
};

/**
 * Re-encodes an uploaded image without its metadata: EXIF (camera owner, notes, GPS position, time),
 * XMP, IPTC and comments are dropped; the pixels are turned upright first (the EXIF orientation
 * applied, since the tag that said it goes too), and the colour profile is kept so colours do not
 * shift. Every frame of an animated GIF or WebP is kept. An image without any of that is answered as
 * it is (a re-encode would only cost quality). Throws ImageTooLarge above MAX_IMAGE_PIXELS; answers
 * null when the metadata cannot be removed (bytes that carry it but that sharp cannot decode).
 */
export async function withoutMetadata(bytes: Buffer, mimeType: string): Promise<Buffer | null> {
  const encode = ENCODE[mimeType];
  if (!encode) return bytes;
  const animated = mimeType === 'image/gif' || mimeType === 'image/webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    // Not an image sharp reads (only its first bytes looked like one): no metadata it could hold.
    return bytes;
  }
  const width = meta.width ?? 0;
  // Height of one frame (an animated image reports all frames stacked).
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooLarge(tooLargeMessage(width, height));
  const carries =
    meta.exif ||
    meta.xmp ||
    meta.iptc ||
    meta.tifftagPhotoshop ||
    meta.comments?.length ||
    (meta.orientation ?? 1) !== 1;
  if (!carries) return bytes;
  try {
    const pipeline = sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS * (meta.pages ?? 1) })
      .autoOrient()
      .keepIccProfile();
    return await encode(pipeline).toBuffer();
  } catch {
    return null;
  }
}

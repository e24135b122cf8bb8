import { fileTypeFromBuffer } from 'file-type';

/** A file's real type, read from its bytes (never from its name or the client's Content-Type). */
export interface SniffedType {
  mimeType: string;
  extension: string;
}

/** The image types the site takes, by file-type's extension (an animated PNG is a PNG). */
const IMAGE_TYPES: Record<string, SniffedType> = {
  png: { mimeType: 'image/png', extension: 'png' },
  apng: { mimeType: 'image/png', extension: 'png' },
  jpg: { mimeType: 'image/jpeg', extension: 'jpg' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  avif: { mimeType: 'image/avif', extension: 'avif' },
};

const ZIP: SniffedType = { mimeType: 'application/zip', extension: 'zip' };
/** Downloads besides images: PDF, and ZIP with the formats file-type names inside a ZIP container. */
const DOWNLOAD_TYPES: Record<string, SniffedType> = {
  pdf: { mimeType: 'application/pdf', extension: 'pdf' },
  zip: ZIP,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  odt: ZIP,
  ods: ZIP,
  odp: ZIP,
  epub: ZIP,
  jar: ZIP,
};

/** What the file-type library reads from the magic bytes, among `allowed`. */
async function detect(buf: Buffer, allowed: Record<string, SniffedType>): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(buf);
  return (found && Object.hasOwn(allowed, found.ext) && allowed[found.ext]) || null;
}

export function sniffImage(buf: Buffer): Promise<SniffedType | null> {
  return detect(buf, IMAGE_TYPES);
}

const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown' };

/** Plain UTF-8 text without NUL bytes or markup that a browser could sniff as HTML or SVG. */
function isPlainText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  return !/<\s*(!doctype|html|script|svg|body|head|iframe|\?xml)/i.test(text.slice(0, 4096));
}

/**
 * Downloadable resource files: the image types, PDF, ZIP, and plain text (txt, csv, md, named so
 * by the client; text has no magic number, so the name picks among the text types only).
 */
export async function sniffResourceFile(buf: Buffer, originalName: string): Promise<SniffedType | null> {
  const known = await detect(buf, { ...IMAGE_TYPES, ...DOWNLOAD_TYPES });
  if (known) return known;
  const ext = /\.([a-z0-9]+)$/i.exec(originalName)?.[1]?.toLowerCase();
  if (ext && TEXT_TYPES[ext] && buf.length > 0 && isPlainText(buf)) {
    return { mimeType: TEXT_TYPES[ext], extension: ext };
  }
  return null;
}

/** A file's real type, read from its bytes (never from its name or the client's Content-Type). */
export interface SniffedType {
  mimeType: string;
  extension: string;
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

export function sniffImage(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: 'image/png', extension: 'png' };
  }
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') {
    return { mimeType: 'image/gif', extension: 'gif' };
  }
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') {
    return { mimeType: 'image/webp', extension: 'webp' };
  }
  if (buf.length >= 12 && ascii(buf, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(buf, 8, 12))) {
    return { mimeType: 'image/avif', extension: 'avif' };
  }
  return null;
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
export function sniffResourceFile(buf: Buffer, originalName: string): SniffedType | null {
  const image = sniffImage(buf);
  if (image) return image;
  if (ascii(buf, 0, 5) === '%PDF-') return { mimeType: 'application/pdf', extension: 'pdf' };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return { mimeType: 'application/zip', extension: 'zip' };
  const ext = /\.([a-z0-9]+)$/i.exec(originalName)?.[1]?.toLowerCase();
  if (ext && TEXT_TYPES[ext] && buf.length > 0 && isPlainText(buf)) {
    return { mimeType: TEXT_TYPES[ext], extension: ext };
  }
  return null;
}

import type { Request, Response } from 'express';
import type { Db } from '../db/client';
import { readBlob, type StoredBlob } from './blob-store';

/** Stored files never act as a page: no sniffing, no scripts, no plugins, no same-origin access. */
export const SANDBOX_CSP = "default-src 'none'; sandbox";

export interface SendBlobOptions {
  cacheControl: string;
  /** Download under this name (Content-Disposition: attachment). */
  attachment?: string;
  /** Answer `Range: bytes=…` with 206 (single ranges; several ranges get the whole file). */
  ranges?: boolean;
  /** Send the sandbox CSP (default); off for code the site itself runs (released remotes' files). */
  sandbox?: boolean;
}

const SET_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Content-Disposition',
  'Cache-Control',
  'ETag',
  'Accept-Ranges',
  'Content-Encoding',
  'Vary',
];

/**
 * Answers GET/HEAD with a stored blob: strong ETag from its SHA-256 (304 when the client has it),
 * the stored content type, nosniff and the sandbox CSP, and the bytes streamed chunk by chunk.
 */
export async function sendBlob(
  db: Db,
  req: Request,
  res: Response,
  blob: StoredBlob,
  opts: SendBlobOptions,
): Promise<void> {
  if (opts.attachment) res.attachment(opts.attachment);
  res.setHeader('Content-Type', blob.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (opts.sandbox !== false) res.setHeader('Content-Security-Policy', SANDBOX_CSP);
  res.setHeader('Cache-Control', opts.cacheControl);
  const etag = `"${blob.sha256}"`;
  res.setHeader('ETag', etag);
  // Express compares If-None-Match with the ETag set above.
  if (req.fresh) {
    res.status(304).end();
    return;
  }

  let start = 0;
  let end = blob.size - 1;
  if (opts.ranges) {
    res.setHeader('Accept-Ranges', 'bytes');
    const ifRange = req.headers['if-range'];
    const range = req.headers.range && (!ifRange || ifRange === etag) ? req.range(blob.size) : undefined;
    if (range === -1) {
      res.setHeader('Content-Range', `bytes */${blob.size}`);
      res.removeHeader('Content-Type');
      res.status(416).end();
      return;
    }
    if (Array.isArray(range) && range.type === 'bytes' && range.length === 1) {
      start = range[0]!.start;
      end = range[0]!.end;
      res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${blob.size}`);
    }
  }
  res.setHeader('Content-Length', String(end - start + 1));
  if (req.method === 'HEAD' || blob.size === 0) {
    res.end();
    return;
  }
  const source = readBlob(db, blob, { start, end });
  try {
    await new Promise<void>((resolve, reject) => {
      source.once('error', reject);
      // 'close' also comes when the client leaves early: stop reading chunks then.
      res.once('close', () => {
        source.destroy();
        resolve();
      });
      source.pipe(res);
    });
  } catch (err) {
    if (res.headersSent) {
      // Mid-body (the database went away): all that is left is to cut the connection.
      res.destroy();
      return;
    }
    // Nothing sent yet: the error handler answers, without this file's headers.
    for (const name of SET_HEADERS) res.removeHeader(name);
    throw err;
  }
}

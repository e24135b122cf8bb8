import path from 'node:path';
import { stat } from 'node:fs/promises';
import express, { type RequestHandler, type Response } from 'express';
import { PRECOMPRESSED } from '../http/content-encoding';

/**
 * express.static that prefers the build's precompressed .br / .gz siblings when the browser accepts
 * them. Paths are resolved inside `root` only (express.static's own checks run first for everything else).
 */
export function precompressedStatic(
  root: string,
  setHeaders: (res: Response, file: string) => void,
): RequestHandler {
  const plain = express.static(root, { index: false, redirect: false, fallthrough: true, setHeaders });
  const rootResolved = path.resolve(root);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(req, res, next);
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(rootResolved, `.${rel}`);
    if (!file.startsWith(rootResolved + path.sep) || rel.includes('\0')) return plain(req, res, next);
    for (const { token, ext } of PRECOMPRESSED) {
      if (req.acceptsEncodings(token) !== token) continue;
      try {
        const s = await stat(file + ext);
        if (!s.isFile()) continue;
      } catch {
        continue;
      }
      res.setHeader('Content-Encoding', token);
      res.setHeader('Vary', 'Accept-Encoding');
      res.type(path.extname(file));
      setHeaders(res, file);
      return res.sendFile(file + ext, { dotfiles: 'deny', lastModified: true, etag: true }, (err) => {
        if (err) next(err);
      });
    }
    return plain(req, res, next);
  };
}

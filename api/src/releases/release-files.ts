import type { RequestHandler } from 'express';
import { REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import { sendBlob } from '../files/send-blob';
import { PRECOMPRESSED, acceptedEncoding } from '../http/content-encoding';
import { findReleaseFiles, isReleasePath } from './database-release-files';

const REMOTE_OF_FOLDER = new Map(
  (Object.entries(REMOTE_FOLDERS) as [RemoteName, string][]).map(([name, folder]) => [folder, name]),
);

/**
 * Serves `/releases/<folder>/<version>/<path>` from the releases stored in the database, as the disk
 * store's static files are served: the precompressed .br / .gz variant the browser accepts, a strong
 * ETag, and, since a version's files never change, immutable caching (JSON files revalidate). The
 * server build (`server/`) is filtered out before this (see serve-site.ts).
 */
export function releaseFilesFromDatabase(db: Db, cacheControl: (file: string) => string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const m = /^\/([^/]+)\/([^/]+)\/(.+)$/.exec(req.path);
    const remote = m && REMOTE_OF_FOLDER.get(m[1]!);
    if (!m || !remote) return next();
    let version: string;
    let file: string;
    try {
      version = decodeURIComponent(m[2]!);
      file = decodeURIComponent(m[3]!);
    } catch {
      return next();
    }
    // The variants are reached through Accept-Encoding only, never by their own names.
    if (!isReleasePath(file) || /\.(br|gz)$/.test(file)) return next();
    try {
      const found = await findReleaseFiles(db, remote, version, [
        file,
        ...PRECOMPRESSED.map((e) => file + e.ext),
      ]);
      if (!found.has(file)) return next();
      const encoding = acceptedEncoding(
        req,
        PRECOMPRESSED.filter((e) => found.has(file + e.ext)),
      );
      if (found.size > 1) res.setHeader('Vary', 'Accept-Encoding');
      if (encoding) res.setHeader('Content-Encoding', encoding.token);
      const blob = found.get(encoding ? file + encoding.ext : file)!;
      await sendBlob(db, req, res, blob, { cacheControl: cacheControl(file), sandbox: false });
    } catch (err) {
      next(err);
    }
  };
}

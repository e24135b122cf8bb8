// The files of the releases stored in the database: which paths a release may hold and their types,
// the stored files among some paths (served by release-files.ts), and a release's server build written
// out to disk for the server to import (materializeRelease).
import path from 'node:path';
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import { blobs, releaseFiles, releases } from '../db/schema';
import { blobColumns, readBlob, type StoredBlob } from '../files/blob-store';

/** A path inside a release: relative, `/`-separated, no `.`/`..` segments. */
export const isReleasePath = (p: string) =>
  p.length > 0 &&
  p.length <= 500 &&
  !p.startsWith('/') &&
  p.split('/').every((s) => s && s !== '.' && s !== '..');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The type of a release file; a precompressed `x.js.br` has the type of `x.js` (sent with Content-Encoding). */
export function contentTypeOf(file: string): string {
  const plain = file.replace(/\.(br|gz)$/, '');
  return TYPES[path.extname(plain).toLowerCase()] ?? 'application/octet-stream';
}

/** The stored files of `remote@version` whose path `paths` picks, with their blobs. */
const storedFiles = (db: Db, remote: RemoteName, version: string, paths: SQL | undefined) =>
  db
    .select({ path: releaseFiles.path, ...blobColumns })
    .from(releaseFiles)
    .innerJoin(releases, eq(releases.id, releaseFiles.releaseId))
    .innerJoin(blobs, eq(blobs.id, releaseFiles.blobId))
    .where(and(eq(releases.remote, remote), eq(releases.version, version), paths));

/** Stored files of `remote@version` among `paths` (any that exist), with their blobs. */
export async function findReleaseFiles(
  db: Db,
  remote: RemoteName,
  version: string,
  paths: string[],
): Promise<Map<string, StoredBlob>> {
  const rows = await storedFiles(db, remote, version, inArray(releaseFiles.path, paths));
  return new Map(rows.map(({ path: p, ...blob }) => [p, blob]));
}

/**
 * Writes what the server needs of `remote@version` (its server build, and the browser build's
 * stylesheets the page links) into `target`: first into a scratch folder, then renamed into place,
 * so a folder at `target` is always complete. Does nothing when `target` exists.
 */
export async function materializeRelease(
  db: Db,
  remote: RemoteName,
  version: string,
  target: string,
): Promise<void> {
  try {
    statSync(target);
    return;
  } catch {
    // not there yet
  }
  const rows = await storedFiles(
    db,
    remote,
    version,
    or(like(releaseFiles.path, 'server/%'), like(releaseFiles.path, 'assets/%.css')),
  );
  const scratch = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(scratch, { recursive: true });
    for (const { path: rel, ...blob } of rows) {
      if (!isReleasePath(rel)) continue;
      const file = path.join(scratch, ...rel.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      await pipeline(readBlob(db, blob), createWriteStream(file));
    }
    // Builds are ES modules; the cache lies outside any package that would say so.
    writeFileSync(path.join(scratch, 'package.json'), '{ "type": "module" }\n');
    try {
      renameSync(scratch, target);
    } catch (err) {
      // Another request of this process (or another process on this disk) got there first.
      try {
        statSync(target);
      } catch {
        throw err;
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

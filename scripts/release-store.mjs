// The release store: releases/<remote-folder>/<version>/ plus release-state.json, switched atomically.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASES_DIR = process.env.RELEASES_DIR ?? path.join(ROOT, 'releases');

// The store's rules are the server's own (api/src/releases/disk-release-store.ts, loaded through tsx):
// the CMS switches releases with the same functions, so a promote means one thing wherever it is made.
const { tsImport } = await import('tsx/esm/api');
const disk = await tsImport('../api/src/releases/disk-release-store.ts', import.meta.url);
const { REMOTE_FOLDERS } = await tsImport('../packages/contracts/src/routes.ts', import.meta.url);

/** Folder name → federation name, for every remote. */
export const REMOTES = Object.fromEntries(Object.entries(REMOTE_FOLDERS).map(([name, f]) => [f, name]));

export const readState = () => disk.readDiskState(RELEASES_DIR);

/** Hash of every file's path and bytes: the same build gives the same version. */
export function contentHash(dir) {
  const h = createHash('sha256');
  for (const rel of listFiles(dir).sort()) {
    h.update(rel);
    h.update(readFileSync(path.join(dir, rel)));
  }
  return h.digest('hex').slice(0, 10);
}

function listFiles(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

export function resolveRemote(arg) {
  const folder = Object.keys(REMOTES).find((f) => f === arg || REMOTES[f] === arg);
  if (!folder) {
    console.error(`Unknown remote '${arg ?? ''}'. Use one of: ${Object.keys(REMOTES).join(', ')}`);
    process.exit(2);
  }
  return { folder, name: REMOTES[folder] };
}

export const versionDir = (folder, version) => path.join(RELEASES_DIR, folder, version);
export const exists = existsSync;

/** The versions stored on disk for a remote (released, rolled back from or staged). */
export const storedVersions = (name) => disk.storedOnDisk(RELEASES_DIR, name);

/** Makes the stored `version` current: false when it was already, else `{ previous }`. */
export const switchDisk = (name, version) => disk.switchOnDisk(RELEASES_DIR, name, version);

/**
 * Runs one of the disk store's switches (`promoteOnDisk`, `startCanaryOnDisk`, `rollbackOnDisk`) on
 * RELEASES_DIR; a refusal (no such release, nothing to roll back to…) is printed and exits 1.
 */
export function onDisk(operation, ...args) {
  try {
    return disk[operation](RELEASES_DIR, ...args);
  } catch (err) {
    if (!(err instanceof disk.ReleaseError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

// What the release commands share: the repository root, the release store's folder, the remote named on
// the command line, the checkout's commit, and the store itself. The store, its rules and its words are
// the server's own (api/src/releases/release-cli.ts, loaded through tsx): the CMS switches releases with
// the same functions, so a promote means one thing wherever it is made.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASES_DIR = process.env.RELEASES_DIR ?? path.join(ROOT, 'releases');

let cli;
/** api/src/releases/release-cli.ts, loaded once. */
export async function releaseCli() {
  if (!cli) {
    const { tsImport } = await import('tsx/esm/api');
    cli = await tsImport('../api/src/releases/release-cli.ts', import.meta.url);
  }
  return cli;
}

/**
 * Runs `fn(control, store, cli)` on the release store (PostgreSQL with DATABASE_URL, else RELEASES_DIR).
 * A refusal (no such release, nothing to roll back to…) is printed and the command exits 1.
 */
export async function withReleaseStore(fn) {
  const c = await releaseCli();
  // A release may not take the address of a CMS page visitors see (api/src/releases/route-claims.ts).
  const { tsImport } = await import('tsx/esm/api');
  const { cmsPagePathsOf } = await tsImport('../api/src/content/cms-page-paths.ts', import.meta.url);
  const result = await c.withReleaseStore(RELEASES_DIR, (control, store) => fn(control, store, c), {
    cmsPagePaths: cmsPagePathsOf,
  });
  if (process.exitCode) process.exit(process.exitCode);
  return result;
}

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

/** The remote named on the command line (folder or federation name), or exit 2 naming the choices. */
export async function resolveRemote(arg) {
  const { REMOTE_FOLDERS, remoteNamed } = await releaseCli();
  const name = remoteNamed(arg);
  if (!name) {
    console.error(`Unknown remote '${arg ?? ''}'. Use one of: ${Object.values(REMOTE_FOLDERS).join(', ')}`);
    process.exit(2);
  }
  return { folder: REMOTE_FOLDERS[name], name };
}

const git = (...args) => spawnSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });

/** The commit of this checkout (`+dirty` when it has uncommitted changes), or `unknown` outside git. */
export function gitCommit() {
  const head = git('rev-parse', 'HEAD');
  if (head.status !== 0) return 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+dirty' : ''}`;
}

/** The subject of this checkout's commit (what changed, for the CMS), or null outside git. */
export function commitSubject() {
  const log = git('log', '-1', '--format=%s');
  return log.status === 0 && log.stdout.trim() ? log.stdout.trim() : null;
}

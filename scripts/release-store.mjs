// The release store: releases/<remote-folder>/<version>/ plus release-state.json, switched atomically.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASES_DIR = process.env.RELEASES_DIR ?? path.join(ROOT, 'releases');
const STATE_FILE = path.join(RELEASES_DIR, 'release-state.json');

export const REMOTES = {
  'mf-marketing': 'mf_marketing',
  'mf-content': 'mf_content',
  'mf-contact': 'mf_contact',
  'mf-cms': 'mf_cms',
};

export function readState() {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return { remotes: {} };
  }
}

/** Write-then-rename: a reader sees the old state or the new one, never half of either. */
export function writeState(state) {
  mkdirSync(RELEASES_DIR, { recursive: true });
  const tmp = `${STATE_FILE}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, STATE_FILE);
}

function listFiles(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
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

/** A stored version on disk: its folder holds the browser entry (a release is complete once renamed in place). */
export const isStored = (folder, version) =>
  VERSION.test(version ?? '') && existsSync(path.join(versionDir(folder, version), 'remoteEntry.js'));

/** The versions stored on disk for a remote (released, rolled back from or staged). */
export function storedVersions(folder) {
  try {
    return readdirSync(path.join(RELEASES_DIR, folder)).filter((v) => isStored(folder, v));
  } catch {
    return [];
  }
}

/**
 * Makes `version` (stored already) the remote's current release in the disk state; the one it replaces
 * goes on the rollback history. Answers the previous version, or false when it was current already.
 */
export function switchDisk(name, version) {
  const state = readState();
  const entry = state.remotes[name] ?? { current: null, history: [] };
  const previous = entry.current;
  if (previous === version) return false;
  state.remotes[name] = {
    current: version,
    history: [...entry.history.filter((v) => v !== version), ...(previous ? [previous] : [])].slice(-10),
  };
  writeState(state);
  return { previous };
}

/** The same rule as the database store (api/src/releases/release-store.ts): no path tricks in a version. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,99}$/;

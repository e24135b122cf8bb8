// Refuses a remote whose shared singletons need another major version than the shell provides.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './release-store.mjs';

export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'zustand'];

const major = (range) => {
  const m = /(\d+)/.exec(String(range ?? ''));
  return m ? Number(m[1]) : undefined;
};

/** The shell's provided versions: what is installed for it, falling back to its declared range. */
function shellVersions() {
  const shellPkg = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'package.json'), 'utf8'));
  const out = {};
  for (const dep of SINGLETONS) {
    let version = shellPkg.dependencies?.[dep];
    try {
      version = JSON.parse(
        readFileSync(path.join(ROOT, 'node_modules', dep, 'package.json'), 'utf8'),
      ).version;
    } catch {
      /* not installed: use the declared range */
    }
    out[dep] = version;
  }
  return out;
}

/** @returns {string[]} problems; empty when the remote fits the shell */
export function checkCompatibility(remotePkg, provided = shellVersions()) {
  const problems = [];
  for (const dep of SINGLETONS) {
    const wanted = remotePkg.dependencies?.[dep] ?? remotePkg.peerDependencies?.[dep];
    if (!wanted) continue;
    const have = provided[dep];
    if (major(wanted) !== major(have)) {
      problems.push(
        `${remotePkg.name} requires ${dep} ${wanted}, but the shell provides ${dep} ${have ?? '(none)'}`,
      );
    }
  }
  return problems;
}

export function readRemotePackage(folder) {
  return JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
}

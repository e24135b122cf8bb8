import path from 'node:path';
import { parse, type Node } from 'acorn';
import type { RemoteName } from '@agency/contracts';
import type { ReleaseStore } from './release-store';

/** Reads one file of a release by its path inside it (`remoteEntry.js`, `assets/x.js`); undefined when absent. */
export type ReleaseFileReader = (rel: string) => Promise<string | undefined>;

/** A release's files from the store the server reads. */
export const releaseFileReader =
  (store: ReleaseStore, remote: RemoteName, version: string): ReleaseFileReader =>
  (rel) =>
    store.readFile(remote, version, rel);

/** The module specifiers a parsed module imports (static, re-exports, and literal dynamic imports). */
function importsOf(program: Node): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as { type?: string; source?: { type?: string; value?: unknown } };
    if (
      (n.type === 'ImportDeclaration' ||
        n.type === 'ExportAllDeclaration' ||
        n.type === 'ExportNamedDeclaration' ||
        n.type === 'ImportExpression') &&
      n.source?.type === 'Literal' &&
      typeof n.source.value === 'string'
    )
      found.push(n.source.value);
    for (const [key, value] of Object.entries(node)) if (key !== 'source') visit(value);
  };
  visit(program);
  return found;
}

/** How many files of one release the check reads at most (a real entry reaches a few dozen). */
const MAX_FILES = 500;

/**
 * Whether a release's browser entry can load, without running it: `remoteEntry.js` and every file of
 * the release it reaches through relative imports exist and parse as JavaScript modules. Answers what
 * is wrong (undefined when nothing is). Bare specifiers (shared packages) and URLs are the federation
 * runtime's to resolve and are not followed.
 */
export async function browserEntryProblem(read: ReleaseFileReader): Promise<string | undefined> {
  const seen = new Set<string>();
  const queue: { rel: string; from?: string }[] = [{ rel: 'remoteEntry.js' }];
  while (queue.length && seen.size < MAX_FILES) {
    const { rel, from } = queue.shift()!;
    if (seen.has(rel)) continue;
    seen.add(rel);
    const text = await read(rel);
    if (text === undefined) return from ? `${rel}, imported by ${from}, is missing` : `${rel} is missing`;
    let program: Node;
    try {
      program = parse(text, { ecmaVersion: 'latest', sourceType: 'module' });
    } catch (err) {
      return `${rel} does not parse: ${(err as Error).message}`;
    }
    for (const specifier of importsOf(program)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(rel), specifier.split(/[?#]/)[0]!),
      );
      if (target.startsWith('../')) continue;
      queue.push({ rel: target, from: rel });
    }
  }
  return undefined;
}

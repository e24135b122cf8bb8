#!/usr/bin/env node
// The import graph of every workspace, read with TypeScript's own pre-parser and module resolution (no
// type-check, about a second for the whole repo), checked for three things ESLint cannot see cheaply:
//   1. no cycle between files, in any workspace (eslint-plugin-import's import/no-cycle walks the graph
//      again from every file: far slower, and not installed here);
//   2. no two folders of api/src importing each other (the layer zones in eslint.config.js refuse the
//      wrong direction one import at a time; this is the whole-graph net under them);
//   3. inside each front end, `src/shared/` imports nothing else of its `src/`: every feature folder (a
//      tab, a page) may import shared, so shared importing one would tie every feature to it.
// Type-only imports count: a type in the wrong folder is a dependency in the wrong direction all the same.
// Tests count for cycles; for folder pairs and shared/ only non-test code counts (a test assembles the
// app it tests). Temporary exceptions are `allowedCycles` and `allowedFolderPairs` in eslint.config.js.
//
//   node scripts/check-imports.mjs            fail (exit 1) on a cycle, a folder pair not allowed or a shared/ import out
//   node scripts/check-imports.mjs --report   list every cycle and folder pair, allowed or not, with counts
//   … --root DIR                              check another tree instead of this repo
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { allowedCycles, allowedFolderPairs } from '../eslint.config.js';
import { FRONTENDS } from './workspaces.mjs';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root'); // another tree (the checker's own test)
const root = fs.realpathSync(
  rootArg >= 0
    ? path.resolve(args[rootArg + 1])
    : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'),
);
const report = args.includes('--report');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP_ANYWHERE = new Set(['node_modules', 'dist']);
const SKIP_AT_ROOT = new Set(['data', 'releases', 'test-results', 'playwright-report']); // run-time output
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const skip = SKIP_ANYWHERE.has(entry.name) || (dir === root && SKIP_AT_ROOT.has(entry.name));
      if (!skip && !entry.name.startsWith('.')) sourceFiles(path.join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.join(dir, entry.name));
  }
  return out;
}

const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  allowJs: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const cache = ts.createModuleResolutionCache(root, (f) => f, options);

/** file (repo-relative) → the repo files it imports (repo-relative), type-only imports included. */
function importGraph() {
  const graph = new Map();
  const files = sourceFiles(root);
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.') && !fileName.startsWith('@agency/')) continue; // third party or builtin
      const { resolvedModule } = ts.resolveModuleName(fileName, file, options, ts.sys, cache);
      if (!resolvedModule) continue;
      const target = fs.realpathSync(resolvedModule.resolvedFileName);
      if (target.includes(`${path.sep}node_modules${path.sep}`) || !target.startsWith(root)) continue;
      if (target !== file) targets.add(rel(target));
    }
    graph.set(rel(file), [...targets].sort());
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file: each holds at least one cycle. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    const m = { index, low: index, onStack: true };
    index += 1;
    meta.set(v, m);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      const mw = meta.get(w);
      if (!mw) {
        visit(w);
        m.low = Math.min(m.low, meta.get(w).low);
      } else if (mw.onStack) m.low = Math.min(m.low, mw.index);
    }
    if (m.low === m.index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

/** One shortest cycle through the component's first file, to show the path to break. */
function samplePath(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const chain = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) chain.unshift(p);
        return [...chain, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}

const TEST = /(\.test\.|\.pg\.test\.|-test-support\.|\/test-support\/)/;
const apiFolder = (file) => /^api\/src\/([^/]+)\//.exec(file)?.[1];

/** Pairs of api/src folders that import each other in non-test code, each with one import either way. */
function folderPairs(graph) {
  const edges = new Map();
  for (const [from, targets] of graph) {
    const a = apiFolder(from);
    if (!a || TEST.test(from)) continue;
    for (const to of targets) {
      const b = apiFolder(to);
      if (!b || a === b) continue;
      const key = `${a}>${b}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(`${from} → ${to}`);
    }
  }
  const pairs = [];
  for (const key of edges.keys()) {
    const [a, b] = key.split('>');
    if (a < b && edges.has(`${b}>${a}`))
      pairs.push({ pair: [a, b], there: edges.get(key), back: edges.get(`${b}>${a}`) });
  }
  return pairs.sort((x, y) => x.pair.join().localeCompare(y.pair.join()));
}

const sharedOf = new RegExp(`^(${FRONTENDS.join('|')})/src/shared/`);

/** Imports from a front end's src/shared into the rest of its src (a tab, a page, the app), tests aside. */
function sharedImportsOut(graph) {
  const found = [];
  for (const [from, targets] of graph) {
    const ws = sharedOf.exec(from)?.[1];
    if (!ws || TEST.test(from)) continue;
    for (const to of targets)
      if (to.startsWith(`${ws}/src/`) && !to.startsWith(`${ws}/src/shared/`)) found.push(`${from} → ${to}`);
  }
  return found;
}

const started = performance.now();
const graph = importGraph();
const allCycles = cycles(graph);
const allPairs = folderPairs(graph);
const badShared = sharedImportsOut(graph);
const sameSet = (a, b) => a.length === b.length && a.every((f) => b.includes(f));
const cycleAllowed = (c) => allowedCycles.some((allowed) => sameSet([...allowed].sort(), c));
const pairAllowed = ({ pair }) => allowedFolderPairs.some((p) => sameSet([...p].sort(), pair));
const badCycles = allCycles.filter((c) => !cycleAllowed(c));
const badPairs = allPairs.filter((p) => !pairAllowed(p));
const ms = Math.round(performance.now() - started);

if (report) {
  console.log(
    `${graph.size} files, ${allCycles.length} file cycles, ${allPairs.length} api/src folder pairs (${ms} ms)\n`,
  );
  for (const c of allCycles) {
    console.log(`cycle${cycleAllowed(c) ? ' (allowed for now)' : ''}: ${c.length} files`);
    console.log(`  ${samplePath(graph, c).join('\n    → ')}`);
  }
  for (const p of allPairs) {
    console.log(`\nfolders ${p.pair.join(' ↔ ')}${pairAllowed(p) ? ' (allowed for now)' : ''}`);
    for (const e of p.there) console.log(`  ${e}`);
    for (const e of p.back) console.log(`  ${e}`);
  }
}
for (const c of badCycles) {
  console.error(
    `Import cycle (break it by moving the shared piece down):\n  ${samplePath(graph, c).join('\n    → ')}`,
  );
}
for (const p of badPairs) {
  console.error(
    `api/src/${p.pair[0]} and api/src/${p.pair[1]} import each other (one direction only, see eslint.config.js):\n  ${[p.there[0], p.back[0]].join('\n  ')}`,
  );
}
for (const edge of badShared) {
  console.error(
    `src/shared imports a feature folder (shared is below every feature: move what it needs into shared, or pass it in):\n  ${edge}`,
  );
}
if (badCycles.length || badPairs.length || badShared.length) process.exit(1);
if (!report)
  console.log(
    `imports: no cycle, no api/src folder pair, no src/shared import of a feature (${graph.size} files, ${ms} ms)`,
  );

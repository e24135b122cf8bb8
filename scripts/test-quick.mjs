#!/usr/bin/env node
// `npm run test:quick`: the loop before each commit. Typechecks the TypeScript projects that cover
// the changed files, then runs the Vitest tests those files touch (`vitest related`: the test
// files that import a changed file, directly or not). Changed = not committed yet; with
// `-- --since main` also what this branch committed since main.
// The full run (`npm test`) stays the gate before merging.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const sinceAt = process.argv.indexOf('--since');
const since = sinceAt > 0 ? process.argv[sinceAt + 1] : undefined;

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git('diff', '--name-only', since ?? 'HEAD'),
    ...(since ? git('diff', '--name-only', 'HEAD') : []),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
];
if (changed.length === 0) {
  console.log('test:quick: nothing changed');
  process.exit(0);
}

/** Which tsconfig covers which files (see the include lists of tsconfig.*.json). */
const projects = {
  'tsconfig.browser.json': /^(shell|mf-[^/]+|packages\/(ui|contracts))\/src\//,
  'tsconfig.node.json': /^(api\/|packages\/(contracts\/src|federation-config)\/|shell\/vite|mf-[^/]+\/vite)/,
  'tsconfig.ssr.json': /^(shell|mf-[^/]+|packages\/(ui|contracts))\/src\//,
  'tsconfig.test.json':
    /^(api\/src|shell\/src|mf-[^/]+\/src|packages\/(ui|contracts|federation-config)\/|e2e\/|vitest\.)/,
};
const code = changed.filter((f) => /\.(ts|tsx)$/.test(f));
// A changed tsconfig (tsconfig.base.json holds the options all four extend) can change what any of
// them accepts: then every one.
const configs = changed.some((f) => /^tsconfig[\w.-]*\.json$/.test(f))
  ? Object.keys(projects)
  : Object.entries(projects)
      .filter(([, covers]) => code.some((f) => covers.test(f)))
      .map(([config]) => config);

const run = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('close', (status) => resolve(status === 0));
  });

const t0 = Date.now();
console.log(`test:quick: ${changed.length} changed files; typecheck: ${configs.join(', ') || 'none'}`);
// Two at a time: one per core.
const typed = [];
for (let i = 0; i < configs.length; i += 2) {
  typed.push(...(await Promise.all(configs.slice(i, i + 2).map((c) => run('npx', ['tsc', '-p', c])))));
}
// `vitest related` with the changed source files only: Vitest runs every test when package.json, a
// Vitest config or a setup file is among them, which is the full run's job, not this loop's.
const wholeSuite = /(^|\/)(package\.json|vitest\.config\.|vite\.config\.|vitest\.setup)/;
const sources = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && existsSync(f) && !wholeSuite.test(f));
const skipped = changed.filter((f) => wholeSuite.test(f));
if (skipped.length) console.log(`test:quick: ${skipped.join(', ')} changed: run npm test for everything`);
const tested =
  sources.length === 0 || (await run('npx', ['vitest', 'related', '--run', '--passWithNoTests', ...sources]));
const ok = typed.every(Boolean) && tested;
console.log(`test:quick ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(ok ? 0 : 1);

#!/usr/bin/env node
// Runs API tests against the PostgreSQL server named by DATABASE_URL: by default the files whose
// behaviour depends on the real server (see pgFiles below) plus a smoke of the rest;
// TEST_PG_ALL=1 (or --all) runs the whole API project there. Any other arguments go to Vitest
// (e.g. a file: `npm run test:pg -- src/admin/bulk-actions.test.ts`).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('test:pg needs DATABASE_URL=postgres://… (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}

const apiRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'api');

/**
 * Where PostgreSQL behaves differently from PGlite: several connections at once (locks, races,
 * transactions), LISTEN/NOTIFY between instances, the server going away, SQL the two may read
 * differently. A test file is picked by its name or by what it mentions, so new tests of that kind
 * are included without editing this list.
 */
const byName = /\.pg\.test\.ts$|concurren|fault|rate-limit|bulk|revisions|trash|release|seed|timestamps/;
// (Not `listen(`: in these files it is always an HTTP server's; the database's LISTEN shows as notify.)
const byContent =
  /TEST_DATABASE_URL|onPostgres|postgresUrl|concurren|transaction|notify|advisory|for update|Promise\.all\(|kind === '(postgres|pglite)'|\.execute\(sql/i;
/**
 * A file whose description says "PGlite only" tests the embedded database alone (its servers start
 * without DATABASE_URL): the PGlite run covers it, whatever else it mentions.
 */
const pgliteOnly = /\bPGlite only\b/;
/** A smoke of the rest: one file per public and staff area, the same code on either database. */
const smoke = [
  'src/app.test.ts',
  'src/contact/contact-router.test.ts',
  'src/content/content-router.test.ts',
  'src/content/marketing-reads.test.ts',
  'src/newsletter/newsletter-router.test.ts',
  'src/admin/admin-content.test.ts',
  // Every content type's staff writes, trash and public reads: the registry's promise on either database.
  'src/admin/content-types.test.ts',
  'src/admin/admin-leads.test.ts',
  'src/site/render/page-renderer.test.ts',
];

function apiTestFiles(dir = path.join(apiRoot, 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return apiTestFiles(full);
    return /\.test\.ts$/.test(e.name) && !/\.security\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

const args = process.argv.slice(2).filter((a) => a !== '--all');
const all = process.env.TEST_PG_ALL === '1' || process.argv.includes('--all');
let files = [];
if (!all && args.length === 0) {
  files = apiTestFiles()
    .map((f) => path.relative(apiRoot, f).split(path.sep).join('/'))
    .filter((rel) => {
      const text = readFileSync(path.join(apiRoot, rel), 'utf8');
      if (pgliteOnly.test(text) && !/\.pg\.test\.ts$/.test(rel)) return false;
      return byName.test(rel) || byContent.test(text) || smoke.includes(rel);
    })
    .sort();
  console.log(
    `test:pg: ${files.length} files (the server-dependent ones and a smoke; TEST_PG_ALL=1 runs all)`,
  );
  if (process.env.TEST_PG_LIST) {
    console.log(files.join('\n'));
    process.exit(0);
  }
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...files, ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: '' },
});
process.exit(r.status ?? 1);

#!/usr/bin/env node
// `npm test`: typecheck and lint (side by side), unit + API tests (Vitest, PGlite), build, then e2e
// (Playwright, built site) and, when TEST_PG_DATABASE_URL names a PostgreSQL server, test:pg beside it.
// Stages that run side by side print their output when they end, one after the other.
// Ends with one plain summary line: 'N passed, N failed'.
import { spawn } from 'node:child_process';

/** One stage: its output goes straight through, or is kept and printed whole when it ends. */
function run(name, [cmd, ...args], { env = process.env, buffered = false } = {}) {
  const t0 = Date.now();
  if (!buffered) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
    }
    child.on('error', (err) => chunks.push(Buffer.from(String(err))));
    child.on('close', (code) => {
      if (buffered) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ name, ok: code === 0, seconds: (Date.now() - t0) / 1000 });
    });
  });
}

const results = [];
const started = Date.now();
const stage = async (...runs) => {
  const done = await Promise.all(runs);
  results.push(...done);
  return done.every((r) => r.ok);
};

// tsc and eslint each use one core: side by side they take as long as the slower one.
await stage(
  run('typecheck', ['npm', 'run', '--silent', 'typecheck']),
  run('lint', ['npm', 'run', '--silent', 'lint'], { buffered: true }),
);
if (results.find((r) => r.name === 'typecheck')?.ok) {
  await stage(run('unit+api', ['npx', 'vitest', 'run']));
  const built = await stage(run('build', ['node', 'scripts/build.mjs']));
  if (built) {
    const pgUrl = process.env.TEST_PG_DATABASE_URL;
    // The browser tests mostly wait (on pages, servers, the browser); the PostgreSQL tests use the
    // other core meanwhile, one file at a time: beside e2e's two servers and Chromium, two of their
    // workers starting servers at once left those starts past their minute. Their output is printed
    // when they end.
    await stage(
      run('e2e', ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts']),
      ...(pgUrl
        ? [
            run('test:pg', ['node', 'scripts/test-pg.mjs'], {
              env: { ...process.env, DATABASE_URL: pgUrl, VITEST_MAX_WORKERS: '1' },
              buffered: true,
            }),
          ]
        : []),
    );
  }
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
const passed = results.length - failed;
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

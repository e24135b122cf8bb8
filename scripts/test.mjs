#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API tests (Vitest, PGlite), then e2e (Playwright, built site).
// Ends with one plain summary line: 'N passed, N failed'.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['unit+api', ['npx', 'vitest', 'run']],
  ['build', ['node', 'scripts/build.mjs']],
  ['e2e', ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const results = [];
const started = Date.now();
for (const [name, [cmd, ...args]] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: (Date.now() - t0) / 1000 });
  if (!ok && (name === 'build' || name === 'typecheck')) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
const passed = results.length - failed;
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

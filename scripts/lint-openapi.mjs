#!/usr/bin/env node
// `npm run lint:openapi` (part of `npm run lint`): the API's OpenAPI document, exactly as
// GET /api/openapi.json answers it, linted by Redocly CLI with its `recommended` rules. Any problem,
// warnings included, fails: the document stays clean for the tools clients feed it to.
// Run with `node --import tsx` (the document is built from the TypeScript contracts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { openApiDocument } = await import(path.join(root, 'api/src/openapi/document.ts'));

const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
  const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
  const run = spawnSync(redocly, ['lint', '--extends', 'recommended', '--format', 'json', file], {
    encoding: 'utf8',
    // No network here or in CI: no telemetry, no update check.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  let report;
  try {
    report = JSON.parse(json);
  } catch {
    console.error(run.stdout, run.stderr);
    throw new Error(`redocly lint did not answer a report (exit ${run.status})`);
  }
  const problems = report.problems ?? [];
  for (const p of problems) {
    const where = p.location?.map((l) => l.pointer).join(', ') ?? '';
    console.error(`${p.severity} ${p.ruleId}: ${p.message} ${where}`);
  }
  if (problems.length || run.status !== 0) {
    console.error(`OpenAPI document: ${problems.length} problem(s) under redocly lint (recommended)`);
    process.exitCode = 1;
  } else {
    console.log('OpenAPI document: clean under redocly lint (recommended)');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

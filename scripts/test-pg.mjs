#!/usr/bin/env node
// Runs the API test suite against the PostgreSQL server named by DATABASE_URL.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('test:pg needs DATABASE_URL=postgres://… (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: '' },
});
process.exit(r.status ?? 1);

// `npm run db:check -w api` (run by `npm run lint`): fails when src/db/schema.ts and the migrations in
// drizzle/ disagree. Two checks, both drizzle-kit's own:
// 1. `drizzle-kit check`: the snapshot chain in drizzle/meta is one line (no two migrations naming the
//    same parent, the "collision" that stopped `db:generate` in issue 37).
// 2. `drizzle-kit generate` on a scratch copy of drizzle/ must write nothing: a schema change without
//    its migration (or a migration whose snapshot does not match the schema) would produce one.
// Fix a failure with `npm run db:generate -w api` and commit the migration it writes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const migrations = join(apiDir, 'drizzle');

function drizzleKit(args) {
  const result = spawnSync('npx', ['--no-install', 'drizzle-kit', ...args], {
    cwd: apiDir,
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

let failed = false;
const check = drizzleKit(['check', '--config', 'drizzle.config.ts']);
if (!check.ok) {
  failed = true;
  console.error(
    `db:check: drizzle-kit check failed (the snapshot chain in api/drizzle/meta):\n${check.output}`,
  );
}

const scratch = mkdtempSync(join(tmpdir(), 'db-check-'));
try {
  const out = join(scratch, 'drizzle');
  cpSync(migrations, out, { recursive: true });
  const before = listFiles(out);
  // drizzle-kit takes the out folder relative to its working directory.
  const generate = drizzleKit([
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './src/db/schema.ts',
    '--out',
    relative(apiDir, out),
  ]);
  const added = listFiles(out).filter((file) => !before.includes(file));
  if (!generate.ok) {
    failed = true;
    console.error(`db:check: drizzle-kit generate failed:\n${generate.output}`);
  } else if (added.length > 0) {
    failed = true;
    console.error(
      `db:check: src/db/schema.ts and the migrations in api/drizzle disagree; drizzle-kit generate would write ` +
        `${added.join(', ')}. Run \`npm run db:generate -w api\` and commit the migration.`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (failed) process.exit(1);
console.log('db:check: schema.ts and the migrations agree');

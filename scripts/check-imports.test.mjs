// scripts/check-imports.mjs on small trees: it fails on a file cycle, on two api/src folders importing
// each other and on a front end's src/shared importing a feature (tests aside), and passes a tree that
// imports in one direction.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('./check-imports.mjs', import.meta.url).pathname;
const dirs = [];

function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function check(dir) {
  try {
    return {
      code: 0,
      out: execFileSync('node', [script, '--root', dir], { encoding: 'utf8', stdio: 'pipe' }),
    };
  } catch (err) {
    return { code: err.status, out: `${err.stdout}${err.stderr}` };
  }
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Each run loads TypeScript and eslint.config.js: about a second of CPU, longer on a busy machine.
describe('check-imports', { timeout: 30_000 }, () => {
  it('passes imports in one direction, type-only and extensionless ones included', () => {
    const dir = tree({
      'api/src/db/client.ts': 'export const db = 1;\n',
      'api/src/http/session.ts': "import type { db } from '../db/client';\nexport const s = 1;\n",
      'api/src/admin/router.ts':
        "import { s } from '../http/session.js';\nimport { db } from '../db/client';\n",
    });
    expect(check(dir)).toMatchObject({ code: 0 });
  });

  it('refuses a file cycle in any workspace, naming its files', () => {
    const dir = tree({
      'mf-cms/src/a.tsx': "import { b } from './b';\nexport const a = 1;\n",
      'mf-cms/src/b.ts': "import type { a } from './a';\nexport const b = 1;\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain('Import cycle');
    expect(out).toContain('mf-cms/src/a.tsx');
    expect(out).toContain('mf-cms/src/b.ts');
  });

  it('refuses two api/src folders importing each other without a file cycle', () => {
    const dir = tree({
      'api/src/db/seed.ts': "import { seedAdmin } from '../admin/admin-seed';\n",
      'api/src/db/client.ts': 'export const db = 1;\n',
      'api/src/admin/admin-seed.ts': "import { db } from '../db/client';\nexport const seedAdmin = db;\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain('api/src/admin and api/src/db import each other');
  });

  it("refuses a front end's src/shared importing one of its feature folders, naming the import", () => {
    const dir = tree({
      'mf-cms/src/history/revision-history.tsx': 'export const RevisionHistory = 1;\n',
      'mf-cms/src/shared/editor-kit.tsx': "import { RevisionHistory } from '../history/revision-history';\n",
      'mf-cms/src/shared/editor-kit.test.tsx': "import { tab } from '../releases/releases-tab';\n",
      'mf-cms/src/releases/releases-tab.tsx':
        "import { x } from '../shared/list-ui';\nexport const tab = x;\n",
      'mf-cms/src/shared/list-ui.tsx': 'export const x = 1;\n',
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain('src/shared imports a feature folder');
    expect(out).toContain('mf-cms/src/shared/editor-kit.tsx → mf-cms/src/history/revision-history.tsx');
    // A feature importing shared, and a test in shared assembling a tab, are the right direction.
    expect(out).not.toContain('releases');
  });

  it('lets a test import across folders', () => {
    const dir = tree({
      'api/src/db/client.ts': 'export const db = 1;\n',
      'api/src/db/client.test.ts': "import { seedAdmin } from '../admin/admin-seed';\n",
      'api/src/admin/admin-seed.ts': "import { db } from '../db/client';\nexport const seedAdmin = db;\n",
    });
    expect(check(dir)).toMatchObject({ code: 0 });
  });
});

// The workspace boundaries in eslint.config.js, checked through ESLint's own API with the real config:
// each case lints a small source as if it lay at `file`, and expects the boundary rule to report it or not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../', import.meta.url).pathname });

async function boundaryMessages(file, source) {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: file });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused = [
  ['mf-content/src/blog/x.tsx', "import { x } from '../../../mf-marketing/src/home/api/get-services';"],
  ['mf-content/src/blog/x.tsx', "import { x } from 'mf-cms/src/app';"],
  ['mf-content/src/blog/x.tsx', "import x from 'mf_marketing/HomePage';"],
  ['mf-cms/src/x.ts', "import { x } from '../../shell/src/main';"],
  ['mf-cms/src/x.ts', "import { x } from '../../api/src/app';"],
  ['shell/src/x.tsx', "import x from '../../mf-content/src/entry-server';"],
  ['packages/ui/src/x.tsx', "import { x } from '../../../shell/src/app/router';"],
  ['packages/ui/src/x.tsx', "import { x } from 'mf-content';"],
  ['packages/contracts/src/x.ts', "import { x } from '@agency/ui';"],
  ['packages/contracts/src/x.ts', "import { x } from '../../../api/src/env';"],
  ['api/src/x.ts', "import x from 'react';"],
  ['api/src/x.ts', "import { x } from 'react-dom/server';"],
  ['api/src/x.ts', "import { x } from '@agency/ui';"],
  ['api/src/site/x.ts', "import { x } from '../../../shell/src/entry-server';"],
  // One direction inside api/src (API_LAYERS): nothing imports upwards or across its own layer.
  ['api/src/db/x.ts', "import { x } from '../admin/admin-seed';"],
  ['api/src/http/x.ts', "import { x } from '../admin/staff-session';"],
  ['api/src/files/x.ts', "import { x } from '../admin/crud-router.js';"],
  ['api/src/content/x.ts', "import { x } from '../admin';"],
  ['api/src/content/x.ts', "import { x } from '../contact/contact-router';"],
  ['api/src/admin/x.ts', "import { x } from '../site/remote-preview';"],
  ['api/src/admin/x.ts', "import { x } from '../app';"],
  ['api/src/site/render/x.ts', "import { x } from '../../ops/metrics';"],
  ['api/src/site/render/x.ts', "import type { x } from '../../seed.js';"],
  ['api/src/env.ts', "import { x } from './db/client';"],
];
const allowed = [
  ['mf-content/src/blog/x.tsx', "import { x } from '@agency/ui';"],
  ['mf-content/src/blog/x.tsx', "import { x } from '../api/get-posts';"],
  ['mf-content/src/blog/x.tsx', "import { x } from '@agency/contracts';"],
  ['packages/ui/src/x.tsx', "import { x } from '@agency/contracts';"],
  ['api/src/x.ts', "import { x } from '@agency/contracts';"],
  ['shell/vite.config.ts', "import { x } from '../packages/federation-config/shared';"],
  ['api/src/db/x.ts', "import { x } from '../env';"],
  ['api/src/admin/x.ts', "import { x } from '../http/staff-session';"],
  ['api/src/admin/x.ts', "import { x } from './crud-router';"],
  ['api/src/site/render/x.ts', "import { x } from '../../admin/admin-guards';"],
  ['api/src/site/render/x.ts', "import { x } from '../seo/page-meta';"],
  ['api/src/ops/x.ts', "import { x } from '../site/remotes-manifest';"],
  ['api/src/http/x.test.ts', "import { x } from '../test-support/test-app';"],
  ['api/src/admin/admin-test-support.ts', "import { x } from '../app';"],
];

// The first case loads the whole ESLint config and its plugins: seconds on a busy 2-core machine.
describe('lint boundaries between the workspaces', { timeout: 30_000 }, () => {
  it.each(refused)('%s: refuses %s', async (file, source) => {
    expect(await boundaryMessages(file, source)).toHaveLength(1);
  });
  it.each(allowed)('%s: allows %s', async (file, source) => {
    expect(await boundaryMessages(file, source)).toEqual([]);
  });
});

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
];
const allowed = [
  ['mf-content/src/blog/x.tsx', "import { x } from '@agency/ui';"],
  ['mf-content/src/blog/x.tsx', "import { x } from '../api/get-posts';"],
  ['mf-content/src/blog/x.tsx', "import { x } from '@agency/contracts';"],
  ['packages/ui/src/x.tsx', "import { x } from '@agency/contracts';"],
  ['api/src/x.ts', "import { x } from '@agency/contracts';"],
  ['shell/vite.config.ts', "import { x } from '../packages/federation-config/shared';"],
];

describe('lint boundaries between the workspaces', () => {
  it.each(refused)('%s: refuses %s', async (file, source) => {
    expect(await boundaryMessages(file, source)).toHaveLength(1);
  });
  it.each(allowed)('%s: allows %s', async (file, source) => {
    expect(await boundaryMessages(file, source)).toEqual([]);
  });
});

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';

// ---- Boundaries between the workspaces (docs/architecture.md) ---------------------------------------
// A relative import that climbs into another workspace's sources, e.g. '../../mf-content/src/x'.
const intoWorkspace = (names) => ({
  regex: `^(\\.\\./)+(${names})/src/`,
  message: 'Workspaces meet through packages (@agency/*) and the API, never through relative paths.',
});
const REMOTE_FOLDERS = ['mf-marketing', 'mf-content', 'mf-contact', 'mf-cms'];
const packageNames = (names, message) => ({
  regex: `^(${names.join('|')})(/|$)`,
  message,
});
const APP_CODE = ['shell', ...REMOTE_FOLDERS, 'api', 'mf_[a-z_]+'];
const FRONT_END = [
  'shell',
  ...REMOTE_FOLDERS,
  'mf_[a-z_]+',
  '@agency/ui',
  '@agency/federation-config',
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/[a-z-]+',
  'zustand',
  'lucide-react',
  '@radix-ui/[a-z-]+',
  'react-hook-form',
  '@hookform/[a-z-]+',
  '@module-federation/[a-z-]+',
];
const API_PATTERNS = [
  packageNames(FRONT_END, 'The API imports no front-end code (shell, remotes, @agency/ui, React).'),
  intoWorkspace(['shell', ...REMOTE_FOLDERS, 'packages/[\\w-]+'].join('|')),
];

// ---- Direction inside api/src (issue 29) ---------------------------------------------------------------
// The folders of api/src in layers, bottom first: a folder imports only folders of lower layers, never
// one of its own layer or above. env.ts and logger.ts import no folder and every folder may import them;
// app.ts, server.ts and seed.ts sit above every folder and no folder imports them. Tests (and
// test-support/) are outside the layers: a test assembles the app it tests. scripts/check-imports.mjs
// is the whole-graph net under this rule: no two folders importing each other, no file cycle.
export const API_LAYERS = [
  ['db'],
  ['http', 'files'],
  ['notifications'],
  ['content', 'contact', 'newsletter', 'releases', 'security'],
  ['admin'],
  ['forms'],
  ['site'],
  ['ops', 'openapi'],
];
const API_TOP_FILES = ['app', 'server', 'seed'];
const API_TESTS = ['api/src/**/*.test.ts', 'api/src/**/*-test-support.ts', 'api/src/test-support/**'];

function apiLayerBoundaries() {
  const blocks = [];
  API_LAYERS.forEach((layer, rank) => {
    const below = API_LAYERS.slice(0, rank).flat();
    for (const folder of layer) {
      const allowed = below;
      const refused = API_LAYERS.flat().filter((f) => f !== folder && !allowed.includes(f));
      const message =
        `api/src/${folder} imports only ${below.length ? below.join(', ') : 'no other folder'} (and env, logger): ` +
        'one direction inside the API, see API_LAYERS in eslint.config.js. Move the shared piece down.';
      // A file `depth` folders below api/src/<folder> leaves it with depth + 1 `../`.
      for (const depth of [0, 1, 2]) {
        const up = `^(\\.\\./){${depth + 1}}`;
        blocks.push({
          files: [`api/src/${folder}/${'*/'.repeat(depth)}*.{ts,mjs}`],
          ignores: API_TESTS,
          rules: {
            'no-restricted-imports': [
              'error',
              {
                patterns: [
                  ...API_PATTERNS,
                  { regex: `${up}(${refused.join('|')})(/|$)`, message },
                  { regex: `${up}(${API_TOP_FILES.join('|')})(\\.[jt]s)?$`, message },
                ],
              },
            ],
          },
        });
      }
    }
  });
  // env.ts and logger.ts are below every folder.
  blocks.push({
    files: ['api/src/env.ts', 'api/src/logger.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...API_PATTERNS,
            {
              regex: `^\\./(${API_LAYERS.flat().join('|')})/`,
              message: 'env.ts and logger.ts import no folder of api/src.',
            },
            {
              regex: `^\\./(${API_TOP_FILES.join('|')})(\\.[jt]s)?$`,
              message: 'env.ts and logger.ts import no folder of api/src.',
            },
          ],
        },
      ],
    },
  });
  return blocks;
}

/** Each area's boundary rule (one `no-restricted-imports` per file: ESLint does not merge them). */
export const boundaries = [
  // A remote imports no other remote and not the shell: they meet at run time through federation.
  ...REMOTE_FOLDERS.map((self) => {
    const others = REMOTE_FOLDERS.filter((r) => r !== self);
    return {
      files: [`${self}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              packageNames(
                ['shell', ...others, 'mf_[a-z_]+', 'api'],
                'A remote imports no other remote, not the shell and not the API: share through packages/ui or packages/contracts.',
              ),
              intoWorkspace(['shell', ...others, 'api', 'packages/[\\w-]+'].join('|')),
            ],
          },
        ],
      },
    };
  }),
  {
    // The shell loads remotes at run time (federation), never by a build-time import.
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageNames(
              [...REMOTE_FOLDERS, 'mf_[a-z_]+', 'api'],
              'The shell loads remotes through federation at run time and imports no API code.',
            ),
            intoWorkspace([...REMOTE_FOLDERS, 'api', 'packages/[\\w-]+'].join('|')),
          ],
        },
      ],
    },
  },
  {
    // The shared packages are below every app: they import no app code (and contracts not the UI).
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageNames(APP_CODE, 'packages/* import no app code (shell, remotes, API).'),
            intoWorkspace(['shell', ...REMOTE_FOLDERS, 'api'].join('|')),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageNames(
              [...APP_CODE, '@agency/ui', '@agency/federation-config', 'react', 'react-dom'],
              'packages/contracts is plain data and zod: no app code, no UI.',
            ),
            intoWorkspace(['shell', ...REMOTE_FOLDERS, 'api', 'ui', 'federation-config'].join('|')),
          ],
        },
      ],
    },
  },
  {
    // The API renders pages only through the front ends' server builds, which it loads by URL at run
    // time (site/render/server-builds.ts): it imports no front-end code itself.
    files: ['api/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: API_PATTERNS }] },
  },
  // Inside api/src, one direction (API_LAYERS below). Later blocks replace the rule for their files, so
  // each repeats API_PATTERNS.
  ...apiLayerBoundaries(),
];

// ---- Import cycles (scripts/check-imports.mjs, run by `npm run lint`) ----------------------------------
// Exceptions to scripts/check-imports.mjs (a file cycle, a pair of api/src folders importing each
// other), each with its reason. None today: keep it that way.
export const allowedCycles = [];
export const allowedFolderPairs = [];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      // The API bundle a test run builds for its server processes (test-support/server-bundle.ts).
      'api/.test-server-*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'api/drizzle/**',
      '**/*.tmp.mjs',
      'releases/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-control-regex': 'off',
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Accessibility of the markup every page and the CMS write (labels, roles, ARIA that has an effect).
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog moves focus into itself (the WAI-ARIA dialog pattern): our Dialog's contents name their
      // first focus with autoFocus on a component (Button, Input). A native element that takes focus
      // on its own on a page is still refused.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // A replacement *string* expands `$&`, `$'` and `` $` ``: text built from data goes in through a function.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type=/^(TemplateLiteral|Identifier|MemberExpression|BinaryExpression|CallExpression|ConditionalExpression)$/]',
          message:
            "Pass a replacer function (() => text): a replacement string built from data expands $&, $' and $`.",
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...boundaries,
  {
    // Measurement scripts pass callbacks that run inside the page.
    files: ['scripts/measure-pages.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

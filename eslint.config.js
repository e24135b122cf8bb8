import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageNames(FRONT_END, 'The API imports no front-end code (shell, remotes, @agency/ui, React).'),
            intoWorkspace(['shell', ...REMOTE_FOLDERS, 'packages/[\\w-]+'].join('|')),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
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

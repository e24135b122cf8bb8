import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    // Measurement scripts pass callbacks that run inside the page.
    files: ['scripts/measure-pages.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

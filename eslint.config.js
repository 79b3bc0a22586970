import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The renderer is sandboxed: it never reaches Node, Electron or the main process's code.
              group: ['node:*', 'electron', '**/electron/**', '**/server/**', 'fs', 'path', 'keytar', 'libsql'],
            },
            {
              // react-big-calendar through its public API only (its stylesheet is public too), so a
              // version bump cannot break a private module we lean on without a type error or a lint.
              regex: '^react-big-calendar/lib/(?!css/)',
              message: "Use react-big-calendar's public exports (views, components, localizers), not its lib/ modules.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      // shared/ is imported everywhere, so it imports neither Node nor the app's other parts.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'electron', '**/electron/**', '**/server/**', '**/renderer/**'] },
      ],
    },
  },
);

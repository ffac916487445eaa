// One naming convention for the code's files (docs/architecture.md, 'File names'), checked over every file git tracks:
// a module is camelCase, a component PascalCase, a test named after what it tests, a command after its npm script, an
// Edge Function or a Netlify function after its address, and a route after its path.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CODE = /\.(ts|tsx|mts|js|mjs|astro|css)$/;
/** Files whose names their tools decide (Astro, Vitest, Playwright, ESLint). */
const TOOL_NAMED = new Set([
  'astro.config.mjs',
  'eslint.config.js',
  'vitest.config.ts',
  'playwright.config.ts',
  'src/content.config.ts',
  'src/env.d.ts',
]);

interface Commands {
  /** The npm scripts' names (package.json). */
  npm: readonly string[];
  /** The scripts Playwright starts as its web servers (playwright.config.ts). */
  servers: readonly string[];
}

/** Why a tracked file's name breaks the convention, or null when it keeps it (or is no code: docs, data, migrations). */
function nameProblem(path: string, commands: Commands): string | null {
  if (!CODE.test(path) || TOOL_NAMED.has(path) || path.startsWith('supabase/migrations/') || path.startsWith('public/'))
    return null;
  const parts = path.split('/');
  const file = parts.at(-1) ?? '';
  const [stem] = file.split('.');
  // A route's file is its address: /[id]/votes.csv, /about, /votingPAUSD.
  if (path.startsWith('src/pages/')) return null;
  // An Edge Function is its address (/functions/v1/alert-feed): a kebab-case folder with its index.ts.
  if (path.startsWith('supabase/functions/') && parts[2] !== '_shared') {
    return KEBAB.test(parts[2]) && file === 'index.ts' && parts.length === 4
      ? null
      : 'an Edge Function is a kebab-case folder (its address) holding index.ts';
  }
  // A Netlify function is its address too (/.netlify/functions/send-confirmations).
  if (path.startsWith('netlify/functions/'))
    return KEBAB.test(stem) ? null : 'a Netlify function is kebab-case, as its address';
  // A command is named after its npm script (bench:build → bench-build.mjs), or is one Playwright starts.
  if (parts[0] === 'scripts' && parts.length === 2) {
    if (commands.servers.includes(path))
      return KEBAB.test(stem) ? null : 'a script Playwright starts is kebab-case, as the commands';
    return commands.npm.some((name) => name.replaceAll(':', '-') === stem)
      ? null
      : 'a script in scripts/ is named after its npm command (bench:build → bench-build.mjs)';
  }
  // A test is named after what it tests: a module (camelCase) or a component (PascalCase).
  if (/\.(test|spec)\.tsx?$/.test(file))
    return CAMEL.test(stem) || PASCAL.test(stem)
      ? null
      : "a test is named after what it tests, camelCase (or a component's PascalCase)";
  // Components, and the styles beside them, are PascalCase; a style sheet of its own (global.css) camelCase.
  if (/\.(tsx|astro)$/.test(file)) return PASCAL.test(stem) ? null : 'a component is PascalCase';
  if (file.endsWith('.css'))
    return PASCAL.test(stem) || CAMEL.test(stem)
      ? null
      : 'a style sheet is named after its component (PascalCase) or camelCase';
  return CAMEL.test(stem) ? null : 'a module is camelCase';
}

const commands: Commands = {
  npm: Object.keys(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
  ),
  servers: [...readFileSync(join(ROOT, 'playwright.config.ts'), 'utf8').matchAll(/\bscripts\/[\w-]+\.mjs/g)].map(
    ([path]) => path,
  ),
};

describe('nameProblem: the convention, file by file', () => {
  it.each([
    ['src/alerts/node/mailSender.ts', null],
    ['src/alerts/node/mail-sender.ts', 'a module is camelCase'],
    ['src/lib/node/sanitize_jsdom.ts', 'a module is camelCase'],
    ['scripts/lib/stackConfig.mjs', null],
    ['scripts/lib/stack-config.mjs', 'a module is camelCase'],
    ['supabase/functions/_shared/alertFeed.ts', null],
    ['src/alerts/islands/SubscribeForm.tsx', null],
    ['src/components/icons.tsx', 'a component is PascalCase'],
    ['src/alerts/view/emailLinkPage.astro', 'a component is PascalCase'],
    ['src/search/islands/RecordSearch.css', null],
    ['src/styles/global.css', null],
    ['src/district/tests/e2e/districtTabs.spec.ts', null],
    [
      'src/district/tests/e2e/district-tabs.spec.ts',
      "a test is named after what it tests, camelCase (or a component's PascalCase)",
    ],
    ['src/importer/tests/importChecks.test.ts', null],
    ['src/alerts/tests/AlertForm.test.tsx', null],
    [
      'supabase/tests/alert-feeds.test.ts',
      "a test is named after what it tests, camelCase (or a component's PascalCase)",
    ],
    ['scripts/bench-build.mjs', null],
    ['scripts/benchBuild.mjs', 'a script in scripts/ is named after its npm command (bench:build → bench-build.mjs)'],
    [
      'scripts/make-demo-video.mjs',
      'a script in scripts/ is named after its npm command (bench:build → bench-build.mjs)',
    ],
    ['scripts/e2e-stack.mjs', null],
    ['supabase/functions/alert-feed/index.ts', null],
    ['supabase/functions/alertFeed/index.ts', 'an Edge Function is a kebab-case folder (its address) holding index.ts'],
    ['netlify/functions/send-confirmations.mts', null],
    ['src/pages/[id]/votes.csv.ts', null],
    ['src/pages/[...lang]/votingPAUSD.astro', null],
    ['vitest.config.ts', null],
    ['supabase/migrations/20261127100000_alerts.sql', null],
    ['docs/import-example/1/meetings.csv', null],
  ])('%s → %s', (path, problem) => {
    expect(nameProblem(path, commands)).toBe(problem);
  });
});

describe('every file git tracks keeps the convention', () => {
  it('names no file otherwise', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(300);
    expect(files.map((path) => [path, nameProblem(path, commands)]).filter(([, problem]) => problem !== null)).toEqual(
      [],
    );
  });
});

// `npm run check`: the type check and the linter, each of everything, neither with a warning allowed.
//   1. `astro sync` writes Astro's generated types (.astro/: the content collections' entry types). It also runs every
//      collection's loader; with CHECK_TYPES_ONLY=1 the district pages' loader reads no database (src/content.config.ts),
//      so the check needs none.
//   2. `astro check`: TypeScript (strict, tsconfig.json) over every .ts, .tsx, .astro file and, with checkJs, every .mjs.
//   3. ESLint (eslint.config.js) over the same files.
//   4. Prettier (.prettierrc.json) over every file type it knows, .astro included; `npm run format` writes its fixes.
// The last three run side by side (one machine's cores), each one's output printed whole once it ends, in this order.
// ESLint and Prettier keep a cache of the files they found clean (by content, in node_modules/.cache): a file and the
// configuration unchanged are not read again. Lint and format run even when the types fail; exits 1 if any step found
// anything.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/stackConfig.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run check
The type check (astro check), the linter (ESLint) and the formatter's check (Prettier), each of every file.
It takes no arguments and needs no database.`,
});

/** @param {string} path */
const bin = (path) => join(root, 'node_modules', path);
/** @param {string} tool */
const cache = (tool) => join(root, 'node_modules', '.cache', tool);

/**
 * Runs one step with its output held; resolves with whether it passed and what it printed.
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 * @returns {Promise<{ name: string, ok: boolean, output: string }>}
 */
function step(name, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
        ...extraEnv,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ name, ok: code === 0, output }));
  });
}

/** @param {{ name: string, output: string }} result */
const show = ({ name, output }) => process.stdout.write(`\ncheck: ${name}\n${output}`);

/** @type {string[]} */
const failed = [];
const sync = await step('astro sync (types only)', [bin('astro/bin/astro.mjs'), 'sync'], { CHECK_TYPES_ONLY: '1' });
show(sync);
if (!sync.ok) failed.push(sync.name);
const results = await Promise.all([
  sync.ok
    ? step('types (astro check)', [
        bin('astro/bin/astro.mjs'),
        'check',
        '--noSync',
        '--minimumFailingSeverity',
        'warning',
      ])
    : null,
  step('lint (eslint)', [
    bin('eslint/bin/eslint.js'),
    '--max-warnings',
    '0',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    `${cache('eslint')}/`,
    '.',
  ]),
  step('format (prettier)', [
    bin('prettier/bin/prettier.cjs'),
    '--check',
    '--log-level',
    'warn',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    join(cache('prettier'), 'cache.json'),
    '.',
  ]),
]);
for (const result of results) {
  if (!result) continue;
  show(result);
  if (!result.ok) failed.push(result.name);
}
console.log(failed.length ? `\ncheck: failed (${failed.join(', ')})` : '\ncheck: types, lint and format clean');
process.exit(failed.length ? 1 : 0);

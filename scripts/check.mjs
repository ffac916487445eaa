// `npm run check`: the type check and the linter, each of everything, neither with a warning allowed.
//   1. `astro sync` writes Astro's generated types (.astro/: the content collections' entry types). It also runs every
//      collection's loader; with CHECK_TYPES_ONLY=1 the district pages' loader reads no database (src/content.config.ts),
//      so the check needs none.
//   2. `astro check`: TypeScript (strict, tsconfig.json) over every .ts, .tsx, .astro file and, with checkJs, every .mjs.
//   3. ESLint (eslint.config.js) over the same files.
//   4. Prettier (.prettierrc.json) over every file type it knows, .astro included; `npm run format` writes its fixes.
// Lint and format run even when the types fail; exits 1 if any step found anything.
import { join } from 'node:path';
import { run } from './lib/site.mjs';
import { root } from './lib/stackConfig.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run check
The type check (astro check), the linter (ESLint) and the formatter's check (Prettier), each of every file.
It takes no arguments and needs no database.`,
});

/** @param {string} path */
const bin = (path) => join(root, 'node_modules', path);
const env = { ASTRO_TELEMETRY_DISABLED: '1' };
/** @type {string[]} */
const failed = [];

/**
 * Runs one step; notes its name when it fails.
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
async function step(name, args, extraEnv = {}) {
  console.log(`\ncheck: ${name}`);
  try {
    await run(process.execPath, args, { env: { ...env, ...extraEnv } });
  } catch {
    failed.push(name);
  }
}

await step('astro sync (types only)', [bin('astro/bin/astro.mjs'), 'sync'], { CHECK_TYPES_ONLY: '1' });
if (!failed.length)
  await step('types (astro check)', [
    bin('astro/bin/astro.mjs'),
    'check',
    '--noSync',
    '--minimumFailingSeverity',
    'warning',
  ]);
await step('lint (eslint)', [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.']);
await step('format (prettier)', [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']);
console.log(failed.length ? `\ncheck: failed (${failed.join(', ')})` : '\ncheck: types, lint and format clean');
process.exit(failed.length ? 1 : 0);

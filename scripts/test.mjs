// `npm test`: every test. First the type check and the linter (`npm run check`, counted as one test), then Vitest (the
// unit tests, then the database tests on their own fresh stack), then Playwright (which starts its own stack and
// build, see playwright.config.ts); prints `tests: N passed, N failed` for CI. A failed check fails the run, and the
// tests still run.
//   TEST_ONLY=check  only the type check and the linter
//   TEST_ONLY=unit   only Vitest (unit and database tests)
//   TEST_ONLY=e2e    only the browser tests
// Extra arguments go to Playwright (e.g. `npm test -- src/district/tests/e2e/districtTabs.spec.ts`).
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib/site.mjs';
import { root } from './lib/stackConfig.mjs';

// Its arguments are Playwright's (spec files, -g …), passed on as they are; --help is its own.
if (process.argv[2] === '--help' || process.argv[2] === '-h') {
  console.log(`Usage: npm test [-- PLAYWRIGHT ARGUMENTS…]
Every test: the check (npm run check), Vitest (unit, then database), Playwright; prints 'tests: N passed, N failed'.
  TEST_ONLY=check | unit | e2e   only that part
  TEST_PORT_BASE (25400)         the test stacks' ports
Arguments go to Playwright, e.g. npm test -- src/district/tests/e2e/districtTabs.spec.ts`);
  process.exit(0);
}

const only = process.env.TEST_ONLY ?? '';
const reports = mkdtempSync(join(tmpdir(), 'sbt-test-'));
// Both halves on the same ports, one after the other (Playwright's default).
const portBase = { TEST_PORT_BASE: process.env.TEST_PORT_BASE ?? '25400' };
const counts = { passed: 0, failed: 0 };
let exitedWithError = false;

/** @typedef {{ numPassedTests: number, numFailedTests: number, testResults?: { status: string, assertionResults?: { status: string }[] }[] }} VitestReport */
/** @typedef {{ stats: { expected: number, flaky: number, unexpected: number }, errors?: unknown[] }} PlaywrightReport */

/**
 * Runs a tool's CLI to the end; resolves with the JSON report it wrote, or null.
 * @param {string} cli
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {string} report
 * @returns {Promise<unknown>}
 */
async function runTool(cli, args, env, report) {
  try {
    await run(process.execPath, [join(root, cli), ...args], { env: { ...portBase, ...env } });
  } catch {
    exitedWithError = true;
  }
  return existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
}

if (only === '' || only === 'check') {
  try {
    await run(process.execPath, [join(root, 'scripts/check.mjs')]);
    counts.passed += 1;
  } catch {
    counts.failed += 1;
  }
}
if (only === '' || only === 'unit') {
  const report = join(reports, 'vitest.json');
  const json = /** @type {VitestReport | null} */ (
    await runTool(
      'node_modules/vitest/vitest.mjs',
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {},
      report,
    )
  );
  if (json) {
    counts.passed += json.numPassedTests;
    // A file that fails before its tests run (a hook, an import) counts as a failure too.
    const brokenFiles = (json.testResults ?? []).filter(
      (file) => file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'),
    );
    counts.failed += json.numFailedTests + brokenFiles.length;
  } else counts.failed += 1;
}
if (only === '' || only === 'e2e') {
  const report = join(reports, 'playwright.json');
  const json = /** @type {PlaywrightReport | null} */ (
    await runTool(
      'node_modules/@playwright/test/cli.js',
      ['test', ...process.argv.slice(2)],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      report,
    )
  );
  if (json) {
    counts.passed += json.stats.expected + json.stats.flaky;
    // An error outside any test (a web server that did not start, a file that did not load) counts as a failure too.
    counts.failed += json.stats.unexpected + (json.errors?.length ?? 0);
  } else counts.failed += 1;
}
rmSync(reports, { recursive: true, force: true });
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(exitedWithError || counts.failed ? 1 : 0);

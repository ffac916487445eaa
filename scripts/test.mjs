// `npm test`: every test. Starts a fresh embedded stack on test ports, runs the unit and database tests,
// loads the hostile-content district, builds the site against it, serves the build and runs the browser
// tests; then stops the database and runs the browser tests tagged @offline against the same build.
//   TEST_ONLY=unit   only Vitest (unit and database tests)
//   TEST_ONLY=e2e    only the browser tests
// Extra arguments go to Playwright (e.g. `npm test -- tests/e2e/district.spec.ts`).
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopOnExit } from './lib/stack.mjs';
import { startTestStack } from './lib/test-stack.mjs';
import { buildSite, previewSite, run } from './lib/site.mjs';
import { root } from './lib/config.mjs';
import { loadHostileFixtures } from '../tests/fixtures/hostile.mjs';
import { loadMailFixtures } from '../tests/fixtures/mail.mjs';

const only = process.env.TEST_ONLY ?? '';
// Below 32768: ports in Linux's ephemeral range (32768-60999) can be taken at random by outgoing connections.
const base = Number.parseInt(process.env.TEST_PORT_BASE ?? '25400', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-test-'));
const outDir = join(work, 'dist');
const counts = { passed: 0, failed: 0 };
let failure;

const { stack, env: testEnv } = await startTestStack(base, work);
let site;
const cleanup = async () => {
  await site?.stop();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
};
stopOnExit(async () => {}, cleanup);

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

try {
  if (only !== 'e2e') {
    const report = join(work, 'vitest.json');
    try {
      await run(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { env: testEnv });
    } catch (error) {
      failure ??= error;
    }
    const json = readJson(report);
    if (json) {
      counts.passed += json.numPassedTests;
      // A file that fails before its tests run (a hook, an import) counts as a failure too.
      const brokenFiles = (json.testResults ?? []).filter((file) => file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'));
      counts.failed += json.numFailedTests + brokenFiles.length;
    } else counts.failed += 1;
  }
  if (only !== 'unit') {
    await loadHostileFixtures(stack.dbUrl);
    await loadMailFixtures(stack.dbUrl);
    await buildSite(stack, { outDir });
    site = await previewSite(base + 29, { outDir });
    const playwright = async (name, args) => {
      const report = join(work, `playwright-${name}.json`);
      try {
        await run(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...args, ...process.argv.slice(2)], {
          env: { ...testEnv, SITE_URL: site.url, ASTRO_OUT_DIR: outDir, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
        });
      } catch (error) {
        failure ??= error;
      }
      const json = readJson(report);
      if (!json) counts.failed += 1;
      else if (json.stats.expected + json.stats.unexpected + json.stats.flaky === 0 && json.errors?.length === 0) return;
      else {
        counts.passed += json.stats.expected + json.stats.flaky;
        counts.failed += json.stats.unexpected;
      }
    };
    await playwright('online', ['--grep-invert', '@offline', '--pass-with-no-tests']);
    // The database goes away after the build: pre-rendered pages must still read, live parts must say so.
    await stack.stop();
    await playwright('offline', ['--grep', '@offline', '--pass-with-no-tests']);
  }
} catch (error) {
  failure ??= error;
  counts.failed += 1;
  console.error(error.message);
} finally {
  await cleanup();
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failure || counts.failed ? 1 : 0);

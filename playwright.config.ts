// Browser tests against the built site: Playwright starts a fresh embedded stack and builds the site against it
// (scripts/e2e-stack.mjs), serves the build as Netlify does (scripts/serve-site.mjs), runs the tests, then stops the database and runs
// the tests tagged @offline. `npm test` runs this after the unit and database tests.
import { defineConfig, devices, chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { browserTestPlaces, testStackEnv } from './scripts/lib/testStack.mjs';

const { base, work, siteUrl, controlUrl } = browserTestPlaces();
// The tests reach the stack through the environment, as the database tests do (supabase/tests/helpers.ts).
Object.assign(process.env, testStackEnv(base, work), { TEST_STACK_URL: controlUrl });

// Playwright's own Chromium when it is installed (`npx playwright install chromium`), else the system's.
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // not installed
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  },
};
const node = JSON.stringify(process.execPath);

export default defineConfig({
  // The site-wide tests, and each feature's own beside its code (src/district/tests/e2e).
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', 'src/**/*.spec.ts'],
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: { baseURL: siteUrl, trace: 'retain-on-failure' },
  // Started in this order, each once the one before answers; a run on CI starts its own.
  webServer: [
    {
      name: 'stack',
      command: `${node} scripts/e2e-stack.mjs`,
      url: controlUrl,
      // The stack, the demo seed and a full build, on a machine that may be busy.
      timeout: 10 * 60_000,
      // Postgres's fast shutdown, and the script stops the rest of the stack.
      gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
      reuseExistingServer: !process.env.CI,
    },
    {
      name: 'site',
      // Served as Netlify serves it: its 404 page, the redirects and headers of netlify.toml, and the search page's
      // function (rendered on demand; the build writes it to .netlify/v1/functions/).
      command: `${node} scripts/serve-site.mjs ${JSON.stringify(join(work, 'dist'))} ${base + 29}`,
      url: siteUrl,
      reuseExistingServer: !process.env.CI,
    },
  ],
  projects: [
    { name: 'online', grepInvert: /@offline/, use: browser },
    // After every online test (Playwright skips these when one of those failed): offline.spec.ts stops the database first.
    { name: 'offline', grep: /@offline/, dependencies: ['online'], use: browser },
  ],
});

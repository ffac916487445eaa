// The embedded stack the tests run against, on ports from `base`, and the environment the tests read it from. Used by
// the browser tests (scripts/e2e-stack.mjs, playwright.config.ts) and by the database tests (supabase/tests/globalSetup.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stackConfig } from './stackConfig.mjs';

/**
 * The test stack's ports from `base`: the API, Postgres, PostgREST and the mail catcher; the site is served at base + 29.
 * @param {number} base
 */
export function testPorts(base) {
  return { apiPort: base + 21, dbPort: base + 22, restPort: base + 31, smtpPort: base + 25, inboxPort: base + 24 };
}

/** The browser tests' places, from TEST_PORT_BASE: the stack's work folder, the built site's address, the stack's control address. */
export function browserTestPlaces(env = process.env) {
  // Below 32768: ports in Linux's ephemeral range (32768-60999) can be taken at random by outgoing connections.
  const base = Number.parseInt(env.TEST_PORT_BASE ?? '25400', 10);
  return {
    base,
    work: join(tmpdir(), `sbt-e2e-${base}`),
    siteUrl: `http://127.0.0.1:${base + 29}`,
    controlUrl: `http://127.0.0.1:${base + 30}`,
  };
}

/**
 * The environment the tests read the stack on ports from `base` from; computed, so it holds before the stack starts.
 * @param {number} base
 * @param {string} work
 */
export function testStackEnv(base, work) {
  const config = stackConfig({ ...testPorts(base), dataDir: join(work, 'postgres') });
  return {
    TEST_API_URL: config.apiUrl,
    // PostgREST itself, behind the gateway: for tests that send what hosted Supabase's platform sends it.
    TEST_REST_URL: `http://127.0.0.1:${config.restPort}`,
    TEST_DB_URL: config.dbUrl,
    TEST_ANON_KEY: config.anonKey,
    TEST_SERVICE_ROLE_KEY: config.serviceRoleKey,
    TEST_WORK_DIR: work,
    TEST_INBOX_URL: `http://127.0.0.1:${config.inboxPort}`,
    TEST_SMTP_PORT: String(config.smtpPort),
    TEST_SITE_URL: `http://127.0.0.1:${base + 29}`,
    PUBLIC_SUPABASE_URL: config.apiUrl,
    PUBLIC_SUPABASE_ANON_KEY: config.anonKey,
  };
}

/**
 * Starts a fresh stack with the demo seed in `work`, write limits lifted; resolves { stack, siteUrl, env }.
 * @param {number} base
 * @param {string} work
 */
export async function startTestStack(base, work) {
  // Imported here: playwright.config.ts reads testStackEnv in every worker and needs none of the servers.
  const { startStack } = await import('./embeddedStack.mjs');
  const { liftWriteLimits } = await import('./postgres.mjs');
  const env = testStackEnv(base, work);
  const stack = await startStack({
    ...testPorts(base),
    siteUrl: env.TEST_SITE_URL,
    dataDir: join(work, 'postgres'),
    reset: true,
    quiet: true,
  });
  // Every request comes from this machine: the per-client write limits would stop the suite, as they would a script.
  await liftWriteLimits(stack.dbUrl);
  return { stack, siteUrl: env.TEST_SITE_URL, env };
}

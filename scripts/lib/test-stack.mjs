// The embedded stack the tests run against, on ports from `base`, and the environment the tests read it from. Used by
// `npm test` (scripts/test.mjs) and by the database tests when they run alone (supabase/tests/global-setup.ts).
import { join } from 'node:path';
import { startStack } from './stack.mjs';
import { liftWriteLimits } from './postgres.mjs';

/** Starts a fresh stack with the demo seed in `work`, write limits lifted; resolves { stack, siteUrl, env }. */
export async function startTestStack(base, work) {
  const siteUrl = `http://127.0.0.1:${base + 29}`;
  const stack = await startStack({
    apiPort: base + 21, dbPort: base + 22, restPort: base + 31, smtpPort: base + 25, inboxPort: base + 24, siteUrl,
    dataDir: join(work, 'postgres'), reset: true, quiet: true,
  });
  // Every request comes from this machine: the per-client write limits would stop the suite, as they would a script.
  await liftWriteLimits(stack.dbUrl);
  const env = {
    TEST_API_URL: stack.apiUrl,
    TEST_DB_URL: stack.dbUrl,
    TEST_ANON_KEY: stack.anonKey,
    TEST_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    TEST_WORK_DIR: work,
    TEST_INBOX_URL: stack.inboxUrl,
    TEST_SMTP_PORT: String(stack.smtpPort),
    TEST_SITE_URL: siteUrl,
    PUBLIC_SUPABASE_URL: stack.apiUrl,
    PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
  };
  return { stack, siteUrl, env };
}

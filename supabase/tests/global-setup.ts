// The database tests' stack: when `npm test` started one (TEST_DB_URL is set), they use it; run on their own
// (`npx vitest run --project db`), they start a fresh embedded stack on TEST_PORT_BASE ports (default 25800) here,
// with the demo seed and the write limits lifted, and stop it afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_DB_URL) return;
  const { startStack } = await import('../../scripts/lib/stack.mjs');
  const { liftWriteLimits } = await import('../../scripts/lib/postgres.mjs');
  const base = Number.parseInt(process.env.TEST_PORT_BASE ?? '25800', 10);
  const work = mkdtempSync(join(tmpdir(), 'sbt-db-tests-'));
  const siteUrl = `http://127.0.0.1:${base + 29}`;
  const stack = await startStack({
    apiPort: base + 21, dbPort: base + 22, restPort: base + 31, smtpPort: base + 25, inboxPort: base + 24, siteUrl,
    dataDir: join(work, 'postgres'), reset: true, quiet: true,
  });
  await liftWriteLimits(stack.dbUrl);
  // The test files run in workers started after this, which inherit these.
  Object.assign(process.env, {
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
  });
  return async () => {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  };
}

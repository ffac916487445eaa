// `npm run stack` starts the embedded Supabase stack and keeps it running; `npm run db:reset` starts over.
//   --reset  delete the local database first (it is created again with the migrations and the demo seed)
//   --exit   stop again once the database is ready (for db:reset)
import { startStack, stopOnExit } from './lib/embeddedStack.mjs';

const args = new Set(process.argv.slice(2));
try {
  const stack = await startStack({ reset: args.has('--reset') });
  if (args.has('--exit')) {
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
  console.log('\nPress Ctrl-C to stop.');
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

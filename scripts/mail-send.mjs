// `npm run mail:send`: queues the digests that are due (one per confirmed subscription with new summaries) and
// sends every email of the outbox, retrying a failed one with backoff until it is sent or failed for good. Run it
// after each nightly build. Prints what it did; exits 1 when an email failed for good or the database is unreachable.
// SIGTERM or Ctrl-C ends the run after the email in flight; the next run sends the rest, each exactly once.
// Settings: see .env.example (SMTP_*, MAIL_FROM, SITE_URL, SUPABASE_SERVICE_ROLE_KEY); without them it uses the
// local stack of `npm start` and its mail catcher.
import { stackConfig } from './lib/config.mjs';
import { mailConfigFromEnv, queueDigests, sendDueEmails } from '../src/lib/node/mail-sender.ts';

const local = stackConfig();
const config = mailConfigFromEnv(process.env, { apiUrl: local.apiUrl, serviceKey: local.serviceRoleKey });
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`${signal}: stopping after the email in flight.`);
  });
}

try {
  const digests = await queueDigests(config);
  console.log(`Digests queued: ${digests.queued} (subscriptions with nothing new: ${digests.up_to_date}).`);
  const report = await sendDueEmails(config, { waitForRetries: true, shouldStop: () => stopping, log: (line) => console.log(line) });
  const failed = report.failures.filter((failure) => failure.final);
  console.log(`\nsent ${report.sent}, skipped ${digests.up_to_date}, failed ${failed.length}`);
  for (const failure of failed) console.log(`  failed: ${failure.recipient}: ${failure.error}`);
  process.exit(failed.length > 0 ? 1 : 0);
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

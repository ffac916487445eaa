// `npm run mail:send`: matches the records written or changed since the last run against the alerts, queues the
// digests that are due (one per confirmed subscription with new summaries) and the alert emails (one per address with
// matches of its alerts that are due, daily or weekly), and sends every email of the outbox, retrying a failed one with backoff until it is sent or failed for good. Run it
// after each nightly build. Prints what it did and what is not delivered yet (held by another run, and until when, or
// queued); exits 1 when an email failed for good, any email queued before it began sending is not delivered yet, or
// the database is unreachable (an email queued while it was sending is reported, and left to the next run).
// SIGTERM or Ctrl-C ends the run after the email in flight; the next run sends the rest, each exactly once.
// Settings: see .env.example (SMTP_*, MAIL_FROM, SITE_URL, SUPABASE_SERVICE_ROLE_KEY); without them it uses the
// local stack of `npm start` and its mail catcher.
import { hostname } from 'node:os';
import { stackConfig } from './lib/stackConfig.mjs';
import {
  describeOutboxLeft,
  mailConfigFromEnv,
  matchAlerts,
  outboxLeft,
  outboxNewest,
  queueAlertEmails,
  queueDigests,
  sendDueEmails,
} from '../src/alerts/node/mailSender.ts';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run mail:send
Matches new records against the alerts, queues the digests and alert emails due, and sends the outbox.
Settings (environment): see .env.example (SMTP_*, MAIL_FROM, SITE_URL, SUPABASE_SERVICE_ROLE_KEY).
It takes no arguments.`,
});

const local = stackConfig();
const config = mailConfigFromEnv(process.env, {
  apiUrl: local.apiUrl,
  serviceKey: local.serviceRoleKey,
  smtpPort: local.smtpPort,
  siteUrl: local.siteUrl,
});
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`${signal}: stopping after the email in flight.`);
  });
}

try {
  const matched = await matchAlerts(config);
  console.log(`Alerts matched: ${matched.queued} new matches in ${matched.records} new or changed records.`);
  const digests = await queueDigests(config);
  console.log(`Digests queued: ${digests.queued} (subscriptions with nothing new: ${digests.up_to_date}).`);
  const alerts = await queueAlertEmails(config);
  console.log(
    `Alert emails queued: ${alerts.queued}, listing ${alerts.matches} matches (waiting for a weekly or paused alert: ${alerts.waiting}).`,
  );
  // The run answers for what the outbox held when it began sending; an email queued later (a resident subscribing
  // meanwhile) is reported and left to the next run, not counted as this run's failure.
  const upTo = await outboxNewest(config);
  const report = await sendDueEmails(config, {
    waitForRetries: true,
    shouldStop: () => stopping,
    log: (line) => console.log(line),
  });
  const failed = report.failures.filter((failure) => failure.final);
  const left = await outboxLeft(config, null, upTo);
  const notSent = left.leases.reduce((sum, lease) => sum + lease.emails, 0) + left.queued.emails;
  console.log(`\nsent ${report.sent}, skipped ${digests.up_to_date}, failed ${failed.length}, not sent yet ${notSent}`);
  for (const failure of failed) console.log(`  failed: ${failure.recipient}: ${failure.error}`);
  for (const line of describeOutboxLeft(left, new Date(), hostname())) console.log(`  not sent yet: ${line}`);
  for (const problem of report.problems) console.log(`  left out: ${problem}`);
  process.exit(failed.length > 0 || notSent > 0 ? 1 : 0);
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

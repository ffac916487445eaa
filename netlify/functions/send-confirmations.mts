// Hosted: sends the queued confirmation emails (of a district's summaries or of an alert) every minute (a Netlify
// scheduled function), so a resident who subscribes gets the link within a minute. The same sender as `npm run mail:send` and the local stack's worker;
// digests stay with mail:send after the nightly build. Settings: the site's environment (see docs/email.md).
import {
  CONFIRMATION_KINDS,
  mailConfigFromEnv,
  missingMailSettings,
  sendDueEmails,
} from '../../src/alerts/node/mailSender.ts';

export default async function sendConfirmations(): Promise<Response> {
  const missing = missingMailSettings(process.env);
  if (missing.length > 0) {
    console.error(`send-confirmations: not configured, set ${missing.join(', ')}`);
    return new Response(`not configured: ${missing.join(', ')}\n`, { status: 500 });
  }
  // Hosted, every setting comes from the environment (missingMailSettings above): these defaults are never used.
  const config = mailConfigFromEnv(process.env, { apiUrl: '', serviceKey: '', smtpPort: 587, siteUrl: '' });
  // A scheduled function has 30 seconds: stop claiming after 20 and leave the rest to the next minute.
  const deadline = Date.now() + 20_000;
  // A sent email whose record fails is tried again for the rest of the function's time, never sent again.
  const report = await sendDueEmails(config, {
    kinds: CONFIRMATION_KINDS,
    shouldStop: () => Date.now() > deadline,
    log: console.log,
    recordForMs: 8_000,
  });
  for (const failure of report.failures)
    console.error(
      `send-confirmations: ${failure.final ? 'failed for good' : 'will retry'}: ${failure.recipient}: ${failure.error}`,
    );
  return new Response(`sent ${report.sent}, failed ${report.failures.length}\n`);
}

export const config = { schedule: '* * * * *' };

// The local stack's mail: a mail catcher (maildev) that keeps every email the site sends and shows them in a web
// inbox, as the Supabase CLI's local stack does, and a worker that sends queued confirmation emails within seconds.
import MailDev from 'maildev';
import { CONFIRMATION_KINDS, sendDueEmails } from '../../src/alerts/node/mailSender.ts';

/**
 * Starts maildev: SMTP on smtpPort, the web inbox and its JSON API (/email) on webPort, both on 127.0.0.1.
 * @param {{ smtpPort: number, webPort: number }} ports
 */
export async function startMailCatcher({ smtpPort, webPort }) {
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => maildev.listen((error) => (error ? reject(error) : resolve())))
  );
  return { stop: () => /** @type {Promise<void>} */ (new Promise((resolve) => maildev.close(() => resolve()))) };
}

/** How often the worker looks for queued confirmations. */
const WORKER_INTERVAL_MS = 1000;
/** A round slower than this for each email it sent (or sending none) is said: a reader waits as long. */
const SLOW_ROUND_MS = 5000;

/**
 * Sends queued confirmation emails every second until stopped (digests wait for `npm run mail:send`). `log` hears
 * each email sent; `warn` hears what keeps a confirmation from arriving within seconds, even from a quiet stack (the
 * tests'): a round that failed (once until the next success), an email that could not be sent, a round slower than
 * five seconds an email. None of them stops the stack.
 * @param {import('../../src/alerts/node/mailSender.ts').MailConfig} config
 * @param {{ log?: (line: string) => void, warn?: (line: string) => void }} [options]
 */
export function startMailWorker(config, { log = () => {}, warn = log } = {}) {
  let stopped = false;
  let lastError = '';
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let running = Promise.resolve();
  const tick = async () => {
    const started = Date.now();
    try {
      const report = await sendDueEmails(config, { kinds: CONFIRMATION_KINDS, shouldStop: () => stopped, log });
      lastError = '';
      // Said by sendDueEmails to log already, when warn is log.
      if (warn !== log)
        for (const failure of report.failures)
          warn(
            `mail worker: ${failure.final ? 'gave up on' : 'will try again'} an email to ${failure.recipient}: ${failure.error}`,
          );
      const took = Date.now() - started;
      // A long queue makes a long round (362 emails in 68 s in a db test run), not a slow one.
      if (took > SLOW_ROUND_MS * Math.max(1, report.sent))
        warn(`mail worker: a round took ${(took / 1000).toFixed(1)} s (${report.sent} sent)`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastError) warn(`mail worker: ${message}`);
      lastError = message;
    }
    if (!stopped)
      timer = setTimeout(() => {
        running = tick();
      }, WORKER_INTERVAL_MS);
  };
  running = tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

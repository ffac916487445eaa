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

/**
 * Sends queued confirmation emails every second until stopped (digests wait for `npm run mail:send`). A failure is
 * logged once until the next success, and never stops the stack.
 * @param {import('../../src/alerts/node/mailSender.ts').MailConfig} config
 * @param {{ log?: (line: string) => void }} [options]
 */
export function startMailWorker(config, { log = () => {} } = {}) {
  let stopped = false;
  let lastError = '';
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let running = Promise.resolve();
  const tick = async () => {
    try {
      await sendDueEmails(config, { kinds: CONFIRMATION_KINDS, shouldStop: () => stopped, log });
      lastError = '';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastError) log(`mail worker: ${message}`);
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

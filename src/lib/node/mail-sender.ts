// The one sender of the site's email (Node only): claims emails from the outbox, writes them (emails.ts) and sends
// them over SMTP with nodemailer, then records each result. `npm run mail:send`, the local stack's worker and the
// hosted scheduled function all run sendDueEmails(); only the kinds and the waiting differ.
// Imports carry their .ts extension: Node loads this file itself.
import nodemailer, { type Transporter } from 'nodemailer';
import { PostgrestClient } from '@supabase/postgrest-js';
import { JSDOM } from 'jsdom';
import { createJsdomSanitizer } from './sanitize-jsdom.ts';
import { confirmationEmail, digestEmail, type ConfirmationPayload, type DigestPayload, type Email, type HtmlToText, type MailLinks } from '../mail/emails.ts';

export type EmailKind = 'confirmation' | 'digest';

export interface MailConfig {
  /** PostgREST's base, e.g. http://127.0.0.1:54321 (the sender reads /rest/v1 with the service key). */
  apiUrl: string;
  serviceKey: string;
  links: MailLinks;
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string };
  from: string;
  /** Attempts per email before it is failed for good. */
  maxAttempts: number;
  /** The wait before the second attempt; doubled for each one after. */
  retrySeconds: number;
}

/** One row of public.email_outbox as claim_emails() answers it. */
interface OutboxRow {
  id: number;
  kind: EmailKind;
  recipient: string;
  payload: unknown;
  attempts: number;
}

export interface SendReport {
  sent: number;
  /** Each failed attempt, by address; `final` when it was the last. */
  failures: { id: number; recipient: string; error: string; final: boolean }[];
}

/** What a hosted sender cannot run without; empty when nothing is missing. */
export function missingMailSettings(env: Record<string, string | undefined>): string[] {
  return ['PUBLIC_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SITE_URL', 'SMTP_HOST', 'MAIL_FROM'].filter((name) => !env[name]);
}

/** The settings from the environment; `defaults` are the local stack's (see scripts/lib/config.mjs). */
export function mailConfigFromEnv(env: Record<string, string | undefined>, defaults: { apiUrl: string; serviceKey: string }): MailConfig {
  const apiUrl = env.PUBLIC_SUPABASE_URL || defaults.apiUrl;
  return {
    apiUrl,
    serviceKey: env.SUPABASE_SERVICE_ROLE_KEY || defaults.serviceKey,
    links: { siteUrl: env.SITE_URL || 'http://localhost:4321', apiUrl },
    smtp: {
      host: env.SMTP_HOST || '127.0.0.1',
      port: Number.parseInt(env.SMTP_PORT || '54325', 10),
      secure: env.SMTP_SECURE === 'true',
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASS || undefined,
    },
    from: env.MAIL_FROM || 'School Board Summaries <summaries@example.org>',
    maxAttempts: Number.parseInt(env.MAIL_MAX_ATTEMPTS || '4', 10),
    retrySeconds: Number.parseInt(env.MAIL_RETRY_SECONDS || '30', 10),
  };
}

/** The wait before attempt n + 1, after n failed attempts. */
export function retryDelaySeconds(attempts: number, base: number): number {
  return base * 2 ** Math.max(attempts - 1, 0);
}

/** Sanitised rich text as plain text: the sanitiser's output read back as text, so a digest never quotes markup. */
export function createHtmlToText(): HtmlToText {
  const sanitize = createJsdomSanitizer();
  const { document } = new JSDOM('').window;
  return (html) => {
    const holder = document.createElement('div');
    holder.innerHTML = sanitize(html);
    // Block ends become spaces, so 'a</p><p>b' reads 'a b'.
    for (const block of holder.querySelectorAll('p, li, br, h1, h2, h3, h4, h5, h6, tr, div')) block.append(' ');
    return holder.textContent ?? '';
  };
}

export function writeEmail(row: OutboxRow, links: MailLinks, htmlToText: HtmlToText): Email {
  if (row.kind === 'confirmation') return confirmationEmail(row.payload as ConfirmationPayload, links);
  return digestEmail(row.payload as DigestPayload, links, htmlToText);
}

function database(config: MailConfig) {
  return new PostgrestClient(`${config.apiUrl}/rest/v1`, {
    headers: { apikey: config.serviceKey, Authorization: `Bearer ${config.serviceKey}` },
  });
}

async function call<T>(request: PromiseLike<{ data: T | null; error: { message: string } | null }>, what: string): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(`${what} failed: ${error.message}`);
  return data as T;
}

/** Queues the digests that are due (queue_digests()); answers how many were queued and how many had nothing new. */
export async function queueDigests(config: MailConfig): Promise<{ queued: number; up_to_date: number }> {
  return call(database(config).rpc('queue_digests'), 'queue_digests');
}

export interface SendOptions {
  kinds?: EmailKind[];
  /** Keep going until every email is sent or failed for good, sleeping until each retry is due (mail:send). */
  waitForRetries?: boolean;
  /** Checked between emails: true ends the run after the email in flight (SIGTERM, Ctrl-C). */
  shouldStop?: () => boolean;
  log?: (line: string) => void;
  transport?: Transporter;
}

/** Sends every due email of the outbox, one claimed at a time, each recorded as sent or failed before the next. */
export async function sendDueEmails(config: MailConfig, options: SendOptions = {}): Promise<SendReport> {
  const { kinds = null, waitForRetries = false, shouldStop = () => false, log = () => {} } = options;
  const db = database(config);
  const transport = options.transport ?? nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass ?? '' } : undefined,
  });
  // jsdom is loaded only when a digest is written: a confirmation needs no sanitiser.
  let htmlToText: HtmlToText | undefined;
  const readHtml: HtmlToText = (html) => (htmlToText ??= createHtmlToText())(html);
  const domain = new URL(config.links.siteUrl).hostname;
  const report: SendReport = { sent: 0, failures: [] };
  try {
    while (!shouldStop()) {
      const [row] = await call<OutboxRow[]>(db.rpc('claim_emails', { max_count: 1, lease_seconds: 120, kinds }), 'claim_emails');
      if (!row) {
        if (!waitForRetries) break;
        const wait = await nextRetryIn(db, kinds);
        if (wait === null) break;
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      // The same Message-ID on every attempt: a resend after a crash is recognised as the same email.
      const messageId = `<email-${row.id}@${domain}>`;
      try {
        const email = writeEmail(row, config.links, readHtml);
        await transport.sendMail({ from: config.from, to: row.recipient, messageId, ...email });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const state = await call<string>(
          db.rpc('email_failed', { outbox_id: row.id, error: message, max_attempts: config.maxAttempts, retry_after_seconds: retryDelaySeconds(row.attempts, config.retrySeconds) }),
          'email_failed',
        );
        const final = state === 'failed';
        report.failures.push({ id: row.id, recipient: row.recipient, error: message, final });
        log(`${final ? 'failed for good' : `failed (attempt ${row.attempts} of ${config.maxAttempts}, will retry)`}: ${row.kind} to ${row.recipient}: ${message}`);
        continue;
      }
      await call(db.rpc('email_sent', { outbox_id: row.id, message_id: messageId }), 'email_sent');
      report.sent += 1;
      log(`sent: ${row.kind} to ${row.recipient}`);
    }
  } finally {
    if (!options.transport) transport.close();
  }
  return report;
}

/** Milliseconds until the next queued email of these kinds is due, or null when none is queued. */
async function nextRetryIn(db: PostgrestClient, kinds: EmailKind[] | null): Promise<number | null> {
  let query = db.from('email_outbox').select('next_attempt_at').eq('state', 'queued').order('next_attempt_at').limit(1);
  if (kinds) query = query.in('kind', kinds);
  const rows = await call<{ next_attempt_at: string }[]>(query, 'reading the outbox');
  if (rows.length === 0) return null;
  return Math.max(Date.parse(rows[0].next_attempt_at) - Date.now(), 0) + 50;
}

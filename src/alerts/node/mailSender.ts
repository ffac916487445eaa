// The one sender of the site's email (Node only): claims emails from the outbox, writes them (emails.ts) and sends
// them over SMTP with nodemailer, then records each result. `npm run mail:send`, the local stack's worker and the
// hosted scheduled function all run sendDueEmails(); only the kinds and the waiting differ.
// Imports carry their .ts extension: Node loads this file itself.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import nodemailer, { type Transporter } from 'nodemailer';
import { PostgrestClient } from '@supabase/postgrest-js';
import {
  confirmationEmail,
  digestEmail,
  type ConfirmationPayload,
  type DigestPayload,
  type Email,
  type HtmlToText,
  type MailLinks,
} from '../emails.ts';
import {
  alertConfirmationEmail,
  alertEmail,
  type AlertConfirmationPayload,
  type AlertEmailPayload,
  type MarkedPart,
  type SnippetReader,
} from '../alertEmails.ts';
import { mailLocale } from '../mailText.ts';
import { htmlToText as htmlToPlainText } from '../../lib/htmlText.ts';

export type EmailKind = 'confirmation' | 'digest' | 'alert_confirmation' | 'alert';
/** The emails someone waits for (sent within seconds by the worker, within a minute hosted): the confirmations. */
export const CONFIRMATION_KINDS: EmailKind[] = ['confirmation', 'alert_confirmation'];

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
  /** Emails taken back from runs on this machine whose process is gone, to be sent by this run. */
  released: number;
  /** Rich text left out of an email because it is over the sanitiser's bounds, by table and id. */
  problems: string[];
}

/** How long a claimed email is held for its run; a working run renews it every HEARTBEAT_MS. */
export const LEASE_SECONDS = 30;
const HEARTBEAT_MS = 5_000;
/** How long a run waits, before it ends, for emails other senders hold (the local worker's confirmation in flight). */
const OTHER_RUNS_WAIT_MS = 2_000;
/**
 * How long a run keeps trying to record an email the SMTP server accepted (an API or database outage) before it stops
 * and says how to record it by hand. It never sends that email again.
 */
const RECORD_FOR_MS = 15 * 60_000;

/** The emails one run holds now, as mail_leases() answers them. */
export interface Lease {
  run_id: string | null;
  host: string | null;
  pid: number | null;
  seen_at: string | null;
  emails: number;
  kinds: EmailKind[];
  lease_until: string;
}

/**
 * What the outbox still holds that is not delivered: held by runs, or queued (`next` is when the first is due).
 * `arrived`: emails queued after the run began sending (a resident subscribing meanwhile); they are the next run's,
 * not this run's failure.
 */
export interface OutboxLeft {
  leases: Lease[];
  queued: { emails: number; next: string | null };
  arrived?: number;
}

/** What a hosted sender cannot run without; empty when nothing is missing. */
export function missingMailSettings(env: Record<string, string | undefined>): string[] {
  return ['PUBLIC_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SITE_URL', 'SMTP_HOST', 'MAIL_FROM'].filter(
    (name) => !env[name],
  );
}

/**
 * The settings from the environment; `defaults` are the local stack's (scripts/lib/stackConfig.mjs: its API, its mail
 * catcher's SMTP port and the site npm start serves, all moved together by API_PORT and PORT), so a second stack never
 * mails through the first one's catcher or with its links.
 */
export function mailConfigFromEnv(
  env: Record<string, string | undefined>,
  defaults: { apiUrl: string; serviceKey: string; smtpPort: number; siteUrl: string },
): MailConfig {
  const apiUrl = env.PUBLIC_SUPABASE_URL || defaults.apiUrl;
  return {
    apiUrl,
    serviceKey: env.SUPABASE_SERVICE_ROLE_KEY || defaults.serviceKey,
    links: { siteUrl: env.SITE_URL || defaults.siteUrl, apiUrl },
    smtp: {
      host: env.SMTP_HOST || '127.0.0.1',
      port: env.SMTP_PORT ? Number.parseInt(env.SMTP_PORT, 10) : defaults.smtpPort,
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

/**
 * What writing a digest or an alert email takes from the sanitiser: summaries as text, the check of their bounds, and
 * a snippet (escaped HTML with <mark>) read back as text parts.
 */
export interface DigestText {
  htmlToText: HtmlToText;
  outOfBounds: (html: string) => string | null;
  readSnippet: SnippetReader;
}

/**
 * The sanitiser for digests, loaded (with jsdom, seconds on a busy machine) only when a run first writes one: a run
 * of confirmations, or one with nothing to send, needs none. Summaries become the sanitiser's output read back as
 * text, so a digest never quotes markup.
 */
export async function loadDigestText(): Promise<DigestText> {
  // One after the other: jsdom requires parse5, which the sanitiser imports, and Node refuses both at once.
  const { createJsdomSanitizer, richTextProblem } = await import('../../lib/node/sanitizeJsdom.ts');
  const { JSDOM } = await import('jsdom');
  const sanitize = createJsdomSanitizer();
  const { document } = new JSDOM('').window;
  // The sanitiser's output read as words on one line, as the search's index reads it.
  const htmlToText: HtmlToText = (html) => htmlToPlainText(sanitize(html), 'inline');
  // Text nodes in order, marked inside a <mark>: nothing of the snippet is ever used as HTML.
  const readSnippet: SnippetReader = (html) => {
    const holder = document.createElement('div');
    holder.innerHTML = sanitize(html);
    const parts: MarkedPart[] = [];
    const walk = (node: Node, marked: boolean) => {
      for (const child of node.childNodes) {
        if (child.nodeType === child.TEXT_NODE) {
          const text = child.textContent ?? '';
          const last = parts.at(-1);
          if (last && last.marked === marked) last.text += text;
          else if (text) parts.push({ text, marked });
        } else walk(child, marked || child.nodeName === 'MARK');
      }
    };
    walk(holder, false);
    return parts;
  };
  return { htmlToText, outOfBounds: richTextProblem, readSnippet };
}

/** Whether writing this kind of email needs the sanitiser. */
const needsSanitiser = (kind: EmailKind) => kind === 'digest' || kind === 'alert';

/** An outbox row's email, in the subscriber's language; a digest or an alert email needs the sanitiser (loadDigestText). */
export function writeEmail(row: OutboxRow, links: MailLinks, digestText: DigestText | undefined): Email {
  const locale = mailLocale((row.payload as { language?: unknown }).language);
  if (row.kind === 'confirmation') return confirmationEmail(row.payload as ConfirmationPayload, links, locale);
  if (row.kind === 'alert_confirmation')
    return alertConfirmationEmail(row.payload as AlertConfirmationPayload, links, locale);
  if (!digestText) throw new Error(`a ${row.kind} email is written with the sanitiser (loadDigestText)`);
  if (row.kind === 'alert') return alertEmail(row.payload as AlertEmailPayload, links, digestText.readSnippet, locale);
  return digestEmail(row.payload as DigestPayload, links, digestText.htmlToText, locale);
}

/** The summaries of a digest over the sanitiser's bounds, by table and id: the digest quotes nothing of them. */
export function digestProblems(payload: DigestPayload, outOfBounds: DigestText['outOfBounds']): string[] {
  return payload.meetings.flatMap((meeting) => {
    const problem = meeting.summary ? outOfBounds(meeting.summary) : null;
    return problem ? [`meetings row id=${meeting.id}: summary: ${problem}; the digest quotes none of it`] : [];
  });
}

/** A time as reports print it: '2026-11-26 14:03:22 UTC'. */
export function reportTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What is not delivered yet, one line each: who holds it and from when another run may send it, or when it is due. */
export function describeOutboxLeft(left: OutboxLeft, now: Date, thisHost: string): string[] {
  const lines = left.leases.map((lease) => {
    const what = `${plural(lease.emails, 'email')} (${lease.kinds.join(', ')})`;
    if (!lease.run_id || lease.pid === null)
      return `${what} held by an older sender until ${reportTime(lease.lease_until)}, then sent by the next run`;
    const where = lease.host === thisHost ? 'this machine' : lease.host;
    const seen = lease.seen_at
      ? `, last seen ${Math.max(0, Math.round((now.getTime() - Date.parse(lease.seen_at)) / 1000))} s ago`
      : '';
    return `${what} held by a run on ${where} (process ${lease.pid}${seen}): that run sends them; if it has stopped, the next run sends them from ${reportTime(lease.lease_until)}`;
  });
  if (left.queued.emails > 0) {
    const due =
      left.queued.next && Date.parse(left.queued.next) > now.getTime()
        ? `the first due ${reportTime(left.queued.next)}`
        : 'due now';
    lines.push(`${plural(left.queued.emails, 'email')} queued (${due}): the next run sends them`);
  }
  if (left.arrived)
    lines.push(`${plural(left.arrived, 'email')} queued while this run was sending: the next run sends them`);
  return lines;
}

function database(config: MailConfig) {
  return new PostgrestClient(`${config.apiUrl}/rest/v1`, {
    headers: { apikey: config.serviceKey, Authorization: `Bearer ${config.serviceKey}` },
  });
}

async function call<T>(
  request: PromiseLike<{ data: T | null; error: { message: string } | null }>,
  what: string,
): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(`${what} failed: ${error.message}`);
  return data as T;
}

/**
 * Matches the records written or changed since the last run against the alerts (match_alerts()): each new (alert,
 * record) pair is noted once, to be sent by queueAlertEmails.
 */
export async function matchAlerts(config: MailConfig): Promise<{ run_id: number; records: number; queued: number }> {
  return call(database(config).rpc('match_alerts', {}), 'match_alerts');
}

/** Queues one email per address with its alerts' unsent matches that are due (queue_alert_emails()). */
export async function queueAlertEmails(
  config: MailConfig,
): Promise<{ queued: number; matches: number; waiting: number }> {
  return call(database(config).rpc('queue_alert_emails'), 'queue_alert_emails');
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
  /** How long to keep trying to record a sent email through an outage (default 15 minutes). */
  recordForMs?: number;
}

/** Whether a process of this machine is gone (a process of another user still counts as there). */
function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The emails runs hold now (mail_leases()). */
async function leases(db: PostgrestClient): Promise<Lease[]> {
  return call<Lease[]>(db.rpc('mail_leases'), 'mail_leases');
}

/**
 * Takes back at once the emails held by runs of this machine whose process is gone (a mail:send killed midway), so
 * they go now instead of when their lease ends. Answers how many.
 */
async function releaseGoneRuns(db: PostgrestClient, log: (line: string) => void): Promise<number> {
  const thisHost = hostname();
  let released = 0;
  for (const lease of await leases(db)) {
    if (
      !lease.run_id ||
      lease.host !== thisHost ||
      lease.pid === null ||
      lease.pid === process.pid ||
      !processGone(lease.pid)
    )
      continue;
    const count = await call<number>(db.rpc('release_mail_run', { run_id: lease.run_id }), 'release_mail_run');
    released += count;
    if (count > 0)
      log(
        `taken back: ${plural(count, 'email')} (${lease.kinds.join(', ')}) held by a run on this machine that is gone (process ${lease.pid}), queued to go now`,
      );
  }
  return released;
}

/** The newest email of the outbox (0 when empty): what a run is answerable for once it starts sending. */
export async function outboxNewest(config: MailConfig): Promise<number> {
  const { data, error } = await database(config)
    .from('email_outbox')
    .select('id')
    .order('id', { ascending: false })
    .limit(1);
  if (error) throw new Error(`reading the outbox failed: ${error.message}`);
  return (data as { id: number }[])[0]?.id ?? 0;
}

/**
 * What the outbox holds that is not delivered (of these kinds, or all): the leases and the queued emails. With
 * `upTo` (the outbox's newest email when the run began sending), emails queued after it are counted apart, as
 * `arrived`.
 */
export async function outboxLeft(
  config: MailConfig,
  kinds: EmailKind[] | null = null,
  upTo: number | null = null,
): Promise<OutboxLeft> {
  const db = database(config);
  const queuedOnes = (range: 'upTo' | 'after', head: boolean) => {
    let query = db
      .from('email_outbox')
      .select('next_attempt_at', { count: 'exact', head })
      .eq('state', 'queued')
      .order('next_attempt_at')
      .limit(1);
    if (kinds) query = query.in('kind', kinds);
    if (upTo !== null) query = range === 'upTo' ? query.lte('id', upTo) : query.gt('id', upTo);
    return query;
  };
  const { data, error, count } = await queuedOnes('upTo', false);
  if (error) throw new Error(`reading the outbox failed: ${error.message}`);
  let held = (await leases(db)).filter((lease) => !kinds || lease.kinds.some((kind) => kinds.includes(kind)));
  let arrived = 0;
  if (upTo !== null) {
    const later = await queuedOnes('after', true);
    if (later.error) throw new Error(`reading the outbox failed: ${later.error.message}`);
    // Emails queued later that another sender is sending now are the arrivals too, not this run's leftovers.
    let sendingLater = db.from('email_outbox').select('run_id').eq('state', 'sending').gt('id', upTo);
    if (kinds) sendingLater = sendingLater.in('kind', kinds);
    const sending = await sendingLater;
    if (sending.error) throw new Error(`reading the outbox failed: ${sending.error.message}`);
    const laterByRun = new Map<string | null, number>();
    for (const row of sending.data as { run_id: string | null }[])
      laterByRun.set(row.run_id, (laterByRun.get(row.run_id) ?? 0) + 1);
    held = held
      .map((lease) => ({ ...lease, emails: lease.emails - (laterByRun.get(lease.run_id) ?? 0) }))
      .filter((lease) => lease.emails > 0);
    arrived = (later.count ?? 0) + sending.data.length;
  }
  return {
    leases: held,
    queued: { emails: count ?? 0, next: (data as { next_attempt_at: string }[] | null)?.[0]?.next_attempt_at ?? null },
    arrived,
  };
}

/** Records a sent email, trying again through an outage of the API or the database: the email is never sent twice. */
async function recordSent(
  db: PostgrestClient,
  row: OutboxRow,
  messageId: string,
  log: (line: string) => void,
  recordForMs: number,
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await call(db.rpc('email_sent', { outbox_id: row.id, message_id: messageId }), 'email_sent');
      if (attempt > 1) log(`recorded: ${row.kind} to ${row.recipient}, after ${attempt} tries`);
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (Date.now() - started >= recordForMs) {
        throw new UnrecordedEmail(
          `${row.kind} to ${row.recipient} was sent (Message-ID ${messageId}) but could not be recorded (${message}). Record it before the next ` +
            `run, or it is sent again: update public.email_outbox set state = 'sent', sent_at = now(), lease_until = null, run_id = null where id = ${row.id};`,
        );
      }
      if (attempt === 1)
        log(
          `sent: ${row.kind} to ${row.recipient}, but recording it failed (${message}); trying again until it is recorded, never sending it again`,
        );
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** (attempt - 1), 5_000)));
    }
  }
}

/** A sent email that could not be recorded: its run must not give it back to the queue. */
class UnrecordedEmail extends Error {}

/**
 * Sends every due email of the outbox, one claimed at a time, each recorded as sent or failed before the next. The
 * run holds each email under a lease it renews while it works; when it ends, anything it still holds is queued again.
 */
export async function sendDueEmails(config: MailConfig, options: SendOptions = {}): Promise<SendReport> {
  const {
    kinds = null,
    waitForRetries = false,
    shouldStop = () => false,
    log = () => {},
    recordForMs = RECORD_FOR_MS,
  } = options;
  const db = database(config);
  const run = { run_id: randomUUID(), run_host: hostname(), run_pid: process.pid };
  const transport =
    options.transport ??
    nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass ?? '' } : undefined,
    });
  let digestText: DigestText | undefined;
  const domain = new URL(config.links.siteUrl).hostname;
  const report: SendReport = { sent: 0, failures: [], released: 0, problems: [] };
  const heartbeat = setInterval(() => {
    db.rpc('renew_mail_run', { run_id: run.run_id, lease_seconds: LEASE_SECONDS }).then(
      () => {},
      () => {}, // an outage: the next beat tries again, and the lease outlasts a few missed ones
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let [claimed, unrecorded] = [false, false];
  // Since when other senders have held emails this run could otherwise end without.
  let othersHoldSince: number | null = null;
  try {
    report.released = await releaseGoneRuns(db, log);
    while (!shouldStop()) {
      const [row] = await call<OutboxRow[]>(
        db.rpc('claim_emails', { ...run, max_count: 1, lease_seconds: LEASE_SECONDS, kinds }),
        'claim_emails',
      );
      if (!row) {
        if (!waitForRetries) break;
        const retry = await nextRetryIn(db, kinds);
        const othersHold = await heldByOthers(db, kinds);
        othersHoldSince = othersHold ? (othersHoldSince ?? Date.now()) : null;
        const waitForOthers =
          othersHoldSince !== null && Date.now() - othersHoldSince < OTHER_RUNS_WAIT_MS ? 250 : null;
        const waits = [retry, waitForOthers].filter((wait): wait is number => wait !== null);
        if (waits.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(...waits)));
        continue;
      }
      claimed = true;
      if (needsSanitiser(row.kind)) digestText ??= await loadDigestText();
      if (row.kind === 'digest' && digestText) {
        for (const problem of digestProblems(row.payload as DigestPayload, digestText.outOfBounds)) {
          if (report.problems.includes(problem)) continue;
          report.problems.push(problem);
          log(problem);
        }
      }
      // The same Message-ID on every attempt: a resend after a crash is recognised as the same email.
      const messageId = `<email-${row.id}@${domain}>`;
      try {
        const email = writeEmail(row, config.links, digestText);
        await transport.sendMail({ from: config.from, to: row.recipient, messageId, ...email });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const state = await call<string>(
          db.rpc('email_failed', {
            outbox_id: row.id,
            error: message,
            max_attempts: config.maxAttempts,
            retry_after_seconds: retryDelaySeconds(row.attempts, config.retrySeconds),
          }),
          'email_failed',
        );
        const final = state === 'failed';
        report.failures.push({ id: row.id, recipient: row.recipient, error: message, final });
        log(
          `${final ? 'failed for good' : `failed (attempt ${row.attempts} of ${config.maxAttempts}, will retry)`}: ${row.kind} to ${row.recipient}: ${message}`,
        );
        continue;
      }
      // The SMTP server has it: from here only the record is tried again, never the send.
      try {
        await recordSent(db, row, messageId, log, recordForMs);
      } catch (error) {
        unrecorded = error instanceof UnrecordedEmail;
        throw error;
      }
      report.sent += 1;
      log(`sent: ${row.kind} to ${row.recipient}`);
    }
  } finally {
    clearInterval(heartbeat);
    if (!options.transport) transport.close();
    // Whatever the run still holds (nothing, unless a claim's answer was lost) is queued again. Not a sent email that
    // could not be recorded: given back, it would go out twice.
    if (claimed && !unrecorded)
      await db.rpc('release_mail_run', { run_id: run.run_id }).then(
        () => {},
        () => {},
      );
  }
  return report;
}

/** Whether other senders hold emails of these kinds now. */
async function heldByOthers(db: PostgrestClient, kinds: EmailKind[] | null): Promise<boolean> {
  let query = db.from('email_outbox').select('id').eq('state', 'sending').limit(1);
  if (kinds) query = query.in('kind', kinds);
  return (await call<{ id: number }[]>(query, 'reading the outbox')).length > 0;
}

/** Milliseconds until the next queued email of these kinds is due, or null when none is queued. */
async function nextRetryIn(db: PostgrestClient, kinds: EmailKind[] | null): Promise<number | null> {
  let query = db.from('email_outbox').select('next_attempt_at').eq('state', 'queued').order('next_attempt_at').limit(1);
  if (kinds) query = query.in('kind', kinds);
  const rows = await call<{ next_attempt_at: string }[]>(query, 'reading the outbox');
  if (rows.length === 0) return null;
  return Math.max(Date.parse(rows[0].next_attempt_at) - Date.now(), 0) + 50;
}

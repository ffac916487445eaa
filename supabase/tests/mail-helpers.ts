// Helpers for the email tests: the test stack's mail catcher (maildev's JSON API) and `npm run mail:send` run as
// a child process against the test stack, as an operator runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from './helpers';

const script = fileURLToPath(new URL('../../scripts/mail-send.mjs', import.meta.url));

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through \`npm test\`, which starts the stack and its mail catcher.`);
  return value;
}

/** An email as the catcher's JSON API shows it. */
export interface CaughtEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  to: { address: string }[];
}

/** Every email the catcher holds for this address (addresses in tests are unique). */
export async function inboxOf(address: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${required('TEST_INBOX_URL')}/email`);
  const all = (await response.json()) as CaughtEmail[];
  return all.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** The first link in a text that starts with this address prefix. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`${escaped}[^\\s>]*`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return match[0];
}

/** The environment of a mail:send run against the test stack; `extra` overrides it. */
export function mailSendEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PUBLIC_SUPABASE_URL: required('TEST_API_URL'),
    SUPABASE_SERVICE_ROLE_KEY: required('TEST_SERVICE_ROLE_KEY'),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: required('TEST_SMTP_PORT'),
    SITE_URL: required('TEST_SITE_URL'),
    MAIL_RETRY_SECONDS: '0',
    ...extra,
  };
}

/** Starts `npm run mail:send`'s script; the caller may signal it. */
export function startMailSend(extra: Record<string, string> = {}): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, [script], { env: mailSendEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { child, done };
}

/** Runs `npm run mail:send` to its end. */
export function runMailSend(extra: Record<string, string> = {}) {
  return startMailSend(extra).done;
}

/**
 * A district of its own, so what a test adds shows on no page other tests read. No state: it is listed on no state
 * page either.
 */
export async function newDistrict(name = `Mail Test District ${crypto.randomUUID().slice(0, 8)}`): Promise<number> {
  const [row] = await sql<{ id: string }>('insert into public.districts (name) values ($1) returning id', [name]);
  return Number(row.id);
}

/** A subscription that is already confirmed (as if its link was opened a minute ago). */
export async function confirmedSubscriber(districtId: number, email = `parent-${crypto.randomUUID()}@example.org`) {
  const [row] = await sql<{ id: string; unsubscribe_token: string }>(
    `insert into public.subscriptions (email, district_id, confirmed_at, digest_through)
     values ($1, $2, now() - interval '1 minute', now() - interval '1 minute') returning id, unsubscribe_token`,
    [email, districtId],
  );
  return { id: Number(row.id), email, unsubscribeToken: row.unsubscribe_token };
}

/** A meeting with a summary: the trigger notes when the summary appeared. */
export async function addMeetingSummary(districtId: number, { date = '2026-11-20', title = 'Board Meeting', summary = '<p>The board discussed cell phones.</p>' } = {}) {
  const [row] = await sql<{ id: string }>(
    `insert into public.meetings ("districtId", date, title, topics, summary) values ($1, $2, $3, '["Cell phones"]', $4) returning id`,
    [districtId, date, title, summary],
  );
  return Number(row.id);
}

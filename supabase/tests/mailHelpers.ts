// Helpers for the email tests: the test stack's mail catcher (maildev's JSON API) and `npm run mail:send` run as
// a child process against the test stack, as an operator runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from './helpers';

const script = fileURLToPath(new URL('../../scripts/mail-send.mjs', import.meta.url));

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the tests through \`npm test\`, which starts the stack and its mail catcher.`,
    );
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
export function startMailSend(extra: Record<string, string> = {}): {
  child: ChildProcess;
  done: Promise<{ code: number | null; output: string }>;
} {
  const child = spawn(process.execPath, [script], { env: mailSendEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
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
// Letters only: a name with digits could be found by another test's search for a ZIP code.
const letters = () =>
  crypto
    .randomUUID()
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]);

export async function newDistrict(name = `Mail Test District ${letters()}`): Promise<number> {
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
export async function addMeetingSummary(
  districtId: number,
  { date = '2026-11-20', title = 'Board Meeting', summary = '<p>The board discussed cell phones.</p>' } = {},
) {
  const [row] = await sql<{ id: string }>(
    `insert into public.meetings ("districtId", date, title, topics, summary) values ($1, $2, $3, '["Cell phones"]', $4) returning id`,
    [districtId, date, title, summary],
  );
  return Number(row.id);
}

/**
 * A confirmation token for an address's newest subscription (of a district, or its alerts row when none is given),
 * made as subscribe() and create_alert() make one, naming every alert of the address still waiting (as the emails of
 * those alerts each name theirs): for tests that confirm without waiting for the email.
 */
export async function confirmationToken(email: string, districtId: number | null = null): Promise<string> {
  const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  await sql(
    `insert into private.confirmation_tokens (token_hash, subscription_id, expires_at)
     select private.token_hash($1), s.id, now() + interval '3 days' from public.subscriptions s
      where lower(s.email) = lower($2) and s.district_id is not distinct from $3::bigint`,
    [token, email, districtId],
  );
  await sql(
    `update private.alerts a set confirmation_token = private.token_hash($1) from public.subscriptions s
      where s.id = a.subscription_id and a.confirmed_at is null and lower(s.email) = lower($2) and $3::bigint is null
        and s.district_id is null`,
    [token, email, districtId],
  );
  return token;
}

/** What the stand-in API does with a request: forward it, die (as a crashed API), or hold it unanswered forever. */
export type ApiFate = 'forward' | 'die' | 'hold';

/**
 * An address for the API that forwards every request to the test stack's API, except those `fate` picks: at one to
 * 'die', nothing listens on its port and every open connection is cut until revive() (the API crashing and
 * restarting); one to 'hold' gets no answer, as from an API that hangs. It stands in for the API because the test
 * stack's own cannot be stopped for one test while others use it.
 */
export async function standInApi(fate: (request: IncomingMessage, body: string) => ApiFate) {
  const target = new URL(required('TEST_API_URL'));
  const sockets = new Set<Socket>();
  let [died, held]: (() => void)[] = [() => {}, () => {}];
  const death = new Promise<void>((resolve) => (died = resolve));
  const holding = new Promise<void>((resolve) => (held = resolve));
  let dead = false;
  const server = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', () => {
      const chosen = dead ? 'die' : fate(incoming, body);
      if (chosen === 'hold') return held();
      if (chosen === 'die') {
        dead = true;
        server.close();
        for (const socket of sockets) socket.destroy();
        return died();
      }
      const forwarded = request(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (upstream) => {
          answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(answer);
        },
      );
      forwarded.on('error', () => answer.destroy());
      forwarded.end(body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Resolves when the API has died. */
    death,
    /** Resolves when a request is held. */
    holding,
    /** Listens again on the same port, forwarding everything from now on. */
    revive: () =>
      new Promise<void>((resolve) => {
        fate = () => 'forward';
        dead = false;
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// `npm run fuzz:api`: hostile traffic against a fresh embedded stack, loopback only, bounded in count and time.
// Sends the requests that once brought the stack down or starved it (an unparseable path, a body cut off by an early
// 401, a 100 MB body, nested embeds, expensive filters, write floods) and generated variants of each, while a
// visitor keeps voting on topics from addresses of their own; then checks that every one of the visitor's votes
// was stored and that the stack still answers. Prints requests sent, crashes, answers by status (5xx by kind) and
// the stack's health; exits 1 on any crash, lost write or unhealthy part.
//   FUZZ_REQUESTS (3000), FUZZ_CONCURRENCY (20), FUZZ_SECONDS (120), FUZZ_PORT_BASE (26900)
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectSocket } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from './lib/stack.mjs';
import { connect } from './lib/postgres.mjs';
import { prng } from './lib/scale-fixtures.mjs';
import { signJwt } from './lib/jwt.mjs';
import { JWT_SECRET } from './lib/config.mjs';
import { printTable } from './lib/measure.mjs';

/**
 * @param {string} name
 * @param {number} fallback
 */
const env = (name, fallback) => Number.parseInt(process.env[name] ?? String(fallback), 10);
const total = env('FUZZ_REQUESTS', 3000);
const concurrency = env('FUZZ_CONCURRENCY', 20);
const deadline = Date.now() + env('FUZZ_SECONDS', 120) * 1000;
const base = env('FUZZ_PORT_BASE', 26900);
const rand = prng(19);
/**
 * @template T
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (list) => list[Math.floor(rand() * list.length)];

/** @type {string[]} */
const crashes = [];
process.on('uncaughtException', (error) => crashes.push(`uncaught: ${error.message}`));
process.on('unhandledRejection', (error) => crashes.push(`unhandled: ${error instanceof Error ? error.message : error}`));

const work = mkdtempSync(join(tmpdir(), 'sbt-fuzz-'));
const stack = await startStack({ apiPort: base + 21, dbPort: base + 22, restPort: base + 31, dataDir: join(work, 'postgres'), reset: true, quiet: true });
const db = await connect(stack.dbUrl);
const { hostname, port } = new URL(stack.apiUrl);
const anon = stack.anonKey;

/**
 * Writes raw bytes on a socket; resolves the status code of the answer, 0 when the connection closed without one.
 * @param {string} text
 * @param {{ body?: Buffer, timeout?: number }} [options]
 * @returns {Promise<number>}
 */
function raw(text, { body, timeout = 15_000 } = {}) {
  return new Promise((resolve) => {
    const socket = connectSocket(Number(port), hostname);
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), timeout);
    socket.on('data', (chunk) => {
      answer += chunk;
      if (/^HTTP\/1\.1 \d{3}/.test(answer)) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0));
    });
    socket.write(text);
    if (body) socket.write(body, () => socket.end());
  });
}

/**
 * A request through the gateway from a given loopback address; resolves status and body text.
 * @param {string} method
 * @param {string} path
 * @param {{ headers?: Record<string, string>, body?: string, from?: string }} [options]
 * @returns {Promise<{ status: number, text: string }>}
 */
function call(method, path, { headers = {}, body, from = '127.0.0.1' } = {}) {
  return new Promise((resolve) => {
    const req = request(
      { host: hostname, port, method, path, localAddress: from, headers: { apikey: anon, ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', () => resolve({ status: 0, text }));
      },
    );
    req.setTimeout(20_000, () => req.destroy());
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

/** @param {number} depth */
const nested = (depth) => {
  let select = '*';
  for (let i = 0; i < depth; i += 1) select = `*,${i % 2 ? 'votings' : 'districts'}(${select})`;
  return `/rest/v1/votings?districtId=eq.1&select=${select}`;
};
const badTokens = [
  'x.y.z',
  'Bearer',
  signJwt({ role: 'anon' }, JWT_SECRET),
  signJwt({ role: 'service_role', exp: 1 }, JWT_SECRET),
  signJwt({ role: 'service_role', exp: 1988150400 }, 'not-the-secret-not-the-secret-not-the-secret'),
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
  'a'.repeat(9000),
];
const paths = ['//a:b', '/%zz', '/rest/v1/%00', `/rest/v1/${'a'.repeat(20_000)}`, '/rest/v1/../../etc/passwd', '/rest/v1/districts?select=**', '/\u00ff\u0100', '/rest/v1/districts?id=eq.%ZZ'];
const filters = [
  '/rest/v1/meetings?summary=wfts.zzqq',
  '/rest/v1/districts?name=like.*%25*%25*%25*%25*%25*',
  '/rest/v1/votings?or=(issue.ilike.*a*,category.ilike.*b*,outcome.ilike.*c*)',
  `/rest/v1/districts?id=in.(${Array.from({ length: 3000 }, (_, i) => i).join(',')})`,
  '/rest/v1/districts?order=nonexistent.desc',
  '/rest/v1/districts?limit=999999999&offset=-5',
  '/rest/v1/votings?select=*,districts(*),meetings:districts(*),x:districts(*)',
  '/rest/v1/subscriptions?select=*',
  '/rest/v1/email_outbox?select=*',
  '/rest/v1/agenda_votes?select=email',
];

const searches = [
  () => ({ q: pick(['&|!', ':*', '<->', "' or 1=1 --", '"', '-', '(((', '\\', '%_', 'board & !', 'a:* | b:*']) }),
  () => ({ q: Array.from({ length: 40 }, () => pick(['board', 'budget', 'or', 'student', '-staff', '"mental health"'])).join(' ').slice(0, 200) }),
  () => ({ q: 'x'.repeat(201 + Math.floor(rand() * 5000)) }),
  () => ({ q: 'budget', page_size: pick([0, 51, -1, 1e9, 'ten']) }),
  () => ({ q: 'budget', cursor: pick(['x', '1|2|3|4', "1|2025-01-01|vote|1' or 1=1", 'ÿ'.repeat(300)]) }),
  () => ({ q: 'budget', kinds: pick([['minutes'], 'meeting', [1, 2], null]), district_id: pick([null, -1, 'one', 2 ** 62]) }),
  () => ({ q: 'budget', date_from: pick(['2025-13-01', 'yesterday', '2025-06-01']), date_to: '2025-01-01' }),
];

/**
 * One hostile request of a kind chosen at random: [kind, promise of a status].
 * @returns {[string, Promise<number>]}
 */
function hostile() {
  const kind = pick(['path', 'method', 'header', 'body', 'token', 'embed', 'filter', 'flood', 'write', 'search']);
  switch (kind) {
    case 'path':
      return [kind, raw(`GET ${pick(paths)} HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\n\r\n`)];
    case 'method':
      return [kind, raw(`${pick(['BREW', 'PROPFIND', 'TRACE', 'CONNECT', 'M-SEARCH', 'X'.repeat(300)])} /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`)];
    case 'header':
      return [kind, raw(pick([
        `POST /rest/v1/rpc/subscribe HTTP/1.1\r\nhost: x\r\ncontent-length: 12abc\r\n\r\n`,
        `POST /rest/v1/rpc/subscribe HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ncontent-length: 7\r\n\r\nhello`,
        `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\n: nameless\r\n\r\n`,
        `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\nx-long: ${'a'.repeat(20_000)}\r\n\r\n`,
        'GARBAGE\r\n\r\n',
        `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\ncontent-length: 3\r\n\r\n`,
      ]))];
    case 'body':
      return [kind, pick([
        () => raw(`POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\ncontent-type: application/json\r\ncontent-length: ${100 * 1024 * 1024}\r\n\r\n`),
        () => raw(`POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`, { body: Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'a'), Buffer.from('\r\n0\r\n\r\n')]) }),
        () => call('POST', '/rest/v1/rpc/submit_agenda_vote', { headers: { 'content-type': 'application/json' }, body: '{"budget": ' }).then((r) => r.status),
        () => call('POST', '/rest/v1/rpc/subscribe', { headers: { 'content-type': 'application/json' }, body: '['.repeat(5000) }).then((r) => r.status),
        () => call('POST', '/rest/v1/rpc/vote_topic', { headers: { 'content-type': 'text/plain' }, body: 'up' }).then((r) => r.status),
      ])()];
    case 'token':
      return [kind, call('POST', '/rest/v1/rpc/search_districts', { headers: { authorization: `Bearer ${pick(badTokens)}`, 'content-type': 'application/json' }, body: JSON.stringify({ search_text: 'x'.repeat(20_000) }) }).then((r) => r.status)];
    case 'embed':
      return [kind, call('GET', nested(2 + Math.floor(rand() * 6))).then((r) => r.status)];
    case 'filter':
      return [kind, call('GET', pick(filters)).then((r) => r.status)];
    case 'flood':
      return [kind, call('POST', '/rest/v1/rpc/vote_topic', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic_id: 1, from_vote: pick(['none', 'up', 'down']), to_vote: pick(['up', 'down']) }) }).then((r) => r.status)];
    case 'search':
      // The record search with hostile text: operators, wildcards, many words, over the limit, wrong types.
      return [kind, call('POST', '/rest/v1/rpc/search_records', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(pick(searches)()) }).then((r) => r.status)];
    default:
      return [kind, call('POST', '/rest/v1/rpc/submit_agenda_vote', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idempotency_key: '00000000-0000-4000-8000-000000000001', budget: pick(['support', 'oppose']), comments: pick(['\u202e', ' \n ', '=cmd|calc', 'x'.repeat(3000)]) }) }).then((r) => r.status)];
  }
}

/** @type {Map<string, Map<number, number>>} */
const byKind = new Map();
let sent = 0;
let visitorVotes = 0;
let visitorFailures = 0;
const started = Date.now();
const topic = (await db.query('select id, upvotes from public.topics where "districtId" = 1 order by id desc limit 1')).rows[0];
try {
  // The visitor: one up-vote from each of 200 addresses, spread over the run. Each must be stored.
  const visitor = (async () => {
    for (let i = 0; i < 200 && Date.now() < deadline; i += 1) {
      const from = `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1}`;
      const { status } = await call('POST', '/rest/v1/rpc/vote_topic', { from, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic_id: topic.id, from_vote: 'none', to_vote: 'up' }) });
      if (status === 200) visitorVotes += 1;
      else visitorFailures += 1;
    }
  })();
  const worker = async () => {
    while (sent < total && Date.now() < deadline) {
      sent += 1;
      const [kind, answer] = hostile();
      const status = await answer;
      const counts = byKind.get(kind) ?? new Map();
      counts.set(status, (counts.get(status) ?? 0) + 1);
      byKind.set(kind, counts);
    }
  };
  await Promise.all([visitor, ...Array.from({ length: concurrency }, worker)]);
  const seconds = (Date.now() - started) / 1000;

  // Health after: a plain read, a vote from a fresh address, every part of the stack alive.
  const read = await call('GET', '/rest/v1/districts?id=eq.1&select=id');
  const vote = await call('POST', '/rest/v1/rpc/vote_topic', { from: '127.0.9.9', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic_id: topic.id, from_vote: 'none', to_vote: 'down' }) });
  const stored = (await db.query('select upvotes from public.topics where id = $1', [topic.id])).rows[0].upvotes - topic.upvotes;
  const lost = visitorVotes - stored;

  const statusRows = [...byKind].sort().map(([kind, counts]) => {
    const list = [...counts].sort((a, b) => a[0] - b[0]);
    const fivexx = list.filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0);
    return { kind, sent: list.reduce((n, [, c]) => n + c, 0), 'answers (status:count)': list.map(([status, c]) => `${status || 'closed'}:${c}`).join(' '), '5xx': fivexx };
  });
  console.log(`\nfuzz:api: ${sent} hostile requests in ${seconds.toFixed(1)} s (concurrency ${concurrency}), loopback only\n`);
  printTable(statusRows);
  const fivexx = statusRows.reduce((n, row) => n + row['5xx'], 0);
  console.log(`\n5xx answers: ${fivexx} (a 500 is a query the 3 s statement timeout ended; a 502/503/504 would be the stack failing)`);
  console.log(`crashes: ${crashes.length}${crashes.length ? `\n  ${crashes.join('\n  ')}` : ''}`);
  console.log(`visitor: ${visitorVotes} votes answered ok, ${visitorFailures} failed, ${stored} stored: lost ${lost}`);
  console.log(`health after: plain read ${read.status}, topic vote ${vote.status}`);
  const unhealthy = read.status !== 200 || vote.status !== 200;
  const stackFailures = statusRows.flatMap((row) => row['answers (status:count)'].split(' ')).filter((a) => /^50[234]:/.test(a)).length;
  if (crashes.length || lost !== 0 || visitorFailures || unhealthy || stackFailures) {
    console.log('\nFAILED: a crash, a lost write, a 502-504, or an unhealthy stack.');
    process.exitCode = 1;
  } else console.log('\nNo crash, no lost write, the stack answers.');
} finally {
  await db.end();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);

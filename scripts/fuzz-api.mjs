// `npm run fuzz:api`: hostile traffic against a fresh embedded stack, loopback only, bounded in count and time.
// Sends the requests that once brought the stack down, starved it or leaked from it (an unparseable path, a body cut
// off by an early 401, a 100 MB body, nested embeds, expensive filters, write floods, a client's Connection: close,
// 50 aliases of one column, a NUL in an unsubscribe token, rotated forwarding headers, slow and idle connections),
// writes on every table (POST, PATCH, DELETE with generated rows) and every database function with generated
// arguments (fast-check), while visitors keep voting on topics and reading on kept-alive connections. Then checks
// that every visitor's vote was stored and read answered, that no anonymous write reached a table, that one mailbox
// got at most its 5 confirmations, and that every part of the stack (Postgres, PostgREST, the gateway, the mail
// catcher) is the process it was at the start and still answers.
// Exits 1 on any 5xx, any connection closed without an answer, any error body naming a machine or a table it was not
// asked about, any crash, lost write or part that died or restarted.
//   FUZZ_REQUESTS (10000), FUZZ_CONCURRENCY (20), FUZZ_SECONDS (900), FUZZ_SEED (19),
//   BENCH_PORT_BASE (26900; FUZZ_PORT_BASE is read too)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as connectSocket } from 'node:net';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { startStack } from './lib/embeddedStack.mjs';
import { connect } from './lib/postgres.mjs';
import { prng } from './lib/scaleFixtures.mjs';
import { signJwt } from './lib/jwt.mjs';
import { JWT_SECRET } from './lib/stackConfig.mjs';
import { printTable } from './lib/measure.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run fuzz:api
Hostile traffic against a fresh embedded stack; exits 1 on any 5xx, crash, leak or lost write.
Settings (environment): FUZZ_REQUESTS (10000), FUZZ_CONCURRENCY (20), FUZZ_SECONDS (900), FUZZ_SEED (19),
BENCH_PORT_BASE or FUZZ_PORT_BASE (26900).
It takes no arguments.`,
});

/**
 * @param {string} name
 * @param {number} fallback
 */
const env = (name, fallback) => Number.parseInt(process.env[name] ?? String(fallback), 10);
const total = env('FUZZ_REQUESTS', 10_000);
const concurrency = env('FUZZ_CONCURRENCY', 20);
const deadline = Date.now() + env('FUZZ_SECONDS', 900) * 1000;
const seed = env('FUZZ_SEED', 19);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? process.env.FUZZ_PORT_BASE ?? '26900', 10);
const rand = prng(seed);
/**
 * @template T
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (list) => list[Math.floor(rand() * list.length)];
let draws = 0;
/**
 * One value drawn from a fast-check arbitrary, reproducible from FUZZ_SEED.
 * @template T
 * @param {import('fast-check').Arbitrary<T>} arbitrary
 * @returns {T}
 */
const draw = (arbitrary) => fc.sample(arbitrary, { numRuns: 1, seed: seed * 1_000_003 + (draws += 1) })[0];

/** @type {string[]} */
const crashes = [];
process.on('uncaughtException', (error) => crashes.push(`uncaught: ${error.message}`));
process.on('unhandledRejection', (error) =>
  crashes.push(`unhandled: ${error instanceof Error ? error.message : error}`),
);

const work = mkdtempSync(join(tmpdir(), 'sbt-fuzz-'));
const dataDir = join(work, 'postgres');
const stack = await startStack({
  apiPort: base + 21,
  dbPort: base + 22,
  restPort: base + 31,
  smtpPort: base + 25,
  inboxPort: base + 24,
  dataDir,
  reset: true,
  quiet: true,
}).catch((error) => {
  console.error(`fuzz:api: the stack did not start: ${error.message}`);
  process.exit(1);
});
const db = await connect(stack.dbUrl);
const { hostname, port } = new URL(stack.apiUrl);
const anon = stack.anonKey;

// ---- The stack's parts, watched for the whole run -------------------------------------------------------------
const postmasterPid = () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const started = {
  postgres: stack.processes.postgres,
  postmaster: postmasterPid(),
  postgrest: stack.processes.postgrest,
};
const partFailures = new Set();
// A Postgres backend that crashes makes the postmaster end every connection and start over: this one notices.
const watch = await connect(stack.dbUrl);
watch.on('error', (error) =>
  partFailures.add(`Postgres ended the watching connection (a crash restarts every backend): ${error.message}`),
);
/** @param {number | undefined} pid */
const alive = (pid) => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function checkParts() {
  for (const exit of stack.exits) partFailures.add(`${exit.part} exited (${exit.signal ?? `code ${exit.code}`})`);
  if (!alive(started.postgres)) partFailures.add('Postgres is not running');
  if (!alive(started.postgrest)) partFailures.add('PostgREST is not running');
  try {
    if (postmasterPid() !== started.postmaster) partFailures.add('Postgres restarted (a new postmaster)');
  } catch {
    partFailures.add('Postgres has no postmaster.pid');
  }
  try {
    await watch.query('select 1');
  } catch (error) {
    partFailures.add(`Postgres did not answer: ${error instanceof Error ? error.message : error}`);
  }
  const inbox = await fetch(`${stack.inboxUrl}/email`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (inbox?.status !== 200) partFailures.add('the mail catcher did not answer');
  await inbox?.arrayBuffer();
  const smtp = await new Promise((resolve) => {
    const socket = connectSocket(stack.smtpPort, '127.0.0.1');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.once('data', (chunk) => {
      resolve(String(chunk).startsWith('220'));
      socket.end('QUIT\r\n');
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
  if (!smtp) partFailures.add("the mail catcher's SMTP did not greet");
}
const watcher = setInterval(() => {
  checkParts().catch((error) => partFailures.add(`check failed: ${error.message}`));
}, 2000);

// ---- How requests are sent and answers judged -----------------------------------------------------------------
// An error body may never name a machine (the database's or PostgREST's address) or another table ('Perhaps you meant').
const LEAKS = [
  /Perhaps you meant/i,
  /connection to server/i,
  new RegExp(`127\\.0\\.0\\.1:(${stack.restPort}|${stack.dbPort})|port ${stack.dbPort}`),
];
/** @type {string[]} */
const leaks = [];
/**
 * @param {string} kind
 * @param {string} text
 */
function judgeBody(kind, text) {
  const leak = LEAKS.find((pattern) => pattern.test(text));
  if (leak) leaks.push(`${kind}: ${text.slice(0, 200)}`);
}

/**
 * Writes raw bytes on a socket (then `body`, or `trickle` one byte every half second, as a slow client); resolves the
 * status code of the answer, 0 when the connection closed without one.
 * @param {string} text
 * @param {{ body?: Buffer, trickle?: string, timeout?: number }} [options]
 * @returns {Promise<number>}
 */
function raw(text, { body, trickle, timeout = 40_000 } = {}) {
  return new Promise((resolve) => {
    const socket = connectSocket(Number(port), hostname);
    let answer = '';
    let sentBytes = 0;
    const trickling = trickle
      ? setInterval(() => {
          if (!socket.destroyed && sentBytes < trickle.length) socket.write(trickle[sentBytes++]);
        }, 500)
      : undefined;
    const timer = setTimeout(() => socket.destroy(), timeout);
    socket.on('data', (chunk) => {
      answer += chunk;
      if (/^HTTP\/1\.1 \d{3}/.test(answer)) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      clearInterval(trickling);
      resolve(Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0));
    });
    if (text) socket.write(text);
    if (body) socket.write(body, () => socket.end());
  });
}

const keptAlive = new Agent({ keepAlive: true, maxSockets: 4 });
/**
 * A request through the gateway from a given loopback address; resolves status and body text (its body judged).
 * @param {string} method
 * @param {string} path
 * @param {{ headers?: Record<string, string>, body?: string, from?: string, agent?: Agent, kind?: string, key?: string | null }} [options]
 * @returns {Promise<{ status: number, text: string }>}
 */
function call(
  method,
  path,
  { headers = {}, body, from = '127.0.0.1', agent = undefined, kind = 'call', key = anon } = {},
) {
  return new Promise((resolve) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        localAddress: from,
        agent,
        headers: {
          ...(key ? { apikey: key } : {}),
          ...headers,
          ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 400) judgeBody(kind, text);
          resolve({ status: res.statusCode ?? 0, text });
        });
        res.on('error', () => resolve({ status: 0, text }));
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}
const json = { 'content-type': 'application/json' };

// ---- What the database offers: every table and every function, read from the database itself ------------------
/**
 * @typedef {{ name: string, columns: string[] }} DbTable a table or view and its columns
 * @typedef {{ name: string, names: string[], types: string[] }} DbFunction a function, its arguments' names ('' for
 *   one without) and types
 */
/** @type {DbTable[]} */
const tables = (
  await db.query(`
  select c.table_name as name, array_agg(c.column_name::text order by c.ordinal_position) as columns
  from information_schema.columns c where c.table_schema = 'public' group by c.table_name order by c.table_name`)
).rows;
/** @type {DbFunction[]} */
const functions = (
  await db.query(`
  select p.proname as name, coalesce(p.proargnames, '{}') as names,
    array(select format_type(t, null) from unnest(p.proargtypes) as t) as types
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
  order by p.proname`)
).rows;
// Tables no anonymous request may change, even through a function: their checksums before and after the run.
const checksums = () =>
  db
    .query(
      `select (select md5(coalesce(string_agg(t::text, '|' order by id), '')) from public.districts t) as districts,
  (select md5(coalesce(string_agg(t::text, '|' order by id), '')) from public.meetings t) as meetings,
  (select md5(coalesce(string_agg(t::text, '|' order by id), '')) from public.votings t) as votings`,
    )
    .then((result) => result.rows[0]);
const checksumsBefore = await checksums();
const [{ first_topic: firstTopic }] = (await db.query('select min(id)::int as first_topic from public.topics')).rows;

// ---- Generated values (fast-check) ------------------------------------------------------------------------------
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    '\u0000',
    '%',
    '_',
    '\\',
    "' or 1=1 --",
    '"',
    '&|!',
    ':*',
    '<script>',
    '\u202e',
    'a'.repeat(5000),
    '',
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, -1e308),
  fc.double(),
  fc.constantFrom('NaN', '1e999', 'x', '1.5'),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const agendaAnswer = fc.constantFrom('support', 'oppose', 'neutral', 'maybe', '', null);
/**
 * A value for a database type: mostly the right shape (to reach the function's own rules), often not.
 * @param {string} type
 */
function valueFor(type) {
  /** @type {Record<string, import('fast-check').Arbitrary<unknown>>} */
  const shapes = {
    text: hostileText,
    bigint: hostileNumber,
    integer: hostileNumber,
    boolean: fc.oneof(fc.boolean(), hostileText),
    date: fc.oneof(isoDate, hostileText),
    'text[]': fc.oneof(
      fc.array(fc.constantFrom('meeting', 'topic', 'vote', 'minutes', ''), { maxLength: 5 }),
      fc.array(hostileText, { maxLength: 3 }),
    ),
    jsonb: fc.oneof(
      fc.record(
        {
          idempotency_key: fc.oneof(fc.uuid(), hostileText),
          meeting_date: fc.oneof(isoDate, hostileText),
          budget: agendaAnswer,
          lcap: agendaAnswer,
          esri_update: agendaAnswer,
          summer_projects: agendaAnswer,
          hoover_playground: agendaAnswer,
          email: hostileText,
          comments: hostileText,
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
  };
  const right = shapes[type] ?? anyJson;
  return draw(
    fc.oneof(
      { weight: 4, arbitrary: right },
      { weight: 1, arbitrary: anyJson },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
  );
}
/**
 * Generated arguments for a function: its own names, with now and then one missing, one extra, or no object at all.
 * @param {DbFunction} fn
 */
function argumentsFor(fn) {
  if (fn.names.length === 0 && fn.types.length === 1) return valueFor(fn.types[0]);
  /** @type {Record<string, unknown>} */
  const args = {};
  fn.names.forEach((name, i) => {
    if (rand() > 0.1) args[name || `arg${i}`] = valueFor(fn.types[i]);
  });
  if (rand() < 0.1) args[draw(fc.string({ minLength: 1, maxLength: 12 }))] = valueFor('text');
  return rand() < 0.05 ? draw(anyJson) : args;
}
/**
 * A generated row for a table: some of its columns, each with any JSON value.
 * @param {DbTable} table
 */
const rowFor = (table) =>
  Object.fromEntries(table.columns.filter(() => rand() < 0.5).map((column) => [column, draw(anyJson)]));

// ---- The families of hostile requests --------------------------------------------------------------------------
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
const paths = [
  '//a:b',
  '/%zz',
  '/rest/v1/%00',
  `/rest/v1/${'a'.repeat(20_000)}`,
  '/rest/v1/../../etc/passwd',
  '/rest/v1/districts?select=**',
  '/\u00ff\u0100',
  '/rest/v1/districts?id=eq.%ZZ',
  '/rest/v1/meeting',
  '/rest/v1/rpc/subscrib',
];
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
  () => ({
    q: Array.from({ length: 40 }, () => pick(['board', 'budget', 'or', 'student', '-staff', '"mental health"']))
      .join(' ')
      .slice(0, 200),
  }),
  () => ({ q: 'x'.repeat(201 + Math.floor(rand() * 5000)) }),
  () => ({ q: 'budget', page_size: pick([0, 51, -1, 1e9, 'ten']) }),
  () => ({ q: 'budget', cursor: pick(['x', '1|2|3|4', "1|2025-01-01|vote|1' or 1=1", 'ÿ'.repeat(300)]) }),
  () => ({
    q: 'budget',
    kinds: pick([['minutes'], 'meeting', [1, 2], null]),
    district_id: pick([null, -1, 'one', 2 ** 62]),
  }),
  () => ({ q: 'budget', date_from: pick(['2025-13-01', 'yesterday', '2025-06-01']), date_to: '2025-01-01' }),
];
// Headers that belong to one connection (RFC 9110): a client's may never reach PostgREST.
const hopByHop = [
  { connection: 'close' },
  { connection: 'close, x-gone, authorization', 'x-gone': '1' },
  { connection: 'keep-alive', 'keep-alive': 'timeout=1, max=1' },
  { connection: 'upgrade', upgrade: 'websocket' },
  { te: 'trailers', connection: 'te' },
  { 'proxy-authorization': 'Basic eDp5', 'proxy-connection': 'close' },
  { trailer: 'x-sum', connection: 'close' },
];
const aliasable = [
  ['meetings', 'summary'],
  ['meetings', 'title'],
  ['district_pages', 'page'],
  ['topics', 'description'],
  ['districts', 'name'],
];
const VICTIM = 'victim';

/**
 * One hostile request of a kind chosen at random: [kind, promise of a status].
 * @returns {[string, Promise<number>]}
 */
function hostile() {
  const kind = pick([
    'path',
    'method',
    'header',
    'body',
    'token',
    'embed',
    'filter',
    'flood',
    'write',
    'search',
    'hop-by-hop',
    'hop-by-hop',
    'aliases',
    'unsubscribe',
    'rotated',
    'table',
    'table',
    'rpc',
    'rpc',
    'rpc',
  ]);
  switch (kind) {
    case 'path':
      return [kind, raw(`GET ${pick(paths)} HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\n\r\n`)];
    case 'method':
      return [
        kind,
        raw(
          `${pick(['BREW', 'PROPFIND', 'TRACE', 'CONNECT', 'M-SEARCH', 'X'.repeat(300)])} /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`,
        ),
      ];
    case 'header':
      return [
        kind,
        raw(
          pick([
            `POST /rest/v1/rpc/subscribe HTTP/1.1\r\nhost: x\r\ncontent-length: 12abc\r\n\r\n`,
            `POST /rest/v1/rpc/subscribe HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ncontent-length: 7\r\n\r\nhello`,
            `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\n: nameless\r\n\r\n`,
            `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\nx-long: ${'a'.repeat(20_000)}\r\n\r\n`,
            'GARBAGE\r\n\r\n',
            `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\ncontent-length: 3\r\n\r\n`,
            `POST /rest/v1/rpc/search_districts HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\nexpect: 100-continue\r\ncontent-length: ${10 * 1024 * 1024}\r\n\r\n`,
          ]),
        ),
      ];
    case 'body':
      return [
        kind,
        pick([
          () =>
            raw(
              `POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\ncontent-type: application/json\r\ncontent-length: ${100 * 1024 * 1024}\r\n\r\n`,
            ),
          () =>
            raw(
              `POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
              {
                body: Buffer.concat([
                  Buffer.from('10000\r\n'),
                  Buffer.alloc(0x10000, 'a'),
                  Buffer.from('\r\n0\r\n\r\n'),
                ]),
              },
            ),
          () =>
            call('POST', '/rest/v1/rpc/submit_agenda_vote', { kind, headers: json, body: '{"budget": ' }).then(
              (r) => r.status,
            ),
          () =>
            call('POST', '/rest/v1/rpc/subscribe', { kind, headers: json, body: '['.repeat(5000) }).then(
              (r) => r.status,
            ),
          () =>
            call('POST', '/rest/v1/rpc/vote_topic', {
              kind,
              headers: { 'content-type': 'text/plain' },
              body: 'up',
            }).then((r) => r.status),
        ])(),
      ];
    case 'token':
      return [
        kind,
        call('POST', '/rest/v1/rpc/search_districts', {
          kind,
          headers: { authorization: `Bearer ${pick(badTokens)}`, ...json },
          body: JSON.stringify({ search_text: 'x'.repeat(20_000) }),
        }).then((r) => r.status),
      ];
    case 'embed':
      return [kind, call('GET', nested(2 + Math.floor(rand() * 6)), { kind }).then((r) => r.status)];
    case 'filter':
      return [kind, call('GET', pick(filters), { kind }).then((r) => r.status)];
    case 'flood':
      return [
        kind,
        call('POST', '/rest/v1/rpc/vote_topic', {
          kind,
          headers: json,
          body: JSON.stringify({
            topic_id: firstTopic,
            from_vote: pick(['none', 'up', 'down']),
            to_vote: pick(['up', 'down']),
          }),
        }).then((r) => r.status),
      ];
    case 'search':
      return [
        kind,
        call('POST', '/rest/v1/rpc/search_records', {
          kind,
          headers: json,
          body: JSON.stringify(pick(searches)()),
        }).then((r) => r.status),
      ];
    case 'hop-by-hop': {
      // Written by hand (Node's client refuses some of these), as a client that asks for its connection to be
      // closed, kept, upgraded or given trailers; the readers below share the gateway's connections meanwhile.
      const headers = Object.entries(pick(hopByHop))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      return [
        kind,
        raw(
          `${pick(['GET', 'HEAD'])} /rest/v1/districts?id=eq.1&select=id HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\n${headers}\r\n`,
        ),
      ];
    }
    case 'aliases': {
      const [table, column] = pick(aliasable);
      const count = 2 + Math.floor(rand() * 60);
      const select = Array.from({ length: count }, (_, i) => `a${i}:${column}`).join(',');
      return [kind, call('GET', `/rest/v1/${table}?select=${select}`, { kind }).then((r) => r.status)];
    }
    case 'unsubscribe': {
      const token = pick([
        () => '%00',
        () => encodeURIComponent(draw(hostileText)),
        () => 'a'.repeat(64),
        () => `${'a'.repeat(63)}%00`,
      ]);
      return [
        kind,
        call(pick(['POST', 'POST', 'GET', 'DELETE']), `/functions/v1/unsubscribe?token=${token()}`, {
          kind,
          key: null,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: pick(['List-Unsubscribe=One-Click', draw(hostileText)]),
        }).then((r) => r.status),
      ];
    }
    case 'rotated': {
      // Forwarding headers a client wrote itself, new on every request: the gateway replaces them.
      const spoofed = draw(fc.oneof(fc.ipV4(), fc.ipV6()));
      const headers = {
        ...json,
        'x-forwarded-for': `${spoofed}, 10.0.0.1`,
        'cf-connecting-ip': spoofed,
        'x-real-ip': spoofed,
        forwarded: `for=${spoofed}`,
      };
      return [
        kind,
        pick([
          () =>
            call('POST', '/rest/v1/rpc/subscribe', {
              kind,
              headers,
              body: JSON.stringify({
                email: `${VICTIM}+${Math.floor(rand() * 1e6)}@example.org`,
                district_id: 1 + Math.floor(rand() * 5),
              }),
            }),
          () =>
            call('POST', '/rest/v1/rpc/vote_topic', {
              kind,
              headers,
              body: JSON.stringify({ topic_id: firstTopic, from_vote: 'none', to_vote: 'up' }),
            }),
        ])().then((r) => r.status),
      ];
    }
    case 'table': {
      // Anonymous writes on every table and view: each must be refused.
      const table = pick(tables);
      const method = pick(['POST', 'PATCH', 'DELETE', 'PUT']);
      const filter = method === 'POST' ? '' : pick(['?id=gt.0', '?id=eq.1', '', `?${pick(table.columns)}=is.null`]);
      const body =
        method === 'DELETE' ? undefined : JSON.stringify(rand() < 0.3 ? [rowFor(table), rowFor(table)] : rowFor(table));
      return [
        kind,
        call(method, `/rest/v1/${table.name}${filter}`, {
          kind,
          headers: {
            ...json,
            prefer: pick(['return=representation', 'return=minimal', 'resolution=merge-duplicates']),
          },
          body,
        }).then((r) => {
          // A PATCH naming no column changes nothing (PostgREST answers it without a statement); the checksums below
          // say whether anything else did.
          const noColumns =
            method === 'PATCH' &&
            [JSON.parse(body ?? '{}')]
              .flat()
              .every((row) => row && typeof row === 'object' && Object.keys(row).length === 0);
          if (r.status < 300 && !noColumns)
            tableWrites.push(`${method} ${table.name}${filter} ${body ?? ''}: ${r.status} ${r.text}`.slice(0, 300));
          if (r.status >= 500)
            failures.push(`${method} ${table.name}${filter} ${body ?? ''}: ${r.status} ${r.text}`.slice(0, 300));
          return r.status;
        }),
      ];
    }
    case 'rpc': {
      const fn = pick(functions);
      const body = JSON.stringify(argumentsFor(fn));
      return [
        kind,
        call('POST', `/rest/v1/rpc/${fn.name}`, { kind, headers: json, body }).then((r) => {
          if (r.status >= 500) failures.push(`rpc/${fn.name} ${body}: ${r.status} ${r.text}`.slice(0, 300));
          return r.status;
        }),
      ];
    }
    default:
      return [
        kind,
        call('POST', '/rest/v1/rpc/submit_agenda_vote', {
          kind,
          headers: json,
          body: JSON.stringify({
            idempotency_key: '00000000-0000-4000-8000-000000000001',
            budget: pick(['support', 'oppose']),
            comments: pick(['\u202e', ' \n ', '=cmd|calc', 'x'.repeat(3000)]),
          }),
        }).then((r) => r.status),
      ];
  }
}

/** A slow or idle client: the gateway must close it itself, with a 408 where it got as far as a request. */
function slow() {
  return pick([
    () => raw('', { timeout: 40_000 }),
    () =>
      raw('GET /rest/v1/districts HTTP/1.1\r\n', {
        trickle: `host: x\r\napikey: ${anon}\r\nx-slow: ${'a'.repeat(200)}\r\n\r\n`,
      }),
    () =>
      raw(
        `POST /rest/v1/rpc/search_districts HTTP/1.1\r\nhost: x\r\napikey: ${anon}\r\ncontent-type: application/json\r\ncontent-length: 400\r\n\r\n`,
        { trickle: `{"search_text":"${'p'.repeat(380)}"}` },
      ),
  ])();
}

/** @type {Map<string, Map<number, number>>} */
const byKind = new Map();
/**
 * @param {string} kind
 * @param {number} status
 */
const count = (kind, status) => {
  const counts = byKind.get(kind) ?? new Map();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  byKind.set(kind, counts);
};
/** @type {string[]} */
const tableWrites = [];
// The first requests answered 5xx, with their answers, to say what failed.
/** @type {string[]} */
const failures = [];
let sent = 0;
let visitorVotes = 0;
let visitorFailures = 0;
/** @type {number[]} */
const readerFailures = [];
const startedAt = Date.now();
const topic = (await db.query('select id, upvotes from public.topics where "districtId" = 1 order by id desc limit 1'))
  .rows[0];
let running = true;
try {
  // The visitor: one up-vote from each of 200 addresses, spread over the run. Each must be stored.
  const visitor = (async () => {
    for (let i = 0; i < 200 && Date.now() < deadline; i += 1) {
      const from = `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1}`;
      const { status } = await call('POST', '/rest/v1/rpc/vote_topic', {
        from,
        headers: json,
        body: JSON.stringify({ topic_id: topic.id, from_vote: 'none', to_vote: 'up' }),
      });
      if (status === 200) visitorVotes += 1;
      else visitorFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  // Readers on kept-alive connections, as the site's pages read: every read must answer 200.
  let reads = 0;
  const readers = Array.from({ length: 4 }, async () => {
    while (running && sent < total && Date.now() < deadline) {
      const { status } = await call('GET', '/rest/v1/districts?id=eq.1&select=id,name', {
        agent: keptAlive,
        kind: 'reader',
      });
      reads += 1;
      if (status !== 200) readerFailures.push(status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  // Slow and idle clients, five at a time, throughout.
  const slowClients = Array.from({ length: 5 }, async () => {
    while (running && sent < total && Date.now() < deadline) {
      sent += 1;
      count('slow', await slow());
    }
  });
  const worker = async () => {
    while (sent < total && Date.now() < deadline) {
      sent += 1;
      const [kind, answer] = hostile();
      count(kind, await answer);
    }
  };
  await Promise.all([visitor, ...Array.from({ length: concurrency }, worker)]).catch((error) => {
    crashes.push(`the run itself failed: ${error instanceof Error ? error.stack : error}`);
  });
  running = false;
  await Promise.all([...readers, ...slowClients]);
  const seconds = (Date.now() - startedAt) / 1000;

  // Health after: a plain read, a vote from a fresh address, every part of the stack the process it was, answering.
  const read = await call('GET', '/rest/v1/districts?id=eq.1&select=id');
  const vote = await call('POST', '/rest/v1/rpc/vote_topic', {
    from: '127.0.9.9',
    headers: json,
    body: JSON.stringify({ topic_id: topic.id, from_vote: 'none', to_vote: 'down' }),
  });
  const stored =
    (await db.query('select upvotes from public.topics where id = $1', [topic.id])).rows[0].upvotes - topic.upvotes;
  const lost = visitorVotes - stored;
  const [{ n: victimConfirmations }] = (
    await db.query(
      "select count(*)::int as n from public.email_outbox where kind = 'confirmation' and private.mailbox(recipient) = $1",
      [`${VICTIM}@example.org`],
    )
  ).rows;
  const checksumsAfter = await checksums();
  for (const table of Object.keys(checksumsBefore)) {
    if (checksumsBefore[table] !== checksumsAfter[table]) tableWrites.push(`${table} changed during the run`);
  }
  clearInterval(watcher);
  await checkParts();

  const statusRows = [...byKind].sort().map(([kind, counts]) => {
    const list = [...counts].sort((a, b) => a[0] - b[0]);
    /** @param {(status: number) => boolean} test */
    const sum = (test) => list.filter(([status]) => test(status)).reduce((n, [, c]) => n + c, 0);
    return {
      kind,
      sent: sum(() => true),
      'answers (status:count)': list.map(([status, c]) => `${status || 'closed'}:${c}`).join(' '),
      '5xx': sum((s) => s >= 500),
      closed: sum((s) => s === 0),
    };
  });
  const fivexx = statusRows.reduce((n, row) => n + row['5xx'], 0);
  const closed = statusRows.reduce((n, row) => n + row.closed, 0);
  console.log(
    `\nfuzz:api: ${sent} hostile requests and ${reads} plain reads in ${seconds.toFixed(1)} s (concurrency ${concurrency}, seed ${seed}), loopback only`,
  );
  console.log(
    `${tables.length} tables and views written to, ${functions.length} functions called with generated arguments\n`,
  );
  printTable(statusRows);
  console.log(
    `\n5xx answers: ${fivexx}; closed without an answer: ${closed}${failures.length ? `\n  ${failures.slice(0, 5).join('\n  ')}` : ''}`,
  );
  console.log(
    `error bodies naming a machine or another table: ${leaks.length}${leaks.length ? `\n  ${leaks.slice(0, 5).join('\n  ')}` : ''}`,
  );
  console.log(
    `anonymous writes that reached a table (districts, meetings and votings compared before and after too): ${tableWrites.length}${tableWrites.length ? `\n  ${tableWrites.slice(0, 5).join('\n  ')}` : ''}`,
  );
  console.log(`confirmations to one mailbox through rotated headers and +aliases: ${victimConfirmations} (at most 5)`);
  console.log(`crashes: ${crashes.length}${crashes.length ? `\n  ${crashes.join('\n  ')}` : ''}`);
  console.log(
    `stack parts died or restarted: ${partFailures.size}${partFailures.size ? `\n  ${[...partFailures].join('\n  ')}` : ' (Postgres, PostgREST, the gateway, the mail catcher: same processes, all answering)'}`,
  );
  console.log(`visitor: ${visitorVotes} votes answered ok, ${visitorFailures} failed, ${stored} stored: lost ${lost}`);
  console.log(
    `readers on kept-alive connections: ${reads} reads, ${readerFailures.length} not 200${readerFailures.length ? ` (${readerFailures.slice(0, 10).join(', ')})` : ''}`,
  );
  console.log(`health after: plain read ${read.status}, topic vote ${vote.status}`);
  const unhealthy = read.status !== 200 || vote.status !== 200;
  if (
    fivexx ||
    closed ||
    leaks.length ||
    tableWrites.length ||
    victimConfirmations > 5 ||
    crashes.length ||
    partFailures.size ||
    lost !== 0 ||
    visitorFailures ||
    readerFailures.length ||
    unhealthy ||
    sent < total
  ) {
    console.log(
      '\nFAILED: see the lines above (any 5xx, closed connection, leak, table write, mail over the cap, crash, dead part, lost write or failed read fails the run; so does a run that ended at FUZZ_SECONDS before its FUZZ_REQUESTS).',
    );
    process.exitCode = 1;
  } else
    console.log(
      '\nNo 5xx, no connection closed without an answer, no leak, no crash, no lost write; every part of the stack is the one that started and answers.',
    );
} finally {
  clearInterval(watcher);
  keptAlive.destroy();
  await watch.end().catch(() => {});
  await db.end();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);

// `npm run load:writes`: concurrent topic votes, agenda votes and subscriptions against a fresh embedded stack
// (loopback only, bounded in count and time), then every count and row in the database is checked against
// what was sent: each topic's up and down counts against the first votes and switches its visitors sent, each stored
// agenda answer field by field against its submission, each address's subscription. Prints the figures; exits
// non-zero on any lost, duplicated or different write.
//   LOAD_CONCURRENCY (50), LOAD_TOPIC_VISITORS (400), LOAD_AGENDA_VOTES (600), LOAD_SUBSCRIPTIONS (400),
//   LOAD_SECONDS (120, the time bound), LOAD_PORT_BASE (BENCH_PORT_BASE, else 26300).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { startStack } from './lib/embeddedStack.mjs';
import { connect, liftWriteLimits } from './lib/postgres.mjs';
import { prng } from './lib/scaleFixtures.mjs';
import { printTable } from './lib/measure.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run load:writes
Concurrent votes and subscriptions against a fresh embedded stack, every write checked.
Settings (environment): LOAD_CONCURRENCY (50), LOAD_TOPIC_VISITORS (400), LOAD_AGENDA_VOTES (600),
LOAD_SUBSCRIPTIONS (400), LOAD_SECONDS (120), LOAD_PORT_BASE (BENCH_PORT_BASE, else 26300).
It takes no arguments.`,
});

/**
 * @param {string} name
 * @param {number} fallback
 */
const env = (name, fallback) => Number.parseInt(process.env[name] ?? String(fallback), 10);
const concurrency = env('LOAD_CONCURRENCY', 50);
const topicVisitors = env('LOAD_TOPIC_VISITORS', 400);
const agendaVotes = env('LOAD_AGENDA_VOTES', 600);
const subscriptions = env('LOAD_SUBSCRIPTIONS', 400);
const deadline = Date.now() + env('LOAD_SECONDS', 120) * 1000;
const base = env('LOAD_PORT_BASE', env('BENCH_PORT_BASE', 26300));
const rand = prng(42);
/**
 * @template T
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (list) => list[Math.floor(rand() * list.length)];

/**
 * Runs tasks with at most `limit` in flight; stops starting new ones after the deadline.
 * @param {(() => Promise<void>)[]} tasks
 * @param {number} limit
 */
async function pool(tasks, limit) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && Date.now() < deadline) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return next;
}

const work = mkdtempSync(join(tmpdir(), 'sbt-load-'));
const stack = await startStack({
  apiPort: base + 21,
  dbPort: base + 22,
  restPort: base + 31,
  dataDir: join(work, 'postgres'),
  reset: true,
  quiet: true,
});
const db = await connect(stack.dbUrl);
// Every write comes from one address here: lift the per-client limits that would stop a script.
await liftWriteLimits(stack.dbUrl);

/**
 * POSTs to a function through the gateway, as the browser does; resolves the JSON answer or throws.
 * @param {string} name
 * @param {unknown} body
 */
async function rpc(name, body) {
  const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * POSTs to a function through the gateway from a loopback address of its own (127.2.x.y), as a visitor of its own:
 * the database keeps each client's current topic vote, so each topic visitor is one client.
 * @param {string} localAddress
 * @param {string} name
 * @param {unknown} body
 * @returns {Promise<unknown>}
 */
function rpcFrom(localAddress, name, body) {
  const { hostname, port } = new URL(stack.apiUrl);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        localAddress,
        method: 'POST',
        path: `/rest/v1/rpc/${name}`,
        timeout: 10_000,
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        let answer = '';
        res.on('data', (chunk) => (answer += chunk));
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve(JSON.parse(answer))
            : reject(new Error(`${name}: ${res.statusCode} ${answer}`)),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${name}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(text);
  });
}

const rows = [];
try {
  // Topic votes: each visitor clicks a few times in a row on one topic (none→up, up→down, down→up, …).
  const topics = (await db.query('select id, upvotes, downvotes from public.topics where "districtId" = 1 order by id'))
    .rows;
  /** @type {Map<number, { up: number, down: number }>} */
  const expected = new Map(topics.map((t) => [t.id, { up: t.upvotes, down: t.downvotes }]));
  /** @param {number} id */
  const expectedOf = (id) => {
    const counts = expected.get(id);
    if (!counts) throw new Error(`topic ${id} was not read before the run`);
    return counts;
  };
  // What was sent and answered ok, per topic: first votes (none to up or down) and switches (up to down, down to up).
  const sentVotes = new Map(topics.map((t) => [t.id, { first: 0, switches: 0 }]));
  let topicRequests = 0;
  let topicErrors = 0;
  const started = Date.now();
  const visitors = Array.from({ length: topicVisitors }, (_, n) => {
    const address = `127.2.${Math.floor(n / 250)}.${1 + (n % 250)}`;
    const topic = pick(topics).id;
    const clicks = 1 + Math.floor(rand() * 4);
    const first = rand() < 0.5 ? 'up' : 'down';
    return async () => {
      let state = 'none';
      for (let i = 0; i < clicks; i += 1) {
        const to = i === 0 ? first : state === 'up' ? 'down' : 'up';
        topicRequests += 1;
        try {
          await rpcFrom(address, 'vote_topic', { topic_id: topic, from_vote: state, to_vote: to });
          const sent = sentVotes.get(topic);
          if (sent) sent[state === 'none' ? 'first' : 'switches'] += 1;
          const counts = expectedOf(topic);
          if (to === 'up') counts.up += 1;
          if (to === 'down') counts.down += 1;
          if (state === 'up') counts.up -= 1;
          if (state === 'down') counts.down -= 1;
          state = to;
        } catch {
          topicErrors += 1;
          break;
        }
      }
    };
  });
  await pool(visitors, concurrency);
  const topicSeconds = (Date.now() - started) / 1000;
  const after = (await db.query('select id, upvotes, downvotes from public.topics where "districtId" = 1')).rows;
  let topicLost = 0;
  let topicDuplicated = 0;
  // A switch applied the wrong way keeps the sum and moves both counts: each count is compared on its own.
  let topicDiffer = 0;
  for (const t of after) {
    const want = expectedOf(t.id);
    const diff = t.upvotes - want.up + (t.downvotes - want.down);
    if (diff < 0) topicLost += -diff;
    if (diff > 0) topicDuplicated += diff;
    if (t.upvotes !== want.up || t.downvotes !== want.down) {
      topicDiffer += 1;
      const { first, switches } = sentVotes.get(t.id) ?? { first: 0, switches: 0 };
      console.log(
        `topic ${t.id}: ${first} first votes and ${switches} switches sent; expected up ${want.up}, down ${want.down}; found up ${t.upvotes}, down ${t.downvotes}`,
      );
    }
  }
  const sentTotals = [...sentVotes.values()].reduce(
    (sum, v) => ({ first: sum.first + v.first, switches: sum.switches + v.switches }),
    { first: 0, switches: 0 },
  );
  rows.push({
    writes: 'topic votes',
    requests: topicRequests,
    concurrency,
    checked: `${after.length} topics: ${sentTotals.first} first votes, ${sentTotals.switches} switches`,
    lost: topicLost,
    duplicated: topicDuplicated,
    differ: topicDiffer,
    errors: topicErrors,
    'req/s': (topicRequests / topicSeconds).toFixed(0),
  });

  // Agenda votes: unique submissions, plus resends of some of them (double clicks and retries).
  const choices = ['support', 'oppose', 'neutral'];
  const sent = Array.from({ length: agendaVotes }, () => ({
    idempotency_key: randomUUID(),
    meeting_date: '2025-06-17',
    budget: pick(choices),
    lcap: pick(choices),
    esri_update: pick(choices),
    summer_projects: pick(choices),
    hoover_playground: pick(choices),
    email: rand() < 0.5 ? `resident${Math.floor(rand() * 1e6)}@example.org` : null,
    comments: rand() < 0.3 ? 'Please keep the libraries open in summer.' : null,
  }));
  const resends = Array.from({ length: Math.floor(agendaVotes / 3) }, () => pick(sent));
  let agendaErrors = 0;
  const agendaStarted = Date.now();
  const agendaTasks = [...sent, ...resends]
    .sort(() => rand() - 0.5)
    .map((submission) => async () => {
      try {
        const answer = await rpc('submit_agenda_vote', submission);
        if (!answer.ok) agendaErrors += 1;
      } catch {
        agendaErrors += 1;
      }
    });
  const agendaDone = await pool(agendaTasks, concurrency);
  const agendaSeconds = (Date.now() - agendaStarted) / 1000;
  const storedRows = (
    await db.query(
      `select idempotency_key::text as key, to_char(meeting_date, 'YYYY-MM-DD') as meeting_date, budget, lcap, esri_update, summer_projects,
       hoover_playground, email, comments from public.agenda_votes`,
    )
  ).rows;
  const storedByKey = Map.groupBy(storedRows, (row) => row.key);
  const sentByKey = new Map(sent.map((submission) => [submission.idempotency_key, submission]));
  const agendaLost = sent.filter((s) => !storedByKey.has(s.idempotency_key)).length;
  const agendaDuplicated =
    [...storedByKey.values()].reduce((sum, rows) => sum + rows.length - 1, 0) +
    [...storedByKey.keys()].filter((key) => !sentByKey.has(key)).length;
  // Every stored answer, field by field, against what was sent with its key.
  const answerFields = /** @type {const} */ ([
    'meeting_date',
    'budget',
    'lcap',
    'esri_update',
    'summer_projects',
    'hoover_playground',
    'email',
    'comments',
  ]);
  let agendaDiffer = 0;
  for (const row of storedRows) {
    const submission = sentByKey.get(row.key);
    if (!submission) continue;
    const differing = answerFields.filter((field) => row[field] !== submission[field]);
    if (differing.length === 0) continue;
    agendaDiffer += 1;
    console.log(
      `agenda vote ${row.key}: ${differing.map((field) => `${field} sent ${JSON.stringify(submission[field])}, stored ${JSON.stringify(row[field])}`).join('; ')}`,
    );
  }
  rows.push({
    writes: 'agenda votes',
    requests: agendaDone,
    concurrency,
    checked: `${sent.length} keys, ${storedRows.length} rows, ${answerFields.length} fields each`,
    lost: agendaLost,
    duplicated: agendaDuplicated,
    differ: agendaDiffer,
    errors: agendaErrors,
    'req/s': (agendaDone / agendaSeconds).toFixed(0),
  });

  // Subscriptions: addresses sent more than once, in different letter cases, to a few districts.
  const addresses = Array.from({ length: subscriptions }, (_, i) => ({
    email: `parent${i}@example.org`,
    district_id: 1 + (i % 3),
  }));
  const repeats = Array.from({ length: Math.floor(subscriptions / 4) }, () => {
    const a = pick(addresses);
    return { ...a, email: a.email.toUpperCase() };
  });
  let subscribeErrors = 0;
  const subscribeStarted = Date.now();
  const subscribeTasks = [...addresses, ...repeats]
    .sort(() => rand() - 0.5)
    .map((body) => async () => {
      try {
        const answer = await rpc('subscribe', body);
        if (!answer.ok) subscribeErrors += 1;
      } catch {
        subscribeErrors += 1;
      }
    });
  const subscribeDone = await pool(subscribeTasks, concurrency);
  const subscribeSeconds = (Date.now() - subscribeStarted) / 1000;
  const subs = (
    await db.query(
      'select lower(email) as email, district_id, count(*)::int as n from public.subscriptions group by 1, 2',
    )
  ).rows;
  const subKeys = new Set(subs.map((r) => `${r.email}|${r.district_id}`));
  const subscribeLost = addresses.filter((a) => !subKeys.has(`${a.email}|${a.district_id}`)).length;
  const subscribeDuplicated = subs.reduce((sum, r) => sum + (r.n - 1), 0) + Math.max(0, subs.length - addresses.length);
  rows.push({
    writes: 'subscriptions',
    requests: subscribeDone,
    concurrency,
    checked: `${addresses.length} addresses, ${subs.length} rows`,
    lost: subscribeLost,
    duplicated: subscribeDuplicated,
    differ: 0,
    errors: subscribeErrors,
    'req/s': (subscribeDone / subscribeSeconds).toFixed(0),
  });
} finally {
  await db.end();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log('');
printTable(rows);
const bad = rows.reduce((sum, r) => sum + r.lost + r.duplicated + r.differ + r.errors, 0);
const unfinished = Date.now() >= deadline;
if (unfinished) console.log('\nThe time bound ended the run before every request was sent.');
console.log(
  bad === 0 && !unfinished
    ? '\nNo write lost, duplicated or different from what was sent.'
    : '\nSome writes were lost, duplicated, stored differently or refused (see above).',
);
process.exit(bad === 0 && !unfinished ? 0 : 1);

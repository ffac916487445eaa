// `npm run bench:search -- [N]`: the district search and the record search at N generated districts (default
// 20,000: 240,000 meetings, 120,000 topics, 300,000 votes): database time and round trip through the gateway for
// typical queries, median and p95, and the plans showing the indexes in use. It fails when a plan does not use the
// index it should, or when a record search's database p95 is over 50 ms. Uses its own embedded stack on
// BENCH_PORT_BASE (26100) ports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStack } from './lib/stack.mjs';
import { loadScaleFixtures } from './lib/scale-fixtures.mjs';
import { connect } from './lib/postgres.mjs';
import { median, percentile, printTable } from './lib/measure.mjs';

const { values: options, positionals } = parseArgs({ allowPositionals: true, options: { years: { type: 'string', default: '1' } } });
const n = Number.parseInt(positionals[0] ?? process.env.BENCH_DISTRICTS ?? '20000', 10);
const years = Number.parseInt(options.years, 10);
const runs = Number.parseInt(process.env.BENCH_RUNS ?? '50', 10);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26100', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-bench-search-'));
// Typical things a parent types: 2, 3, 5 and 10 characters, with and without a state.
const QUERIES = [
  ['Oa', null], ['Oa', 'CA'],
  ['Riv', null], ['Riv', 'TX'],
  ['Maple', null], ['Maple', 'NY'],
  ['Unified Sc', null], ['Unified Sc', 'CA'],
];

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const stack = await startStack({ apiPort: base + 21, dbPort: base + 22, restPort: base + 31, dataDir: join(work, 'postgres'), reset: true, seed: false, quiet: true });
const db = await connect(stack.dbUrl);
try {
  console.log(`Generating ${n} districts with ${years} school year${years === 1 ? '' : 's'} of meetings and votes…`);
  await loadScaleFixtures(stack.dbUrl, { districts: n, years, onProgress: (d, t) => process.stdout.write(`\r  ${d} / ${t}`) });
  // As autovacuum leaves a live database: the GIN indexes' pending entries merged, the visibility map set.
  await db.query('vacuum analyze');
  console.log('');
  const rows = [];
  for (const [text, state] of QUERIES) {
    const dbTimes = [];
    const apiTimes = [];
    let results = 0;
    for (let i = 0; i < runs; i += 1) {
      let t = process.hrtime.bigint();
      const { rowCount } = await db.query('select * from public.search_districts($1, $2)', [text, state]);
      dbTimes.push(ms(t));
      results = rowCount;
      t = process.hrtime.bigint();
      const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/search_districts`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ search_text: text, state_code: state }),
      });
      await res.json();
      apiTimes.push(ms(t));
    }
    rows.push({
      query: JSON.stringify(text),
      state: state ?? '-',
      results,
      'db median ms': median(dbTimes).toFixed(2),
      'db p95 ms': percentile(dbTimes, 95).toFixed(2),
      'gateway median ms': median(apiTimes).toFixed(2),
      'gateway p95 ms': percentile(apiTimes, 95).toFixed(2),
    });
  }
  console.log(`\nSearch at ${n} districts, ${runs} runs per query:\n`);
  printTable(rows);
  // The function's two statements, with typical values, show which index the planner uses for each.
  const explain = async (label, sql) => {
    const { rows: plan } = await db.query(`explain (analyze, costs off, timing off, summary off) ${sql}`);
    console.log(`\nEXPLAIN, ${label}:`);
    for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
    return plan.map((l) => l['QUERY PLAN']).join('\n');
  };
  const prefixPlan = await explain('names starting with "maple"', "select d.id from public.districts d where lower(d.name) like 'maple' || '%' order by lower(d.name), d.name, d.id limit 20");
  const substringPlan = await explain('names containing "llowcres" (a rare text inside names)', "select d.id from public.districts d where d.name ilike '%' || 'llowcres' || '%' and lower(d.name) not like 'llowcres' || '%' order by d.name, d.id limit 20");
  const usesIndex = substringPlan.includes('districts_name_trgm_idx') && prefixPlan.includes('districts_name_prefix_idx');
  console.log(`\ntrigram index used for the substring search: ${substringPlan.includes('districts_name_trgm_idx') ? 'yes' : 'NO'}; prefix index used: ${prefixPlan.includes('districts_name_prefix_idx') ? 'yes' : 'NO'}`);
  if (!usesIndex) process.exitCode = 1;

  await benchRecordSearch(db, stack);
} finally {
  await db.end();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * The record search (search_records): a rare word, a common word, a two-word phrase and a word in one district.
 * The plans are those of the statement inside the function, caught with auto_explain and sent to this client.
 */
async function benchRecordSearch(db, stack) {
  const middle = Math.ceil(n / 2);
  const CASES = [
    // A place name: in the names of a few dozen districts, so in their meetings and topics. Found through the GIN
    // indexes, every match ranked.
    { label: 'rare word', args: { q: 'Willowcrest' }, indexes: ['meetings_search_idx', 'topics_search_idx', 'votings_search_idx'] },
    // In every meeting summary and most topics: more matches than the probe counts, so the newest are walked.
    { label: 'common word', args: { q: 'board' }, indexes: ['meetings_date_idx'] },
    // In about one meeting in six: the probe counts through the GIN index, then the newest are walked.
    { label: 'two-word phrase', args: { q: '"mental health"' }, indexes: ['meetings_search_idx', 'meetings_date_idx'] },
    { label: 'word in one district', args: { q: 'budget', district_id: middle }, indexes: ['meetings_district_date_idx'] },
  ];
  const rows = [];
  const plans = [];
  for (const { label, args, indexes } of CASES) {
    const dbTimes = [];
    const apiTimes = [];
    let results = 0;
    const params = [args.q, args.district_id ?? null];
    for (let i = 0; i < runs; i += 1) {
      let t = process.hrtime.bigint();
      const { rowCount } = await db.query('select * from public.search_records($1, $2)', params);
      dbTimes.push(ms(t));
      results = rowCount;
      t = process.hrtime.bigint();
      const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/search_records`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      if (!res.ok) throw new Error(`search_records ${JSON.stringify(args)} answered ${res.status}: ${await res.text()}`);
      await res.json();
      apiTimes.push(ms(t));
    }
    const plan = await nestedPlan(db, 'select * from public.search_records($1, $2)', params);
    const missing = indexes.filter((index) => !plan.includes(index));
    plans.push({ label, plan, missing });
    rows.push({
      case: label,
      query: JSON.stringify(args.q) + (args.district_id ? ` in district ${args.district_id}` : ''),
      results,
      'db median ms': median(dbTimes).toFixed(2),
      'db p95 ms': percentile(dbTimes, 95).toFixed(2),
      'gateway median ms': median(apiTimes).toFixed(2),
      'gateway p95 ms': percentile(apiTimes, 95).toFixed(2),
      'indexes used': usedIndexes(plan).join(' ') || '-',
    });
    if (percentile(dbTimes, 95) > 50) {
      console.log(`\n${label}: database p95 ${percentile(dbTimes, 95).toFixed(2)} ms is over the 50 ms goal`);
      process.exitCode = 1;
    }
  }
  const [{ meetings, topics, votings }] = (await db.query('select (select count(*) from public.meetings)::int as meetings, (select count(*) from public.topics)::int as topics, (select count(*) from public.votings)::int as votings')).rows;
  console.log(`\nRecord search at ${n} districts (${meetings} meetings, ${topics} topics, ${votings} votes), ${runs} runs per query, first page of 20:\n`);
  printTable(rows);
  for (const { label, plan, missing } of plans) {
    console.log(`\nEXPLAIN, record search, ${label}:`);
    for (const line of plan.split('\n')) console.log(`  ${line}`);
    if (missing.length) {
      console.log(`  NOT USED: ${missing.join(', ')}`);
      process.exitCode = 1;
    }
  }
}

/** The index names a plan reads. */
function usedIndexes(plan) {
  return [...new Set(plan.match(/\b\w+_idx\b/g) ?? [])].sort();
}

/** The plans of the statements a query runs inside functions, by auto_explain, sent to this client as notices. */
async function nestedPlan(db, sql, params) {
  const lines = [];
  const onNotice = (notice) => {
    if (/Query Text:/.test(notice.message) && /search_vector/.test(notice.message)) lines.push(notice.message);
  };
  db.on('notice', onNotice);
  try {
    await db.query("load 'auto_explain'");
    await db.query('set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set auto_explain.log_analyze = on; set auto_explain.log_timing = off; set client_min_messages = log');
    await db.query(sql, params);
  } finally {
    await db.query('reset client_min_messages; set auto_explain.log_min_duration = -1');
    db.off('notice', onNotice);
  }
  // Only the plans (their first line is the first with a cost): the statements' text is in the migration.
  return lines
    .map((message) => {
      const plan = message.split('\n');
      return plan.slice(plan.findIndex((line) => line.includes('(cost=')));
    })
    .map((plan) => plan.join('\n'))
    .join('\n');
}

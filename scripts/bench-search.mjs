// `npm run bench:search -- [N]`: the district search at N generated districts (default 20,000): database time
// and round trip through the gateway for typical queries, median and p95, and the plan showing the trigram
// index in use. Uses its own embedded stack on BENCH_PORT_BASE (26100) ports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from './lib/stack.mjs';
import { loadScaleFixtures } from './lib/scale-fixtures.mjs';
import { connect } from './lib/postgres.mjs';
import { median, percentile, printTable } from './lib/measure.mjs';

const n = Number.parseInt(process.argv[2] ?? process.env.BENCH_DISTRICTS ?? '20000', 10);
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
  console.log(`Generating ${n} districts…`);
  await loadScaleFixtures(stack.dbUrl, { districts: n, onProgress: (d, t) => process.stdout.write(`\r  ${d} / ${t}`) });
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
  const substringPlan = await explain('names containing "cedarbrook" (a rare text)', "select d.id from public.districts d where d.name ilike '%' || 'cedarbrook' || '%' and lower(d.name) not like 'cedarbrook' || '%' order by d.name, d.id limit 20");
  const usesIndex = substringPlan.includes('districts_name_trgm_idx') && prefixPlan.includes('districts_name_prefix_idx');
  console.log(`\ntrigram index used for the substring search: ${substringPlan.includes('districts_name_trgm_idx') ? 'yes' : 'NO'}; prefix index used: ${prefixPlan.includes('districts_name_prefix_idx') ? 'yes' : 'NO'}`);
  if (!usesIndex) process.exitCode = 1;
} finally {
  await db.end();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}

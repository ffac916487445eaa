// `npm run bench:import -- [N]`: imports N generated districts (default 20,000: 240,000 meetings with summaries,
// 120,000 topics, 300,000 votes with 1.5 million member votes) as an operator would, with `npm run import`, three times:
// into an empty database, again unchanged, and again with 1% of the districts changed. Prints wall time and peak
// memory of each run against its goal (5 min, 2 min, 2 min; 1 GB) and exits non-zero when a goal is missed. Uses its
// own embedded stack on BENCH_PORT_BASE (26000) ports.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from './lib/embedded-stack.mjs';
import { connect } from './lib/postgres.mjs';
import { writeScaleFixtures } from './lib/scale-fixtures.mjs';
import { measure, printTable } from './lib/measure.mjs';
import { root } from './lib/stack-config.mjs';

const n = Number.parseInt(process.argv[2] ?? process.env.BENCH_DISTRICTS ?? '20000', 10);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26000', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-bench-import-'));
const GOALS = { first: 300, unchanged: 120, changed: 120, peakMB: 1024 };

const stack = await startStack({ apiPort: base + 21, dbPort: base + 22, restPort: base + 31, smtpPort: base + 25, inboxPort: base + 24, dataDir: join(work, 'postgres'), reset: true, seed: false, quiet: true });
let missed = 0;
try {
  console.log(`Writing ${n} districts as import files…`);
  const today = new Date();
  const counts = writeScaleFixtures(join(work, 'files'), { districts: n, today });
  writeScaleFixtures(join(work, 'changed'), { districts: n, today, changeStep: 100 });
  console.log(`  ${JSON.stringify(counts)}`);

  const lastRun = async () => {
    const client = await connect(stack.dbUrl);
    try {
      return (await client.query('select status, counts from public.import_runs order by started_at desc limit 1')).rows[0];
    } finally {
      await client.end();
    }
  };
  /**
   * Imports one folder and judges the run against its goal.
   * @param {string} label
   * @param {string} folder
   * @param {number} goal seconds
   */
  const run = async (label, folder, goal) => {
    console.log(`Importing: ${label}…`);
    const report = join(work, 'report.csv');
    let m;
    try {
      m = await measure(process.execPath, [join(root, 'scripts', 'import.mjs'), '--quiet', '--report', report, folder], { cwd: root, env: { DATABASE_URL: stack.dbUrl, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' } });
    } catch (error) {
      // A refused run is a missed goal: say why, from the importer's own report.
      const problems = existsSync(report) ? readFileSync(report, 'utf8').split('\n').slice(0, 11).join('\n') : '';
      throw new Error(`${error instanceof Error ? error.message : error}\n${problems}`, { cause: error });
    }
    const { status, counts: c } = await lastRun();
    /** @param {'added' | 'changed' | 'unchanged'} key */
    const sum = (key) => ['districts', 'meetings', 'topics', 'votings'].reduce((total, kind) => total + (c[kind]?.[key] ?? 0), 0);
    const met = m.seconds <= goal && (m.peakMB === null || m.peakMB <= GOALS.peakMB) && status === 'written';
    if (!met) missed += 1;
    return {
      run: label,
      added: sum('added'),
      changed: sum('changed'),
      unchanged: sum('unchanged'),
      'wall s': m.seconds.toFixed(1),
      goal: `${goal} s`,
      'peak MB': m.peakMB === null ? 'n/a' : m.peakMB.toFixed(0),
      'rows/s': Math.round((sum('added') + sum('changed') + sum('unchanged')) / m.seconds),
      met: met ? 'yes' : 'NO',
    };
  };
  const rows = [
    await run('into an empty database', join(work, 'files'), GOALS.first),
    await run('again, nothing changed', join(work, 'files'), GOALS.unchanged),
    await run('again, 1% of districts changed', join(work, 'changed'), GOALS.changed),
  ];
  console.log('');
  printTable(rows);
  console.log(`\nPeak memory is the importer's own (goal ${GOALS.peakMB} MB); Postgres runs beside it. Rows are districts, meetings, topics and votes (a vote is one row however many members voted).`);
  if (missed) console.error(`\n${missed} of 3 runs missed a goal.`);
} finally {
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = missed ? 1 : 0;

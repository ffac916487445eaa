// `npm run bench:import -- [N]`: imports N generated districts (default 20,000: 240,000 meetings with summaries,
// 120,000 topics, 300,000 votes with 1.5 million member votes) as an operator would, with `npm run import`, three times:
// into an empty database, again unchanged, and again with 1% of the districts changed. Prints each run's wall time,
// the CPU time of the importer and of Postgres, and the importer's peak memory against the goals (5 min, 2 min, 2 min;
// 1 GB), with the machine's load average (on a shared machine the wall time follows the load; the CPU time does not);
// exits 1 when a goal is missed (scripts/lib/goals.mjs). Then one district's single votes.csv of 500,000 rows (100,000
// votes of five members, some 19 MB), which must import within the same 1 GB. BENCH_CASES=big runs that case alone.
// Uses its own embedded stack on BENCH_PORT_BASE (26000) ports.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from './lib/embeddedStack.mjs';
import { connect } from './lib/postgres.mjs';
import { writeScaleFixtures } from './lib/scaleFixtures.mjs';
import { measure, printTable, processTreeCpu } from './lib/measure.mjs';
import { Goals } from './lib/goals.mjs';
import { root } from './lib/stackConfig.mjs';
import { IMPORT_GOALS } from './lib/benchGoals.mjs';
import { commandLine, wholeNumberOf } from './lib/commandLine.mjs';

const { positionals } = commandLine({
  usage: `Usage: npm run bench:import -- [N]
  N   districts to generate (default 20,000, or BENCH_DISTRICTS)
Imports them three times (into an empty database, unchanged, 1% changed), then one votes.csv of 500,000 rows.
BENCH_CASES=big runs the 500,000-row case alone; BENCH_PORT_BASE (26000) sets its ports.`,
  positionals: 1,
});
const n = wholeNumberOf(positionals[0] ?? process.env.BENCH_DISTRICTS ?? '20000', 'N', 1);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26000', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-bench-import-'));
const GOALS = IMPORT_GOALS;
const bigOnly = process.env.BENCH_CASES === 'big';

/**
 * One district's votes.csv of `votes` votes of five members each (a row per member), with its districts.csv.
 * @param {string} dir
 * @param {number} votes
 */
function writeBigVotes(dir, votes) {
  mkdirSync(join(dir, '990001'), { recursive: true });
  writeFileSync(join(dir, 'districts.csv'), 'id,name,state\n990001,Large Votes Bench District,CA\n');
  const members = ['Ana Ruiz', 'Ben Cole', 'Cy Dunn', 'Di Eng', 'Ed Fox'];
  const lines = ['date,category,issue,outcome,member,vote'];
  for (let at = 0; at < votes; at += 1) {
    const day = new Date(Date.UTC(2000, 0, 1) + (at % 9000) * 86_400_000).toISOString().slice(0, 10);
    for (const member of members)
      lines.push(`${day},Consent,Item ${at + 1} of the consent calendar,Passed (5-0),${member},Yes`);
  }
  writeFileSync(join(dir, '990001', 'votes.csv'), `${lines.join('\n')}\n`);
}
// The importer as `npm run import` starts it (its Node flags: the heap it may grow to), without npm around it.
const importArgs = /** @type {{ scripts: Record<string, string> }} */ (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
).scripts.import
  .split(/\s+/)
  .slice(1);
const goals = new Goals();

const stack = await startStack({
  apiPort: base + 21,
  dbPort: base + 22,
  restPort: base + 31,
  smtpPort: base + 25,
  inboxPort: base + 24,
  dataDir: join(work, 'postgres'),
  reset: true,
  seed: false,
  quiet: true,
});
try {
  if (!bigOnly) {
    console.log(`Writing ${n} districts as import files…`);
    const today = new Date();
    const counts = writeScaleFixtures(join(work, 'files'), { districts: n, today });
    writeScaleFixtures(join(work, 'changed'), { districts: n, today, changeStep: 100 });
    console.log(`  ${JSON.stringify(counts)}`);
  }
  writeBigVotes(join(work, 'big'), 100_000);

  const lastRun = async () => {
    const client = await connect(stack.dbUrl);
    try {
      return (await client.query('select status, counts from public.import_runs order by started_at desc limit 1'))
        .rows[0];
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
    const load = loadavg()[0];
    const pgBefore = processTreeCpu(stack.processes.postgres);
    let m;
    try {
      m = await measure(process.execPath, [...importArgs, '--quiet', '--report', report, folder], {
        cwd: root,
        env: { DATABASE_URL: stack.dbUrl, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' },
      });
    } catch (error) {
      // A refused run is a missed goal: say why, from the importer's own report.
      const problems = existsSync(report) ? readFileSync(report, 'utf8').split('\n').slice(0, 11).join('\n') : '';
      throw new Error(`${error instanceof Error ? error.message : error}\n${problems}`, { cause: error });
    }
    const pgAfter = processTreeCpu(stack.processes.postgres);
    const { status, counts: c } = await lastRun();
    /** @param {'added' | 'changed' | 'unchanged'} key */
    const sum = (key) =>
      ['districts', 'meetings', 'topics', 'votings'].reduce((total, kind) => total + (c[kind]?.[key] ?? 0), 0);
    const inTime = goals.check(m.seconds <= goal, `${label}: ${m.seconds.toFixed(1)} s, over the ${goal} s goal`);
    const inMemory = goals.check(
      m.peakMB === null || m.peakMB <= GOALS.peakMB,
      `${label}: the importer's peak memory ${m.peakMB?.toFixed(0)} MB, over the ${GOALS.peakMB} MB goal`,
    );
    const written = goals.check(status === 'written', `${label}: the run was ${status}, not written`);
    return {
      run: label,
      added: sum('added'),
      changed: sum('changed'),
      unchanged: sum('unchanged'),
      'wall s': m.seconds.toFixed(1),
      goal: `${goal} s`,
      'importer CPU s': m.cpuSeconds === null ? 'n/a' : m.cpuSeconds.toFixed(1),
      'Postgres CPU s': pgBefore === null || pgAfter === null ? 'n/a' : (pgAfter - pgBefore).toFixed(1),
      'peak MB': m.peakMB === null ? 'n/a' : m.peakMB.toFixed(0),
      load: `${load.toFixed(1)}-${loadavg()[0].toFixed(1)}`,
      met: inTime && inMemory && written ? 'yes' : 'NO',
    };
  };
  const rows = bigOnly
    ? []
    : [
        await run('into an empty database', join(work, 'files'), GOALS.first),
        await run('again, nothing changed', join(work, 'files'), GOALS.unchanged),
        await run('again, 1% of districts changed', join(work, 'changed'), GOALS.changed),
      ];
  try {
    rows.push(await run('one votes.csv of 500,000 rows', join(work, 'big'), GOALS.big));
  } catch (error) {
    // A run that ends in "heap out of memory" is a row of the table too: it says what failed.
    const why = (error instanceof Error ? error.message : String(error)).match(
      /heap out of memory|failed \(\d+\)/,
    )?.[0];
    goals.check(false, `one votes.csv of 500,000 rows: ${why ?? 'failed'}`);
    rows.push({
      run: 'one votes.csv of 500,000 rows',
      added: 0,
      changed: 0,
      unchanged: 0,
      'wall s': 'n/a',
      goal: `${GOALS.big} s`,
      'importer CPU s': 'n/a',
      'Postgres CPU s': 'n/a',
      'peak MB': 'n/a',
      load: loadavg()[0].toFixed(1),
      met: `NO (${why ?? 'failed'})`,
    });
  }
  console.log('');
  printTable(rows);
  console.log(
    `\nPeak memory is the importer's own (goal ${GOALS.peakMB} MB); Postgres runs beside it. Rows are districts, meetings, topics and votes (a vote is one row however many members voted). Load: the machine's 1-minute load average at the start and the end of the run, on ${availableParallelism()} CPUs.`,
  );
} catch (error) {
  goals.check(false, `the benchmark failed: ${error instanceof Error ? error.message : error}`);
} finally {
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
goals.end();

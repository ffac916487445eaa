// `npm run bench:alerts -- [N] [--alerts M] [--records K]`: the alerts' matching at N districts (default 20,000) with a
// school year of records each, M alerts (default 100,000) of confirmed addresses and K new or changed records (default
// 2,000, a night's import), all generated in SQL. It times match_alerts() (matching the K records against the alerts
// and queueing each match), reads the peak memory of the database process that ran it, then plays a run killed halfway
// (its connection ended) and started again, and checks that every match is queued exactly once; then times
// queue_alert_emails() (one email per address listing its matches, marked sent with it). Goals, at any size: the
// matching, and the matching plus the emails' queuing, within 60 s and 1 GB, through the alerts' district and words indexes with no table read whole, each
// match queued once (scripts/lib/goals.mjs; exit 1 when one is missed). Uses a database of its own on
// BENCH_PORT_BASE (26100) + 23.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, prepareDatabase, startPostgres } from './lib/postgres.mjs';
import { printTable } from './lib/measure.mjs';
import { sequentialScans, usedIndexes } from './lib/plans.mjs';
import { Goals } from './lib/goals.mjs';
import { commandLine, wholeNumberOf } from './lib/commandLine.mjs';
import { ALERT_GOALS } from './lib/benchGoals.mjs';

const { values: options, positionals } = commandLine({
  usage: `Usage: npm run bench:alerts -- [N] [--alerts M] [--records K]
  N          districts to generate (default 20,000)
  --alerts   alerts of confirmed addresses (default 100,000)
  --records  new or changed records to match (default 2,000)
BENCH_PORT_BASE (26100) sets its ports.`,
  options: { alerts: { type: 'string', default: '100000' }, records: { type: 'string', default: '2000' } },
  positionals: 1,
});
const districts = wholeNumberOf(positionals[0] ?? '20000', 'N', 1);
const alerts = wholeNumberOf(options.alerts, '--alerts', 1);
const records = wholeNumberOf(options.records, '--records', 1);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26100', 10);
const { seconds: GOAL_SECONDS, peakMB: GOAL_MB } = ALERT_GOALS;
const goals = new Goals();
const work = mkdtempSync(join(tmpdir(), 'sbt-bench-alerts-'));
const port = base + 23;
const dbUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

// The common words the generated records are made of (a record holds about 30 of them and 10 rare ones); an alert
// for one district looks for one or two common words, an alert for a state or every district for a rare word.
const WORDS =
  `budget reserve bond facilities enrollment boundary transportation bus route nutrition lunch breakfast library
  counselor nurse wellness mental health cell phone policy start time bell schedule calendar graduation attendance
  math reading science history art music band orchestra theater athletics football soccer swimming pool gym field
  playground portable roof hvac solar kitchen cafeteria laptop tablet wifi curriculum textbook assessment testing
  homework tutoring literacy dual language immigrant special education inclusion aide paraprofessional substitute
  teacher contract salary union housing recruitment retention principal superintendent audit lottery charter magnet
  preschool kindergarten transitional middle high adult career technical apprenticeship internship college credit
  safety security camera fence crossing guard traffic parking bike walk climate heat smoke emergency drill lockdown
  vaping bullying discipline suspension restorative equity diversity translation interpreter parent volunteer
  booster foundation grant donation fundraiser garden recycling compost energy water lead asbestos mold bathroom`
    .split(/\s+/)
    .filter(Boolean);
const NAMES = [
  'Harper',
  'Ellison',
  'Navarro',
  'Okafor',
  'Lindqvist',
  'Raman',
  'Whitfield',
  'Delgado',
  'Brennan',
  'Castillo',
  'Nakamura',
  'Abernathy',
];

/** @param {bigint} start */
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
/**
 * A process's peak resident memory in MB (Linux's VmHWM), or null where it cannot be read.
 * @param {number} pid
 */
const peakMB = (pid) => {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
};

const { server } = await startPostgres({ dataDir: join(work, 'postgres'), port });
try {
  await prepareDatabase(dbUrl, { seed: false, log: () => {} });
  const db = await connect(dbUrl);
  try {
    await db.query('select setseed(0.31)');
    await db.query('create temporary table words as select array[' + WORDS.map((w) => `'${w}'`).join(',') + '] as w');
    await db.query(
      'create temporary table names as select array[' + NAMES.map((w) => `'${w}'`).join(',') + '] as pool',
    );
    // Random text of `count` words for each row of `n` (the correlation keeps it from being computed once): common
    // words of the pool, and one in four a rare one ('kw1234', of 5,000), as a record's names and particular subjects.
    const text = (/** @type {number} */ count, /** @type {string} */ row) =>
      `(select string_agg(case when random() < 0.25 then 'kw' || floor(random() * 5000)::int else w[1 + floor(random() * cardinality(w))::int] end, ' ') from words, generate_series(1, ${count}) g where ${row} >= 0)`;
    const common = (/** @type {string} */ row) =>
      `(select w[1 + floor(random() * cardinality(w))::int] from words where ${row} >= 0)`;
    const rare = (/** @type {string} */ row) => `(select 'kw' || floor(random() * 5000)::int where ${row} >= 0)`;
    const votes = (/** @type {string} */ row) =>
      `(select jsonb_agg(jsonb_build_object('name', 'Member ' || pool[1 + ((${row} + k) % cardinality(pool))], 'vote', case when random() < 0.2 then 'No' else 'Yes' end)) from names, generate_series(1, 5) k)`;

    let t = process.hrtime.bigint();
    console.log(`Generating ${districts} districts with a school year of records each…`);
    const states =
      "(array['AL','AK','AZ','AR','CA','CO','CT','DE','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD','MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI','SC','SD','TN','TX','UT','VT','VA','WA','WV','WI','WY'])";
    await db.query(
      `insert into public.districts (id, name, state) select n, 'District ' || n, ${states}[1 + n % 50] from generate_series(1, $1) n`,
      [districts],
    );
    await db.query(
      `insert into public.meetings ("districtId", date, title, topics, summary)
      select 1 + (n % $1), date '2025-08-01' + (n / $1) * 28, 'Board Meeting', jsonb_build_array(${text(3, 'n')}), '<p>' || ${text(40, 'n')} || '</p>'
      from generate_series(0, $1 * 11 - 1) n`,
      [districts],
    );
    await db.query(
      `insert into public.topics ("districtId", title, description)
      select 1 + (n % $1), ${text(3, 'n')}, ${text(25, 'n')} from generate_series(0, $1 * 6 - 1) n`,
      [districts],
    );
    await db.query(
      `insert into public.votings ("districtId", type, "voteDate", category, issue, outcome, votes)
      select 1 + (n % $1), 'past', date '2025-08-01' + (n / $1) * 20, 'Policy', ${text(6, 'n')}, 'Passed', ${votes('n')}
      from generate_series(0, $1 * 15 - 1) n`,
      [districts],
    );
    console.log(`  records in ${seconds(t).toFixed(1)} s`);

    // The meetings' word statistics, which an alert's words are chosen by (private.query_anchors).
    await db.query('analyze public.meetings');
    t = process.hrtime.bigint();
    // Addresses of five alerts each, confirmed. Alerts: 70% for one district, 15% for a state, 5% for every district,
    // 5% a topic's phrase in its district, 5% a member's votes (half of them only in the minority).
    await db.query(
      `insert into public.subscriptions (email, district_id, manage_token, confirmed_at)
      select 'bench-' || n || '@example.org', null, private.new_token(), now() - interval '1 day' from generate_series(1, $1) n`,
      [Math.ceil(alerts / 5)],
    );
    await db.query(
      `insert into private.alerts (subscription_id, kind, search_text, query, anchors, district_id, state, kinds, member, minority_only, created_at, confirmed_at)
      select s.id, a.kind, a.words, a.query, private.query_anchors(a.query), a.district, a.state, a.kinds, a.member, a.minority_only, now() - interval '1 day', now() - interval '1 day'
      from (
        select n, case when n % 20 = 19 then 'member' else 'search' end as kind, q.words,
          case when n % 20 = 19 then phraseto_tsquery('english', q.member) when n % 20 = 18 then phraseto_tsquery('english', q.words) else websearch_to_tsquery('english', q.words) end as query,
          case when n % 20 < 14 or n % 20 >= 18 then 1 + floor(random() * $2)::bigint end as district,
          case when n % 20 between 14 and 16 then ${states}[1 + n % 50] end as state,
          case when n % 20 = 19 then array['vote'] else array['meeting', 'topic', 'vote'] end as kinds,
          case when n % 20 = 19 then q.member end as member,
          n % 40 = 39 as minority_only
        from generate_series(0, $1 - 1) n
        -- An alert for one district looks for common words; one for a state or every district for a rare word (a
        -- name, a particular subject), a third of them beside a common word.
        cross join lateral (select case when n % 20 < 14 or n % 20 = 18 then ${common('n')} else ${rare('n')} end
                                   || case when n % 3 = 0 then ' ' || ${common('n')} else '' end as words,
                                   'Member ' || (select pool[1 + floor(random() * cardinality(pool))::int] from names where n >= 0) as member) q
      ) a
      join public.subscriptions s on lower(s.email) = 'bench-' || (1 + a.n / 5) || '@example.org' and s.district_id is null`,
      [alerts, districts],
    );
    await db.query('vacuum analyze');
    // Everything so far was there before the night: matched from here on.
    await db.query('select public.match_alerts(now())');
    console.log(`  ${alerts} alerts in ${seconds(t).toFixed(1)} s`);

    // The night's new and changed records: 60% meetings, 15% changed topics, 25% votes, in random districts.
    const meetings = Math.round(records * 0.6);
    const topics = Math.round(records * 0.15);
    const newVotes = records - meetings - topics;
    // One meeting a district that night (a meeting's natural key is its district, date and title), in districts
    // drawn at random.
    await db.query(
      `insert into public.meetings ("districtId", date, title, topics, summary)
      select d.id, date '2026-11-20', 'Board Meeting', jsonb_build_array(${text(3, 'n')}), '<p>' || ${text(40, 'n')} || '</p>'
      from (select id, row_number() over () as n from (select id from public.districts order by random() limit $1) r) d`,
      [meetings],
    );
    await db.query(
      `update public.topics t set description = ${text(25, 't.id')} where t.id in (select id from public.topics order by random() limit $1)`,
      [topics],
    );
    await db.query(
      `insert into public.votings ("districtId", type, "voteDate", category, issue, outcome, votes)
      select 1 + floor(random() * $2)::bigint, 'recent', date '2026-11-20', 'Policy', ${text(6, 'n')}, 'Passed', ${votes('n')}
      from generate_series(1, $1) n`,
      [newVotes, districts],
    );
    await db.query('analyze private.record_changes');

    // The matching, timed, on a connection of its own whose process's peak memory is read after.
    const runner = await connect(dbUrl);
    const pid = (await runner.query('select pg_backend_pid() as pid')).rows[0].pid;
    t = process.hrtime.bigint();
    const run = (await runner.query('select public.match_alerts() as run')).rows[0].run;
    const matchSeconds = seconds(t);
    const matchMB = peakMB(pid);
    await runner.end();

    // A run killed halfway and started again: the same window matched from scratch, its connection ended at half the
    // time the whole run took, then run again to its end.
    await db.query('delete from private.alert_matches where run_id = $1', [run.run_id]);
    await db.query('delete from private.alert_runs where id = $1', [run.run_id]);
    const killed = await connect(dbUrl);
    killed.on('error', () => {});
    const killedPid = (await killed.query('select pg_backend_pid() as pid')).rows[0].pid;
    const halfway = killed.query('select public.match_alerts() as run').then(
      () => 'finished before it was killed',
      () => 'killed',
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(50, (matchSeconds * 1000) / 2)));
    await db.query('select pg_terminate_backend($1)', [killedPid]);
    const fate = await halfway;
    // Started again, with its statements' plans caught (auto_explain): which indexes the matching reads.
    /** @type {string[]} */
    const plans = [];
    /** @param {{ message?: string }} notice a notice as pg passes it (its NoticeMessage type is not exported) */
    const onNotice = (notice) => {
      if (/insert into private\.alert_matches/.test(notice.message ?? '')) plans.push(notice.message ?? '');
    };
    db.on('notice', onNotice);
    await db.query("load 'auto_explain'");
    await db.query(
      'set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set auto_explain.log_analyze = on; set auto_explain.log_timing = off; set client_min_messages = log',
    );
    const again = (await db.query('select public.match_alerts() as run')).rows[0].run;
    await db.query('reset client_min_messages; set auto_explain.log_min_duration = -1');
    db.off('notice', onNotice);
    const plan = plans.join('\n');
    const planLines = plan.split('\n');
    console.log(
      `\nThe matching statement's plan (auto_explain, rows counted, no timing):\n${planLines.slice(planLines.findIndex((line) => line.includes('(cost='))).join('\n')}`,
    );
    const { total, distinct } = (
      await db.query(
        'select count(*)::int as total, count(distinct (alert_id, record_kind, record_id))::int as distinct from private.alert_matches',
      )
    ).rows[0];

    // The emails of those matches (every alert is daily and due): one per address, the matches marked sent with it.
    const mailer = await connect(dbUrl);
    const mailerPid = (await mailer.query('select pg_backend_pid() as pid')).rows[0].pid;
    t = process.hrtime.bigint();
    const emails = (await mailer.query('select public.queue_alert_emails() as queued')).rows[0].queued;
    const queueSeconds = seconds(t);
    const queueMB = peakMB(mailerPid);
    await mailer.end();

    console.log('');
    printTable([
      {
        districts,
        alerts,
        'new records': run.records,
        'matches queued': run.queued,
        'match s': matchSeconds.toFixed(2),
        'peak MB': matchMB === null ? 'n/a' : matchMB.toFixed(0),
        'run killed halfway': fate,
        'queued after restart': again.queued,
        duplicates: total - distinct,
        'emails queued': emails.queued,
        'queue s': queueSeconds.toFixed(2),
        'queue peak MB': queueMB === null ? 'n/a' : queueMB.toFixed(0),
      },
    ]);
    goals.check(
      matchSeconds <= GOAL_SECONDS,
      `matching ${run.records} records against ${alerts} alerts took ${matchSeconds.toFixed(1)} s (goal ${GOAL_SECONDS} s)`,
    );
    goals.check(
      matchSeconds + queueSeconds <= GOAL_SECONDS,
      `matching and queuing the emails took ${(matchSeconds + queueSeconds).toFixed(1)} s (goal ${GOAL_SECONDS} s)`,
    );
    goals.check(
      queueMB === null || queueMB <= GOAL_MB,
      `the queuing's database process peaked at ${queueMB?.toFixed(0)} MB (goal ${GOAL_MB} MB)`,
    );
    goals.check(emails.matches === total, `the emails list ${emails.matches} matches of the ${total} queued`);
    goals.check(
      matchMB === null || matchMB <= GOAL_MB,
      `the matching's database process peaked at ${matchMB?.toFixed(0)} MB (goal ${GOAL_MB} MB)`,
    );
    const indexes = usedIndexes(plan);
    const scanned = sequentialScans(plan, ['alerts', 'meetings', 'topics', 'votings', 'record_changes']);
    console.log(`\nindexes used: ${indexes.join(', ')}; sequential scans: ${scanned.join(', ') || 'none'}`);
    goals.check(plan !== '', "the matching statement's plan was not caught");
    goals.check(
      indexes.includes('alerts_district_idx') && indexes.includes('alerts_anchors_idx'),
      `the matching does not narrow the alerts through alerts_district_idx and alerts_anchors_idx (it uses ${indexes.join(', ')})`,
    );
    goals.check(scanned.length === 0, `the matching reads ${scanned.join(', ')} whole (a sequential scan)`);
    goals.check(total === distinct, `${total - distinct} matches were queued twice`);
    goals.check(
      total === run.queued,
      `after a run killed halfway and started again, ${total} matches are queued where one run queued ${run.queued}`,
    );
  } finally {
    await db.end();
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
goals.end();

// `npm run votes:report`: prints, per agenda item, how many residents chose support, oppose and neutral on the
// /votingPAUSD form, and the total submissions. The anon key cannot read agenda_votes, so this connects to
// Postgres directly: DATABASE_URL (for a hosted project, its Supabase connection string with ?sslmode=require),
// or the local embedded database of `npm start` (postgres://postgres:postgres@127.0.0.1:54322/postgres).
import pg from 'pg';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run votes:report
Per agenda item, the residents' support, oppose and neutral answers and the total submissions.
Settings (environment): DATABASE_URL (default: the local embedded database of \`npm start\`).
It takes no arguments.`,
});

const LOCAL_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:54322/postgres';
const MEETING_DATE = '2025-06-17';
// The agenda_votes columns, in the form's order (see supabase/migrations/20261201000500_resident_voices.sql).
const ITEMS = ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'];

/**
 * The address without its password, for the heading.
 * @param {string} url
 */
function safeAddress(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

/**
 * One line per row, columns padded: the item name left, the counts right.
 * @param {{ item: string, support: number, oppose: number, neutral: number, total: number }[]} rows
 */
function formatTable(rows) {
  const header = ['agenda item', 'support', 'oppose', 'neutral', 'total'];
  const lines = [header, ...rows.map((row) => [row.item, row.support, row.oppose, row.neutral, row.total].map(String))];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  /** @param {string[]} line */
  const format = (line) =>
    line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [format(lines[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.slice(1).map(format)].join(
    '\n',
  );
}

const url = process.env.DATABASE_URL || LOCAL_DATABASE_URL;
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
try {
  await client.connect();
} catch (error) {
  console.error(`Cannot connect to ${safeAddress(url)}: ${error instanceof Error ? error.message : error}`);
  console.error(
    process.env.DATABASE_URL
      ? 'Check DATABASE_URL.'
      : 'Start the local stack (`npm start` or `npm run stack`), or set DATABASE_URL.',
  );
  process.exit(1);
}

try {
  // One pass over the table: each row gives one (item, choice) pair per agenda item.
  const { rows } = await client.query(
    `select v.item,
            count(*) filter (where v.choice = 'support')::int as support,
            count(*) filter (where v.choice = 'oppose')::int as oppose,
            count(*) filter (where v.choice = 'neutral')::int as neutral,
            count(*)::int as total
     from public.agenda_votes a
     cross join lateral (values ('budget', a.budget), ('lcap', a.lcap), ('esri_update', a.esri_update),
                                ('summer_projects', a.summer_projects), ('hoover_playground', a.hoover_playground)) as v (item, choice)
     where a.meeting_date = $1
     group by v.item`,
    [MEETING_DATE],
  );
  const [{ submissions }] = (
    await client.query('select count(*)::int as submissions from public.agenda_votes where meeting_date = $1', [
      MEETING_DATE,
    ])
  ).rows;
  const byItem = new Map(rows.map((row) => [row.item, row]));
  const table = ITEMS.map((item) => byItem.get(item) ?? { item, support: 0, oppose: 0, neutral: 0, total: 0 });
  console.log(`Agenda votes for the board meeting of ${MEETING_DATE}, from ${safeAddress(url)}\n`);
  console.log(formatTable(table));
  console.log(`\nTotal submissions: ${submissions}`);
} catch (error) {
  if (error instanceof pg.DatabaseError && error.code === '42P01')
    console.error('The agenda_votes table is missing: apply supabase/migrations to this database first.');
  else console.error(`The report failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await client.end();
}

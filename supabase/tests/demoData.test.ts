// The demo data (import files in supabase/demo/, then supabase/seed.sql) tells a true story: every outcome agrees with
// its votes, members sometimes dissent and are sometimes absent, the board meets on Tuesdays with a summer break, and
// the upcoming meeting is after the day the data is loaded. It is loaded again, through the importer as `npm start`
// loads it, inside a transaction that is rolled back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVoting, type Voting } from '../../src/lib/data/votings';
import { outcomeProblem, voteCounts } from '../../src/lib/record/outcomes';
import { superuser } from './helpers';
import { DEMO_DIR, importFiles } from '../../scripts/lib/postgres.mjs';

const SEED = readFileSync(new URL('../seed.sql', import.meta.url), 'utf8')
  // Sequences are not rolled back with the transaction: leave them where the loaded database has them.
  .split('\n')
  .filter((line) => !line.startsWith('select setval('))
  .join('\n');

interface Meeting {
  districtId: number;
  date: string;
  isUpcoming: boolean;
  today: string;
}

/** The demo's votings and meetings, loaded into emptied tables in a transaction that is then rolled back. */
async function loadSeed(): Promise<{ votings: { raw: unknown; row: Voting | null }[]; meetings: Meeting[] }> {
  const client = await superuser();
  try {
    await client.query('begin');
    await client.query('truncate public.votings, public.meetings, public.topics, public.districts cascade');
    await importFiles(client, [DEMO_DIR]);
    await client.query(SEED);
    const votings = (
      await client.query(
        'select id::int, "districtId"::int, type, "voteDate"::text, category, issue, outcome, votes from public.votings order by id',
      )
    ).rows;
    const meetings = (
      await client.query(
        'select "districtId"::int, date::text, "isUpcoming", current_date::text as today from public.meetings order by date',
      )
    ).rows;
    return { votings: votings.map((raw: unknown) => ({ raw, row: checkVoting(raw).row })), meetings };
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

const seed = await loadSeed();
const district1 = seed.votings.flatMap(({ row }) => (row && row.districtId === 1 ? [row] : []));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('the demo votes', () => {
  it('are all readable rows', () => {
    expect(seed.votings.length).toBeGreaterThan(20);
    expect(seed.votings.filter(({ row }) => row === null)).toEqual([]);
  });

  it('each have an outcome that agrees with the votes beside it', () => {
    const problems = seed.votings.flatMap(({ row }) => {
      const problem = row && outcomeProblem(row.outcome, row.votes);
      return problem ? [`votings id=${row!.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("never show 'Passed (5-0)' beside a member without a vote", () => {
    for (const row of district1.filter((r) => r.outcome === 'Passed (5-0)')) {
      expect(row.votes.map((v) => v.vote)).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'Yes']);
    }
  });

  it('show members who dissent and members who are absent, in district 1', () => {
    const counted = district1.map((row) => ({
      ...voteCounts(row.votes),
      missing: 5 - row.votes.length,
      outcome: row.outcome,
    }));
    expect(counted.filter((c) => c.no > 0).length).toBeGreaterThanOrEqual(5);
    expect(
      counted.filter((c) => c.none > 0 || (c.missing > 0 && c.outcome !== 'Tabled')).length,
    ).toBeGreaterThanOrEqual(3);
    expect(counted.filter((c) => c.outcome?.startsWith('Failed')).length).toBeGreaterThanOrEqual(2);
  });

  it('are taken on days district 1 met, within its school year', () => {
    const days = new Set(seed.meetings.filter((m) => m.districtId === 1).map((m) => m.date));
    const first = [...days].sort()[0];
    for (const row of district1.filter((r) => r.voteDate! >= first))
      expect(days.has(row.voteDate!), `votings id=${row.id} on ${row.voteDate}`).toBe(true);
  });

  it('keep the Board votes of 17 June 2025 that the vote page shows: budget, LCAP and playground', () => {
    const june17 = district1.filter((r) => r.voteDate === '2025-06-17').map((r) => r.issue);
    for (const words of [/\bbudget\b/i, /\bLCAP\b/, /\bplayground\b/i])
      expect(june17.some((issue) => words.test(issue ?? ''))).toBe(true);
  });
});

describe('the demo meetings of district 1', () => {
  const meetings = seed.meetings.filter((m) => m.districtId === 1);

  it('are on Tuesdays, with no meeting in July', () => {
    for (const meeting of meetings) expect(weekday(meeting.date), meeting.date).toBe(2);
    expect(meetings.filter((m) => m.date.slice(5, 7) === '07')).toEqual([]);
  });

  it('include 17 June 2025, the meeting of the vote form', () => {
    expect(meetings.some((m) => m.date === '2025-06-17' && !m.isUpcoming)).toBe(true);
  });

  it('have one upcoming meeting, within a week after the day the seed is loaded', () => {
    const upcoming = meetings.filter((m) => m.isUpcoming);
    expect(upcoming).toHaveLength(1);
    const [{ date, today }] = upcoming;
    const days = (Date.parse(date) - Date.parse(today)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(7);
    for (const past of meetings.filter((m) => !m.isUpcoming)) expect(past.date < today).toBe(true);
  });
});

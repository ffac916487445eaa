// The district search says which boards have no records on the site yet (has_records): a meeting or a vote makes a
// district covered, a district with neither (or with topics only) is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, sql } from './helpers';

interface Suggestion {
  id: number;
  name: string;
  has_records: boolean;
}

// Districts of this test's own, each with one kind of record, removed again afterwards.
const DISTRICTS: [number, string][] = [
  [9301, 'Coverage Probe Meetings Only District'],
  [9302, 'Coverage Probe Votes Only District'],
  [9303, 'Coverage Probe Topics Only District'],
  [9304, 'Coverage Probe Empty District'],
];

async function removeProbes() {
  const ids = DISTRICTS.map(([id]) => id);
  await sql('delete from public.meetings where "districtId" = any($1)', [ids]);
  await sql('delete from public.votings where "districtId" = any($1)', [ids]);
  await sql('delete from public.topics where "districtId" = any($1)', [ids]);
  await sql('delete from public.districts where id = any($1)', [ids]);
}

describe('search_districts: has_records', () => {
  beforeAll(async () => {
    await removeProbes();
    for (const [id, name] of DISTRICTS)
      await sql('insert into public.districts (id, name, state) values ($1, $2, $3)', [id, name, 'CA']);
    await sql(
      `insert into public.meetings ("districtId", date, title) values (9301, '2025-06-17', 'Regular Board Meeting')`,
    );
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, outcome, votes) values (9302, 'recent', '2025-06-17', 'Adopt the budget', 'Passed (1-0)', '[{"name":"A. Member","vote":"Yes"}]')`,
    );
    await sql(`insert into public.topics ("districtId", title) values (9303, 'Budget')`);
  });
  afterAll(removeProbes);

  it.each([
    ['meetings only', 9301, true],
    ['votes only', 9302, true],
    ['topics only', 9303, false],
    ['nothing', 9304, false],
  ])('a district with %s: has_records %s', async (_label, id, expected) => {
    const { status, body } = await rpc<Suggestion[]>('search_districts', { search_text: 'Coverage Probe' });
    expect(status).toBe(200);
    expect(body.find((suggestion) => suggestion.id === id)?.has_records).toBe(expected);
  });

  it('marks the demo districts: Palo Alto Unified has records, Palos Verdes Peninsula none yet', async () => {
    const { body } = await rpc<Suggestion[]>('search_districts', { search_text: 'palo' });
    const byName = new Map(body.map((suggestion) => [suggestion.name, suggestion.has_records]));
    expect(byName.get('Palo Alto Unified School District')).toBe(true);
    expect(byName.get('Palos Verdes Peninsula Unified School District')).toBe(false);
  });

  it('carries the flag on a name that only contains the text (the second of its two lookups) too', async () => {
    const { body } = await rpc<Suggestion[]>('search_districts', { search_text: 'Votes Only' });
    expect(body).toEqual([
      { id: 9302, name: 'Coverage Probe Votes Only District', state: 'CA', county: null, has_records: true },
    ]);
  });
});

// The district search finds a district from the words a parent uses (supabase/migrations/20261201000200_district_search.sql):
// the name's words in any order with or without the words every district shares, initials, a nickname, a ZIP code,
// a county, a state's name and a small typo, ranked. Against the demo data, which has Palo Alto Unified (id 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, rpc, sql } from './helpers';

interface Suggestion {
  id: number;
  name: string;
  state: string;
  county: string;
  has_records: boolean;
}

const search = async (text: string, state: string | null = null) => {
  const { status, body } = await rpc<Suggestion[]>('search_districts', { search_text: text, state_code: state });
  expect(status).toBe(200);
  return body;
};

describe('search_districts: a district from any words', () => {
  beforeAll(async () => {
    await sql("delete from private.district_nicknames where nickname = 'Paly'");
    await sql("insert into private.district_nicknames (district_id, nickname) values (1, 'Paly')");
  });
  afterAll(async () => {
    await sql("delete from private.district_nicknames where nickname = 'Paly'");
  });

  // What a parent types, and the district that must come first.
  it.each([
    ['PAUSD', 'Palo Alto Unified School District'],
    ['pausd', 'Palo Alto Unified School District'],
    ['94301', 'Palo Alto Unified School District'],
    ['Palo Alto School District', 'Palo Alto Unified School District'],
    ['Palo Alto USD', 'Palo Alto Unified School District'],
    ['alto palo', 'Palo Alto Unified School District'],
    ['Palo Alot', 'Palo Alto Unified School District'],
    // Two letters swapped in one word.
    ['Cupretino', 'Cupertino Union School District'],
    ['Paly', 'Palo Alto Unified School District'],
    ['LAUSD', 'Los Angeles Unified School District'],
  ])('%s finds %s first', async (typed, name) => {
    const found = await search(typed);
    expect(found[0]?.name).toBe(name);
  });

  // A county or a state lists many districts: the one named after the county first, those with records before the rest.
  it.each([
    ['Santa Clara County', 'Santa Clara Unified School District'],
    ['santa clara', 'Santa Clara Unified School District'],
    ['California', null],
  ])('%s lists Palo Alto Unified among its districts', async (typed, first) => {
    const found = await search(typed);
    expect(found.map((d) => d.name)).toContain('Palo Alto Unified School District');
    if (first) expect(found[0].name).toBe(first);
  });

  it("lists a ZIP code's county after the district named after its place", async () => {
    const found = await search('94301');
    expect(found[0].name).toBe('Palo Alto Unified School District');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((d) => d.state === 'CA' && d.county === 'Santa Clara')).toBe(true);
  });

  it("lists only the state's districts for a state's name, those with records first", async () => {
    const found = await search('California');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((d) => d.state === 'CA')).toBe(true);
    const firstWithout = found.findIndex((d) => !d.has_records);
    if (firstWithout >= 0) expect(found.slice(firstWithout).every((d) => !d.has_records)).toBe(true);
  });

  it('keeps the state filter for every kind of match', async () => {
    expect(await search('PAUSD', 'TX')).toEqual([]);
    expect(await search('94301', 'NY')).toEqual([]);
    expect((await search('Santa Clara County', 'CA')).every((d) => d.state === 'CA')).toBe(true);
  });

  it('finds a district added through the API with the service role by its words at once, and a renamed one by its new name', async () => {
    const key = process.env.TEST_SERVICE_ROLE_KEY!;
    const added = await rest<{ id: number }[]>('/districts', {
      method: 'POST',
      key,
      headers: { authorization: `Bearer ${key}`, prefer: 'return=representation' },
      body: JSON.stringify({ name: 'Quillfeather Valley Unified School District' }),
    });
    expect(added.status).toBe(201);
    const id = added.body[0].id;
    try {
      expect((await search('quillfeather valley')).map((d) => d.id)).toEqual([id]);
      await sql("update public.districts set name = 'Brambleworth Unified School District' where id = $1", [id]);
      expect((await search('brambleworth')).map((d) => d.id)).toEqual([id]);
      expect(await search('quillfeather valley')).toEqual([]);
    } finally {
      await sql('delete from public.districts where id = $1', [id]);
    }
    expect(await sql('select 1 from private.district_lookup where district_id = $1', [id])).toEqual([]);
  });

  it("lists a county's districts with records first, as their meetings and votes are written, moved and removed", async () => {
    const [a, b] = await sql<{ id: number }>(
      `insert into public.districts (name, state, county) values
         ('Aldergrove Elementary School District', 'OR', 'Quillfeather County'),
         ('Birchmoor Elementary School District', 'OR', 'Quillfeather County')
       returning id`,
    );
    const listed = async () =>
      (await search('Quillfeather County')).map((d) => `${d.name.split(' ')[0]} ${d.has_records}`);
    try {
      expect(await listed()).toEqual(['Aldergrove false', 'Birchmoor false']);
      const [meeting] = await sql<{ id: number }>(
        `insert into public.meetings ("districtId", date, title) values ($1, '2025-06-17', 'Regular meeting') returning id`,
        [b.id],
      );
      expect(await listed()).toEqual(['Birchmoor true', 'Aldergrove false']);
      await sql('update public.meetings set "districtId" = $1 where id = $2', [a.id, meeting.id]);
      expect(await listed()).toEqual(['Aldergrove true', 'Birchmoor false']);
      await sql(
        `insert into public.votings ("districtId", "voteDate", issue, type) values ($1, '2025-06-17', 'Adopt the budget', 'recent')`,
        [b.id],
      );
      await sql('delete from public.meetings where id = $1', [meeting.id]);
      expect(await listed()).toEqual(['Birchmoor true', 'Aldergrove false']);
      await sql('delete from public.votings where "districtId" = $1', [b.id]);
      expect(await listed()).toEqual(['Aldergrove false', 'Birchmoor false']);
    } finally {
      await sql('delete from public.districts where id = any($1)', [[a.id, b.id]]);
    }
  });

  it('finds nothing for a ZIP code no district is near, nor for only the shared words', async () => {
    expect(await search('00000')).toEqual([]);
    expect((await search('qqqqzzzz')).length).toBe(0);
  });
});

// Hostile visitors through the same /rest/v1 the browser uses, with the anon key: the search treats every
// character literally and refuses overlong text, and every function refuses wrong types, missing and extra
// arguments with a 4xx and writes nothing.
import { describe, expect, it } from 'vitest';
import { refusalOf, rest, rpc, sql, type ApiError } from './helpers';

const [{ n: DISTRICTS }] = await sql<{ n: number }>('select count(*)::int as n from public.districts');

describe('the search matches what was typed, literally', () => {
  it.each(['%', '_', '\\', '*', ',', '(', ')', '.', '%%', '_%_', '.*', '\\%', '(.*)', "'", '"', ';', "' or 1=1 --"])(
    '%j matches only names containing it, never every row',
    async (text) => {
      const { status, body } = await rpc<{ name: string }[]>('search_districts', { search_text: text });
      expect(status).toBe(200);
      expect(body.length).toBeLessThan(Math.min(20, DISTRICTS));
      for (const district of body) expect(district.name.toLowerCase()).toContain(text.toLowerCase().trim());
    },
  );

  it('finds a name that really contains a special character, and only such names', async () => {
    const { body } = await rpc<unknown[]>('search_districts', { search_text: '(' });
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from public.districts where strpos(name, '(') > 0",
    );
    expect(body.length).toBe(Math.min(n, 20));
  });

  it('refuses text over 100 characters with a 400, its code and the lengths', async () => {
    const { status, body } = await rpc<ApiError>('search_districts', { search_text: 'a'.repeat(101) });
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual({ code: 'search.too_long', max: 100, length: 101 });
  });

  it('refuses a state that is not a two-letter code', async () => {
    const { status, body } = await rpc<ApiError>('search_districts', {
      search_text: 'palo',
      state_code: "CA' or '1'='1",
    });
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual({ code: 'search.state' });
  });

  it('runs as its owner with an empty search_path, so its indexes serve anon under row-level security', async () => {
    const [row] = await sql(
      "select p.prosecdef as definer, p.proconfig as config from pg_proc p where p.oid = 'public.search_districts(text, text)'::regprocedure",
    );
    expect(row).toEqual({ definer: true, config: ['search_path=""'] });
  });

  it('cannot be used to list a table through its filters', async () => {
    const { status } = await rest('/rpc/search_districts?search_text=palo&select=*,meetings(*)');
    expect(status).toBeGreaterThanOrEqual(400);
  });
});

// A wrong type is one that cannot become the parameter's type (any JSON value can become text).
describe.each([
  ['search_districts', { search_text: 'palo' }, { search_text: 'palo', state_code: 42 }],
  [
    'vote_topic',
    { topic_id: 1, from_vote: 'none', to_vote: 'up' },
    { topic_id: 'one', from_vote: 'none', to_vote: 'up' },
  ],
  ['subscribe', { email: 'parent@example.org', district_id: 1 }, { email: 'parent@example.org', district_id: [1] }],
])('the function %s', (fn, good, wrongType) => {
  const counts = () =>
    sql<{ t: string; n: string }>(
      "select 'topics' as t, sum(upvotes + downvotes)::text as n from public.topics union all select 'subscriptions', count(*)::text from public.subscriptions union all select 'agenda_votes', count(*)::text from public.agenda_votes",
    );

  it.each([
    ['an extra argument', { ...good, admin: true }],
    ['a missing argument', Object.fromEntries(Object.entries(good).slice(1))],
    ['a wrong type', wrongType],
  ])('refuses %s with a 4xx and writes nothing', async (_label, args) => {
    const before = await counts();
    const { status } = await rpc(fn, args);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });
});

// The residents' totals of /votingPAUSD: agenda_vote_totals() answers counts per agenda item and never a submission,
// answers nothing until five residents have answered, and its counts equal what is stored; the table stays closed.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rest, rpc, superuser, type ApiError, type FormAnswer } from './helpers';

const ITEMS = ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'] as const;
const CHOICES = ['support', 'oppose', 'neutral'] as const;
type Answers = Record<(typeof ITEMS)[number], (typeof CHOICES)[number]>;

/** A valid submission through the real function, with an email and a comment that must never come back. */
function submission(answers: Partial<Answers> = {}) {
  return {
    idempotency_key: crypto.randomUUID(),
    meeting_date: '2025-06-17',
    budget: 'support',
    lcap: 'support',
    esri_update: 'neutral',
    summer_projects: 'neutral',
    hoover_playground: 'oppose',
    email: `totals-${crypto.randomUUID().slice(0, 8)}@example.org`,
    comments: `Totals test ${crypto.randomUUID()}`,
    ...answers,
  };
}

/**
 * Runs `check` in a transaction that starts from an empty agenda_votes table, stores `stored` and reads as anon; it is
 * rolled back, so the answers other tests stored stay and nobody else sees these.
 */
async function withStoredAnswers(stored: Answers[], check: (client: pg.Client) => Promise<void>) {
  const client = await superuser();
  try {
    await client.query('begin isolation level repeatable read');
    await client.query('delete from public.agenda_votes');
    for (const answers of stored) {
      await client.query(
        `insert into public.agenda_votes (idempotency_key, meeting_date, budget, lcap, esri_update, summer_projects, hoover_playground, email, comments)
         values (gen_random_uuid(), date '2025-06-17', $1, $2, $3, $4, $5, 'hidden@example.org', 'a private comment')`,
        ITEMS.map((item) => answers[item]),
      );
    }
    await client.query('set local role anon');
    await check(client);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/** The n-th of a spread of answers: every item gets every choice somewhere. */
const spread = (n: number): Answers => Object.fromEntries(ITEMS.map((item, i) => [item, CHOICES[(n * (i + 1) + i) % 3]])) as Answers;

/** What a count of the stored answers says, item by item, in the form's order. */
function expectedTotals(stored: Answers[]) {
  return ITEMS.map((item) => ({
    item,
    support: stored.filter((a) => a[item] === 'support').length,
    oppose: stored.filter((a) => a[item] === 'oppose').length,
    neutral: stored.filter((a) => a[item] === 'neutral').length,
    answers: stored.length,
  }));
}

const totalsAsAnon = async (client: pg.Client) => (await client.query('select * from public.agenda_vote_totals()')).rows;

describe('agenda_vote_totals, with fewer than five answers', () => {
  it.each([0, 1, 4])('returns nothing at all when %i residents have answered', async (count) => {
    await withStoredAnswers(Array.from({ length: count }, (_, n) => spread(n)), async (client) => {
      expect(await totalsAsAnon(client)).toEqual([]);
    });
  });
});

describe('agenda_vote_totals, from five answers', () => {
  it.each([5, 6, 23])('with %i answers, each item\'s totals equal the stored answers', async (count) => {
    const stored = Array.from({ length: count }, (_, n) => spread(n));
    await withStoredAnswers(stored, async (client) => {
      expect(await totalsAsAnon(client)).toEqual(expectedTotals(stored));
    });
  });

  it('counts only the 17 June 2025 meeting, and support, oppose and neutral add up to the answers', async () => {
    const stored = Array.from({ length: 9 }, (_, n) => spread(n));
    await withStoredAnswers(stored, async (client) => {
      for (const row of await totalsAsAnon(client)) expect(row.support + row.oppose + row.neutral).toBe(9);
    });
  });
});

describe('agenda_vote_totals never returns a submission', () => {
  it('answers the anon key through the API with one row of counts per agenda item, whatever the number of submissions', async () => {
    // At least five real submissions through the one way in, so the totals are shown.
    for (let n = 0; n < 7; n++) expect((await rpc<FormAnswer>('submit_agenda_vote', submission())).body.ok).toBe(true);
    const { status, body } = await rpc<({ item: string } & Record<string, unknown>)[]>('agenda_vote_totals', {});
    expect(status).toBe(200);
    expect(body.map((row: { item: string }) => row.item)).toEqual([...ITEMS]);
    for (const row of body) {
      expect(Object.keys(row).sort()).toEqual(['answers', 'item', 'neutral', 'oppose', 'support']);
      for (const choice of CHOICES) expect(Number.isInteger(row[choice])).toBe(true);
    }
    expect(JSON.stringify(body)).not.toMatch(/@|Totals test|comment|idempotency|created/);
  });

  it('cannot be asked for columns of the table through PostgREST', async () => {
    for (const select of ['email', 'comments', 'idempotency_key', 'id']) {
      const { status, body } = await rest(`/rpc/agenda_vote_totals?select=${select}`, { method: 'POST', body: '{}' });
      expect(status).toBe(400);
      expect(JSON.stringify(body)).not.toMatch(/@example\.org/);
    }
  });

  it('takes no arguments: a filter or a meeting passed in is refused, not used to narrow the count to one answer', async () => {
    const { status } = await rpc('agenda_vote_totals', { email: 'hidden@example.org' });
    expect(status).toBeGreaterThanOrEqual(400);
  });

  it('is a security definer function with an empty search_path, executable by anon and not by every role', async () => {
    const client = await superuser();
    try {
      const { rows } = await client.query(`
        select p.prosecdef as definer, p.proconfig as config,
               has_function_privilege('anon', p.oid, 'execute') as anon,
               exists (select from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE') as everyone,
               obj_description(p.oid, 'pg_proc') as comment
        from pg_proc p where p.oid = 'public.agenda_vote_totals()'::regprocedure`);
      expect(rows).toEqual([{ definer: true, config: ['search_path=""'], anon: true, everyone: false, comment: expect.stringMatching(/totals only/) }]);
    } finally {
      await client.end();
    }
  });
});

describe('the agenda_votes table itself', () => {
  it('stays closed to the anon key: no row, no count', async () => {
    const read = await rest<ApiError>('/agenda_votes?select=*');
    expect(read.status).toBe(401);
    expect(read.body.message).toMatch(/permission denied/);
    // The count PostgREST gives with Prefer: count=exact is refused too.
    const counted = await rest('/agenda_votes?select=id', { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(counted.status).toBe(401);
  });

  it('cannot be read by anon inside the database either', async () => {
    await withStoredAnswers([spread(0)], async (client) => {
      await expect(client.query('select email from public.agenda_votes')).rejects.toThrow(/permission denied/);
    });
  });
});

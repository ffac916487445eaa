// The residents' totals of /votingPAUSD: agenda_vote_totals() answers counts per agenda item and never a submission,
// counts only answers published in batches from at least six senders (so no reader can subtract their own answers
// and learn one resident's), its counts equal what is published, and the table stays closed.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { newClients, rest, rpc, rpcFrom, superuser, type ApiError, type FormAnswer } from './helpers';

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
 * Runs `check` in a transaction that starts from an empty agenda_votes table, stores `stored` as sent from outside the
 * API (each answer a sender of its own, as an operator's rows are) and reads as anon; it is rolled back, so the answers
 * other tests stored stay and nobody else sees these.
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

/**
 * Runs `check` in a transaction that starts with no answer stored, where `send` submits answers through
 * submit_agenda_vote as anon from a client address, the way PostgREST calls it for a request through the gateway
 * (role anon, the request's headers with cf-connecting-ip, the one a client is known by), and `totals` reads
 * agenda_vote_totals() as anon. Rolled back.
 */
async function asVisitors(
  check: (send: (from: string, answers: Answers) => Promise<void>, totals: () => Promise<Totals[]>) => Promise<void>,
) {
  const client = await superuser();
  try {
    await client.query('begin');
    await client.query('delete from public.agenda_votes');
    await client.query('set local role anon');
    const send = async (from: string, answers: Answers) => {
      await client.query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'cf-connecting-ip': from }),
      ]);
      const { rows } = await client.query('select public.submit_agenda_vote($1::jsonb) as answer', [
        JSON.stringify(submission(answers)),
      ]);
      expect(rows[0].answer).toEqual({ ok: true, errors: {}, form_errors: [] });
    };
    await check(send, () => totalsAsAnon(client));
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/** The n-th of a spread of answers: every item gets every choice somewhere. */
const spread = (n: number): Answers =>
  Object.fromEntries(ITEMS.map((item, i) => [item, CHOICES[(n * (i + 1) + i) % 3]])) as Answers;
const all = (choice: (typeof CHOICES)[number]): Answers =>
  Object.fromEntries(ITEMS.map((item) => [item, choice])) as Answers;

type Totals = { item: string; support: number; oppose: number; neutral: number; answers: number; updated_at: Date };

/** What a count of the stored answers says, item by item, in the form's order. */
function expectedTotals(stored: Answers[]) {
  return ITEMS.map((item) => ({
    item,
    support: stored.filter((a) => a[item] === 'support').length,
    oppose: stored.filter((a) => a[item] === 'oppose').length,
    neutral: stored.filter((a) => a[item] === 'neutral').length,
    answers: stored.length,
    updated_at: expect.any(Date),
  }));
}

const totalsAsAnon = async (client: pg.Client): Promise<Totals[]> =>
  (await client.query('select * from public.agenda_vote_totals()')).rows;

describe('agenda_vote_totals, before answers from six senders are waiting', () => {
  it.each([0, 1, 5])('returns nothing at all when %i residents have answered', async (count) => {
    await withStoredAnswers(
      Array.from({ length: count }, (_, n) => spread(n)),
      async (client) => {
        expect(await totalsAsAnon(client)).toEqual([]);
      },
    );
  });
});

describe('agenda_vote_totals, once answers from six senders are published', () => {
  // Rows stored from outside the API are a sender each: every sixth completes a batch.
  it.each([
    [6, 6],
    [7, 6],
    [12, 12],
    [23, 18],
  ])("with %i answers stored, each item's totals equal the %i published ones", async (count, published) => {
    const stored = Array.from({ length: count }, (_, n) => spread(n));
    await withStoredAnswers(stored, async (client) => {
      expect(await totalsAsAnon(client)).toEqual(expectedTotals(stored.slice(0, published)));
    });
  });

  it('support, oppose and neutral add up to the published answers', async () => {
    const stored = Array.from({ length: 12 }, (_, n) => spread(n));
    await withStoredAnswers(stored, async (client) => {
      for (const row of await totalsAsAnon(client)) expect(row.support + row.oppose + row.neutral).toBe(12);
    });
  });
});

describe("no reader learns one resident's answers from the totals", () => {
  it('four answers from one client, then one resident: no totals, so nothing to subtract', async () => {
    await asVisitors(async (send, totals) => {
      for (let n = 0; n < 4; n += 1) await send('203.0.113.7', all('support'));
      expect(await totals()).toEqual([]);
      await send('198.51.100.23', {
        budget: 'oppose',
        lcap: 'neutral',
        esri_update: 'oppose',
        summer_projects: 'oppose',
        hoover_playground: 'neutral',
      });
      // Before batches, the totals appeared here with five answers, and taking away the four 'support' answers gave
      // this resident's every choice.
      expect(await totals()).toEqual([]);
    });
  });

  it('the totals move only by a batch with five senders besides the reader, never by one new answer', async () => {
    await asVisitors(async (send, totals) => {
      const attacker = '203.0.113.7';
      for (let n = 0; n < 4; n += 1) await send(attacker, all('support'));
      const residents = Array.from({ length: 5 }, (_, n) => spread(n));
      for (const [n, answers] of residents.entries()) await send(`198.51.100.${n + 1}`, answers);
      // Published at the fifth resident: what the attacker can take away leaves the sum of five people's answers.
      const first = await totals();
      expect(first).toEqual(expectedTotals([...Array.from({ length: 4 }, () => all('support')), ...residents]));

      // Reading before and after each later answer shows nothing new until five more senders have answered.
      for (let n = 0; n < 4; n += 1) {
        await send(attacker, all('support'));
        await send(`192.0.2.${n + 1}`, spread(n + 7));
        expect(await totals()).toEqual(first);
      }
      await send('192.0.2.5', spread(11));
      const second = await totals();
      expect(second[0].answers).toBe(first[0].answers + 9);
      expect(second[0].updated_at.getTime()).toBeGreaterThanOrEqual(first[0].updated_at.getTime());
    });
  });
});

describe('agenda_vote_totals never returns a submission', () => {
  it('answers the anon key through the API with one row of counts per agenda item, whatever the number of submissions', async () => {
    // Real submissions through the one way in from six addresses of their own, so a batch is published.
    for (const from of newClients(6))
      expect((await rpcFrom<FormAnswer>(from, 'submit_agenda_vote', submission())).body.ok).toBe(true);
    const { status, body } = await rpc<({ item: string; updated_at: string } & Record<string, unknown>)[]>(
      'agenda_vote_totals',
      {},
    );
    expect(status).toBe(200);
    expect(body.map((row: { item: string }) => row.item)).toEqual([...ITEMS]);
    for (const row of body) {
      expect(Object.keys(row).sort()).toEqual(['answers', 'item', 'neutral', 'oppose', 'support', 'updated_at']);
      expect(Date.parse(row.updated_at)).not.toBeNaN();
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
      expect(rows).toEqual([
        {
          definer: true,
          config: ['search_path=""'],
          anon: true,
          everyone: false,
          comment: expect.stringMatching(/totals only/),
        },
      ]);
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

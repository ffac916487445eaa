// Every anonymous path bounded: the statement timeout PostgREST applies to anon, the limits per client address on
// topic votes, agenda votes and subscriptions, an idempotency key resent with other answers, and the comment rules.
// Each limit test sends from an address of its own on the loopback network (127.0.0.x), as separate visitors would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientAddress, refusalOf, rest, rpc, rpcFrom, sql, type ApiError, type FormAnswer } from './helpers';
import { newDistrict } from './mailHelpers';

/** A topic of a district of its own: the browser tests read district 1's topics and counts as the seed has them. */
async function newTopic(): Promise<number> {
  const district = await newDistrict('Limits Test District');
  const [topic] = await sql<{ id: string }>(
    `insert into public.topics ("districtId", title, upvotes, downvotes) values ($1, 'Limit test', 10, 10) returning id`,
    [district],
  );
  return Number(topic.id);
}

const vote = (key = crypto.randomUUID(), budget = 'support', extra: Record<string, unknown> = {}) => ({
  idempotency_key: key,
  meeting_date: '2025-06-17',
  budget,
  lcap: 'oppose',
  esri_update: 'neutral',
  summer_projects: 'support',
  hoover_playground: 'support',
  ...extra,
});
const storedVotes = async (key: string) =>
  sql<{ budget: string; comments: string | null }>(
    'select budget, comments from public.agenda_votes where idempotency_key = $1',
    [key],
  );

describe('the statement timeout', () => {
  beforeAll(async () => {
    await sql(`create function public.slow_for_test() returns integer language sql as $$ select 1 from pg_sleep(10) $$;
      grant execute on function public.slow_for_test() to anon; notify pgrst, 'reload schema';`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => {
    await sql("drop function public.slow_for_test(); notify pgrst, 'reload schema';");
  });

  it('is 3 s for anon, set in the database (hosted too) and applied by PostgREST', async () => {
    expect((await sql<{ c: string[] }>("select rolconfig as c from pg_roles where rolname = 'anon'"))[0].c).toContain(
      'statement_timeout=3s',
    );
    const started = Date.now();
    const { body } = await rpc<ApiError>('slow_for_test', {});
    expect(body.code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(8000);
  });
});

describe('embedded tables', () => {
  const nested =
    '/votings?districtId=eq.1&select=*,districts(*,votings(*,districts(*,votings(*,districts(*,votings(*))))))';

  it('a request nesting seven tables is refused at once, with its code and how many it embeds', async () => {
    const { status, body } = await rest<ApiError>(nested);
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual({ code: 'api.embeds', levels: 6, max: 2 });
  });

  it("two levels still work, and the site's own reads embed nothing", async () => {
    const { status, body } = await rest<{ id: number }[]>(
      '/districts?id=eq.1&select=id,meetings(id,topics:districts(id))',
    );
    expect(status).toBe(200);
    expect(body[0].id).toBe(1);
  });

  it('while twenty nested requests run at once, a plain read and a topic vote are answered', async () => {
    const topic = await newTopic();
    const hogs = Array.from({ length: 20 }, () => rest(nested));
    const [read, vote] = await Promise.all([
      rest('/districts?id=eq.1&select=id'),
      rpc('vote_topic', { topic_id: topic, from_vote: 'none', to_vote: 'down' }),
    ]);
    expect(read).toEqual({ status: 200, body: [{ id: 1 }] });
    expect(vote.status).toBe(200);
    for (const hog of await Promise.all(hogs)) expect(hog.status).toBe(400);
  });
});

describe('limits per client address', () => {
  beforeAll(async () => {
    await sql(
      "update private.rate_limits set max_count = 3 where action in ('topic_vote', 'agenda_vote', 'subscribe')",
    );
  });
  afterAll(async () => {
    await sql('update private.rate_limits set max_count = 1000000');
  });

  it("topic votes: past the limit on one topic, 429 with the limit's code and the counts unchanged; another visitor still votes", async () => {
    const topic = { id: await newTopic() };
    const client = newClientAddress();
    for (const [from, to] of [
      ['none', 'up'],
      ['up', 'down'],
      ['down', 'up'],
    ]) {
      expect(
        (await rpcFrom(client, 'vote_topic', { topic_id: Number(topic.id), from_vote: from, to_vote: to })).status,
      ).toBe(200);
    }
    const before = await sql('select upvotes, downvotes from public.topics where id = $1', [topic.id]);
    const refused = await rpcFrom<ApiError>(client, 'vote_topic', {
      topic_id: Number(topic.id),
      from_vote: 'up',
      to_vote: 'down',
    });
    expect(refused.status).toBe(429);
    expect(refusalOf(refused.body)).toEqual({ code: 'limit.topic_votes' });
    expect(await sql('select upvotes, downvotes from public.topics where id = $1', [topic.id])).toEqual(before);
    expect(
      (
        await rpcFrom(newClientAddress(), 'vote_topic', {
          topic_id: Number(topic.id),
          from_vote: 'none',
          to_vote: 'up',
        })
      ).status,
    ).toBe(200);
  });

  it('agenda votes: refused forms do not count; past the limit, a clear answer and nothing stored', async () => {
    const client = newClientAddress();
    expect((await rpcFrom<FormAnswer>(client, 'submit_agenda_vote', vote(crypto.randomUUID(), 'maybe'))).body.ok).toBe(
      false,
    );
    for (let i = 0; i < 3; i += 1)
      expect((await rpcFrom<FormAnswer>(client, 'submit_agenda_vote', vote())).body.ok).toBe(true);
    const key = crypto.randomUUID();
    const { body } = await rpcFrom(client, 'submit_agenda_vote', vote(key));
    expect(body).toEqual({
      ok: false,
      errors: {},
      limited: true,
      form_errors: [{ code: 'limit.forms' }],
    });
    expect(await storedVotes(key)).toEqual([]);
  });

  it('subscriptions: past the limit, a clear answer and nothing stored', async () => {
    const client = newClientAddress();
    for (let i = 0; i < 3; i += 1)
      expect(
        (
          await rpcFrom<FormAnswer>(client, 'subscribe', {
            email: `limit-${crypto.randomUUID()}@example.org`,
            district_id: 1,
          })
        ).body.ok,
      ).toBe(true);
    const email = `limit-${crypto.randomUUID()}@example.org`;
    const { body } = await rpcFrom(client, 'subscribe', { email, district_id: 1 });
    expect(body).toEqual({ ok: false, errors: {}, limited: true, form_errors: [{ code: 'limit.subscribe' }] });
    expect(await sql('select 1 from public.subscriptions where email = $1', [email])).toEqual([]);
  });

  it('the operator changes a limit in private.rate_limits', async () => {
    const client = newClientAddress();
    await sql("update private.rate_limits set max_count = 5 where action = 'subscribe'");
    for (let i = 0; i < 5; i += 1)
      expect(
        (
          await rpcFrom<FormAnswer>(client, 'subscribe', {
            email: `limit-${crypto.randomUUID()}@example.org`,
            district_id: 1,
          })
        ).body.ok,
      ).toBe(true);
    expect(
      (
        await rpcFrom<FormAnswer>(client, 'subscribe', {
          email: `limit-${crypto.randomUUID()}@example.org`,
          district_id: 1,
        })
      ).body.limited,
    ).toBe(true);
  });
});

describe('an idempotency key sent again', () => {
  it('with the same answers: ok, one row', async () => {
    const key = crypto.randomUUID();
    expect((await rpc<FormAnswer>('submit_agenda_vote', vote(key))).body.ok).toBe(true);
    expect((await rpc('submit_agenda_vote', vote(key))).body).toEqual({ ok: true, errors: {}, form_errors: [] });
    expect(await storedVotes(key)).toHaveLength(1);
  });

  it.each([
    ['another choice', { budget: 'oppose' }],
    ['another comment', { comments: 'Changed my mind' }],
    ['another address', { email: 'other@example.org' }],
  ])('with %s: a conflict, and the first answers are kept', async (_label, change) => {
    const key = crypto.randomUUID();
    await rpc('submit_agenda_vote', vote(key));
    const { body } = await rpc('submit_agenda_vote', { ...vote(key), ...change });
    expect(body).toEqual({
      ok: false,
      errors: {},
      conflict: true,
      form_errors: [{ code: 'form.conflict' }],
    });
    expect(await storedVotes(key)).toEqual([{ budget: 'support', comments: null }]);
  });

  it('with different answers, ten at once: one row, and no answer is ok for answers that were not stored', async () => {
    const key = crypto.randomUUID();
    const budgets = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'oppose' : 'support'));
    const answers = await Promise.all(
      budgets.map((budget) => rpc<FormAnswer>('submit_agenda_vote', vote(key, budget))),
    );
    const [stored] = await storedVotes(key);
    expect(await storedVotes(key)).toHaveLength(1);
    answers.forEach(({ body }, i) => expect(body.ok).toBe(budgets[i] === stored.budget));
  });
});

describe('comments', () => {
  it.each([
    ['only spaces, tabs and newlines', ' \n\t \r\n ', null],
    ['surrounded by newlines', '\n\nFine by me.\n', 'Fine by me.'],
    [
      'a spreadsheet formula, stored as written (reports never put comments in cells)',
      '=HYPERLINK("x")',
      '=HYPERLINK("x")',
    ],
  ])('%s', async (_label, comments, stored) => {
    const key = crypto.randomUUID();
    expect((await rpc<FormAnswer>('submit_agenda_vote', vote(key, 'support', { comments }))).body.ok).toBe(true);
    expect((await storedVotes(key))[0].comments).toBe(stored);
  });

  it.each([
    ['a control character', 'bell \u0007 here'],
    ['a right-to-left override', 'evil \u202Efdp.exe'],
    ['a direction isolate', 'a \u2067b\u2069'],
  ])('with %s: refused, nothing stored', async (_label, comments) => {
    const key = crypto.randomUUID();
    const { body } = await rpc('submit_agenda_vote', vote(key, 'support', { comments }));
    expect(body).toEqual({ ok: false, errors: { comments: [{ code: 'field.no_control' }] }, form_errors: [] });
    expect(await storedVotes(key)).toEqual([]);
  });
});

describe('privileges', () => {
  it('anon and authenticated hold nothing on the public sequences', async () => {
    const rows = await sql<{ role: string; seq: string }>(`
      select r.rolname as role, c.relname as seq from pg_class c cross join (values ('anon'), ('authenticated')) r(rolname)
      where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace
        and (has_sequence_privilege(r.rolname, c.oid, 'USAGE') or has_sequence_privilege(r.rolname, c.oid, 'UPDATE'))`);
    expect(rows).toEqual([]);
  });
});

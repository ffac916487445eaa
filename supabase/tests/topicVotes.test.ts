// Topic votes go through the vote_topic function only: atomic under concurrency, exact counts, and nothing else
// (no direct UPDATE by anon, no unknown topic, no transition outside the vote's transition table); one client's vote
// counts once, whatever transitions it sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientAddress, newClients, refusalOf, rest, rpc, rpcFrom, sql, type ApiError } from './helpers';

// A district and topics of this file's own, so no other test reads these counts (removed afterwards).
const DISTRICT = 800000 + Math.floor(Math.random() * 99999);
let topicId: number;

async function counts(id = topicId) {
  const [row] = await sql<{ upvotes: number; downvotes: number }>(
    'select upvotes, downvotes from public.topics where id = $1',
    [id],
  );
  return row;
}
async function setCounts(upvotes: number, downvotes: number) {
  await sql('update public.topics set upvotes = $2, downvotes = $3 where id = $1', [topicId, upvotes, downvotes]);
}

beforeAll(async () => {
  await sql('insert into public.districts (id, name, state) values ($1, $2, $3)', [
    DISTRICT,
    'Topic Vote Test District',
    'CA',
  ]);
  [{ id: topicId }] = await sql<{ id: number }>(
    'insert into public.topics ("districtId", title) values ($1, $2) returning id',
    [DISTRICT, 'Concurrency'],
  );
});
afterAll(async () => {
  await sql('delete from public.districts where id = $1', [DISTRICT]);
});

describe('vote_topic applies each transition of the table and returns the new counts', () => {
  it.each([
    ['none', 'up', { upvotes: 11, downvotes: 5 }],
    ['none', 'down', { upvotes: 10, downvotes: 6 }],
    ['down', 'up', { upvotes: 11, downvotes: 4 }],
    ['up', 'down', { upvotes: 9, downvotes: 6 }],
  ])('%s → %s, from a client whose last vote was %s', async (from, to, after) => {
    const client = newClientAddress();
    if (from !== 'none')
      expect(
        (await rpcFrom(client, 'vote_topic', { topic_id: topicId, from_vote: 'none', to_vote: from })).status,
      ).toBe(200);
    await setCounts(10, 5);
    const { status, body } = await rpcFrom(client, 'vote_topic', { topic_id: topicId, from_vote: from, to_vote: to });
    expect(status).toBe(200);
    expect(body).toEqual([after]);
    expect(await counts()).toEqual(after);
  });
});

describe('vote_topic under concurrency', () => {
  it('200 concurrent votes from 200 visitors end with exact counts', async () => {
    const clients = newClients(200);
    // 60 visitors voted down earlier; now they switch to up, beside 100 new up votes and 40 new down votes.
    const switching = clients.slice(100, 160);
    await Promise.all(
      switching.map((client) =>
        rpcFrom(client, 'vote_topic', { topic_id: topicId, from_vote: 'none', to_vote: 'down' }),
      ),
    );
    await setCounts(0, 100);
    const calls = clients.map((client, n) => ({
      client,
      from_vote: n >= 100 && n < 160 ? 'down' : 'none',
      to_vote: n < 160 ? 'up' : 'down',
    }));
    const results = await Promise.all(
      calls.map(({ client, ...args }) => rpcFrom(client, 'vote_topic', { topic_id: topicId, ...args })),
    );
    expect(results.map((r) => r.status)).toEqual(calls.map(() => 200));
    expect(await counts()).toEqual({ upvotes: 160, downvotes: 80 });
  });
});

describe("one client's vote counts once", () => {
  it("22 flips 'up' to 'down' from a client that never voted move one vote, not 20", async () => {
    await setCounts(1234, 87);
    const client = newClientAddress();
    const answers = [];
    for (let n = 0; n < 22; n += 1)
      answers.push(
        (await rpcFrom(client, 'vote_topic', { topic_id: topicId, from_vote: 'up', to_vote: 'down' })).status,
      );
    expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await counts()).toEqual({ upvotes: 1234, downvotes: 88 });
  });

  it('flips back and forth, sent at once and in any order, end as one vote: the last one the client made', async () => {
    await setCounts(50, 50);
    const client = newClientAddress();
    const flips = Array.from({ length: 19 }, (_, n) =>
      n % 2 ? { from_vote: 'down', to_vote: 'up' } : { from_vote: 'up', to_vote: 'down' },
    );
    await Promise.all(flips.map((args) => rpcFrom(client, 'vote_topic', { topic_id: topicId, ...args })));
    const after = await counts();
    expect(after.upvotes + after.downvotes).toBe(101);
    expect([after.upvotes, after.downvotes].sort()).toEqual([50, 51]);
  });

  it('keeps a hash per client and topic, never the address', async () => {
    const client = newClientAddress();
    await rpcFrom(client, 'vote_topic', { topic_id: topicId, from_vote: 'none', to_vote: 'up' });
    const rows = await sql<{ hash: string; vote: string }>(
      "select encode(client_hash, 'hex') as hash, vote from private.topic_client_votes where topic_id = $1",
      [topicId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(client);
    const [{ anon }] = await sql<{ anon: boolean }>(
      "select has_table_privilege('anon', 'private.topic_client_votes', 'select') as anon",
    );
    expect(anon).toBe(false);
  });
});

describe('vote_topic refuses what is not a vote and changes nothing', () => {
  it.each([
    ['up', 'up'],
    ['down', 'down'],
    ['none', 'none'],
    ['up', 'none'],
    ['sideways', 'up'],
    ['none', 'UP'],
    [null, 'up'],
  ])('the transition %j → %j', async (from, to) => {
    await setCounts(7, 3);
    const { status, body } = await rpc<ApiError>('vote_topic', { topic_id: topicId, from_vote: from, to_vote: to });
    expect(status).toBe(400);
    expect(body.code).toBe('22023');
    expect(refusalOf(body)).toEqual({ code: 'topic.not_a_transition', from, to });
    expect(await counts()).toEqual({ upvotes: 7, downvotes: 3 });
  });

  it('an unknown topic', async () => {
    const [{ next }] = await sql<{ next: number }>('select coalesce(max(id), 0) + 1000 as next from public.topics');
    const { status, body } = await rpc<ApiError>('vote_topic', { topic_id: next, from_vote: 'none', to_vote: 'up' });
    expect(status).toBe(404);
    expect(body.code).toBe('PT404');
    expect(refusalOf(body)).toEqual({ code: 'topic.unknown', id: Number(next) });
  });
});

describe('the anonymous role cannot change topic counts directly', () => {
  it('an UPDATE of upvotes through the API is refused and the counts stay', async () => {
    await setCounts(1, 1);
    const { status } = await rest(`/topics?id=eq.${topicId}`, {
      method: 'PATCH',
      body: JSON.stringify({ upvotes: 1000000 }),
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(await counts()).toEqual({ upvotes: 1, downvotes: 1 });
  });

  it('holds no UPDATE privilege on public.topics, only EXECUTE on vote_topic', async () => {
    const [privileges] = await sql<{ can_update: boolean; can_execute: boolean }>(
      "select has_table_privilege('anon', 'public.topics', 'UPDATE') as can_update, has_function_privilege('anon', 'public.vote_topic(bigint, text, text)', 'EXECUTE') as can_execute",
    );
    expect(privileges).toEqual({ can_update: false, can_execute: true });
  });

  it('cannot set counts through vote_topic either: one call moves a count by one', async () => {
    await setCounts(5, 5);
    const { body } = await rpc<ApiError | null>('vote_topic', {
      topic_id: topicId,
      from_vote: 'down',
      to_vote: 'up',
      upvotes: 1000,
    });
    expect(body?.code ?? null).not.toBeNull();
    expect(await counts()).toEqual({ upvotes: 5, downvotes: 5 });
  });
});

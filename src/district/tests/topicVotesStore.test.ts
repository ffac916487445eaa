// The topic vote actions: the transition table decides whether to write, a write's counts are shown, and a
// failed write is logged and changes nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $topicCounts,
  $topicVoteErrors,
  $topicVotes,
  castTopicVote,
  setTopicCounts,
  type WriteTopicVote,
} from '../stores/topicVotes';

const TOPIC = 42;

beforeEach(() => {
  $topicCounts.set({});
  $topicVotes.set({});
  $topicVoteErrors.set({});
  setTopicCounts([{ id: TOPIC, upvotes: 10, downvotes: 5 }]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A write that answers like the database function: the counts after the transition. */
function fakeDatabase() {
  const counts = { upvotes: 10, downvotes: 5 };
  const calls: string[] = [];
  const write: WriteTopicVote = async (_id, from, to) => {
    calls.push(`${from}->${to}`);
    if (to === 'up') counts.upvotes += 1;
    if (to === 'down') counts.downvotes += 1;
    if (from === 'up') counts.upvotes -= 1;
    if (from === 'down') counts.downvotes -= 1;
    return { ...counts };
  };
  return { write, calls };
}

describe('castTopicVote follows the transition table and writes each change', () => {
  it.each([
    ['up', ['up'], ['none->up'], 'up', { upvotes: 11, downvotes: 5 }],
    ['down', ['down'], ['none->down'], 'down', { upvotes: 10, downvotes: 6 }],
    ['up then down', ['up', 'down'], ['none->up', 'up->down'], 'down', { upvotes: 10, downvotes: 6 }],
    ['down then up', ['down', 'up'], ['none->down', 'down->up'], 'up', { upvotes: 11, downvotes: 5 }],
    ['up twice (the second does nothing)', ['up', 'up'], ['none->up'], 'up', { upvotes: 11, downvotes: 5 }],
    ['down twice (the second does nothing)', ['down', 'down'], ['none->down'], 'down', { upvotes: 10, downvotes: 6 }],
  ] as const)('%s', async (_label, clicks, writes, state, counts) => {
    const db = fakeDatabase();
    for (const direction of clicks) await castTopicVote(TOPIC, direction, db.write);
    expect(db.calls).toEqual(writes);
    expect($topicVotes.get()[TOPIC]).toBe(state);
    expect($topicCounts.get()[TOPIC]).toEqual(counts);
  });

  it('shows the counts the database returns (other visitors’ votes included)', async () => {
    await castTopicVote(TOPIC, 'up', async () => ({ upvotes: 99, downvotes: 7 }));
    expect($topicCounts.get()[TOPIC]).toEqual({ upvotes: 99, downvotes: 7 });
  });

  it('logs a failed write and keeps the counts and the vote as they were', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await castTopicVote(TOPIC, 'up', async () => {
      throw new Error('network down');
    });
    expect(logged).toHaveBeenCalledOnce();
    expect($topicCounts.get()[TOPIC]).toEqual({ upvotes: 10, downvotes: 5 });
    expect($topicVotes.get()[TOPIC]).toBeUndefined();
    expect($topicVoteErrors.get()[TOPIC]).toBe('network down');
  });

  it('ignores a second click while the first write is on its way', async () => {
    const db = fakeDatabase();
    const first = castTopicVote(TOPIC, 'up', db.write);
    const second = castTopicVote(TOPIC, 'down', db.write);
    await Promise.all([first, second]);
    expect(db.calls).toEqual(['none->up']);
  });
});

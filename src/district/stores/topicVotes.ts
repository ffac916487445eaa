// Topic votes in the page: each topic's live counts and the visitor's vote (none, up or down; per topic, never
// persisted), and the actions that load the counts and write a vote through the vote_topic function.
import { map } from 'nanostores';
import type { TopicVote } from '../../lib/data/topics';
import { topicVoteTransition, type VoteCounts } from '../topicItems';

// The topics data module (with its row schemas) and the API client load on first use, in their own chunk,
// so the island itself stays small and renders at once.
const database = async () => {
  const [{ api }, topics] = await Promise.all([import('../../lib/browser/api'), import('../../lib/data/topics')]);
  return { db: api(), ...topics };
};

type Direction = Exclude<TopicVote, 'none'>;

/** Counts by topic id, once known live (until then the page shows the counts from the build). */
export const $topicCounts = map<Record<string, VoteCounts>>({});
/** The visitor's vote by topic id; a topic not listed is 'none'. */
export const $topicVotes = map<Record<string, TopicVote>>({});
/** Why the last vote on a topic could not be saved, by topic id. */
export const $topicVoteErrors = map<Record<string, string>>({});
/** Topics whose vote is being written, with the direction being written (further clicks wait for it). */
export const $topicVotesPending = map<Record<string, Direction>>({});

/** Writes one transition and returns the counts the database now holds. */
export type WriteTopicVote = (topicId: number, from: TopicVote, to: Direction) => Promise<VoteCounts>;
const writeThroughApi: WriteTopicVote = async (topicId, from, to) => {
  const { db, voteTopic } = await database();
  return voteTopic(db, topicId, from, to);
};

/** Sets counts from rows read from the database. */
export function setTopicCounts(topics: { id: number; upvotes: number; downvotes: number }[]): void {
  for (const { id, upvotes, downvotes } of topics) $topicCounts.setKey(String(id), { upvotes, downvotes });
}

/** Reads the district's current counts, so a visitor never sees last night's numbers for long. */
export async function loadLiveTopicCounts(districtId: number): Promise<void> {
  try {
    const { db, fetchTopics } = await database();
    setTopicCounts(await fetchTopics(db, districtId));
  } catch (error) {
    // The counts from the build stay on screen; they are only a little older.
    console.error('Could not load the live topic counts', error);
  }
}

/**
 * The visitor chooses up or down on a topic. Choosing the current direction does nothing; otherwise the
 * transition is written and the counts the database returns are shown. A failed write is logged, the counts
 * and the vote stay as they were, and the reason is kept for the page to show.
 */
export async function castTopicVote(
  topicId: number,
  to: Direction,
  write: WriteTopicVote = writeThroughApi,
): Promise<void> {
  const key = String(topicId);
  if ($topicVotesPending.get()[key]) return;
  const from = $topicVotes.get()[key] ?? 'none';
  if (!topicVoteTransition(from, to)) return;
  $topicVotesPending.setKey(key, to);
  try {
    const counts = await write(topicId, from, to);
    $topicCounts.setKey(key, { upvotes: counts.upvotes, downvotes: counts.downvotes });
    $topicVotes.setKey(key, to);
    $topicVoteErrors.setKey(key, undefined);
  } catch (error) {
    console.error(`Could not save the vote on topic ${topicId}`, error);
    $topicVoteErrors.setKey(key, error instanceof Error ? error.message : String(error));
  } finally {
    $topicVotesPending.setKey(key, undefined);
  }
}

// The topics table: its row shape, validation, the queries the site makes and the vote write.
import * as z from 'zod/mini';
import type { Db } from './client';
import { checkRow, optionalText, type Checked } from './validate';
import { QueryError } from './queryError';
import { reasonOf } from './serverAnswer';

export const TABLE = 'topics';

const count = z._default(z.number().check(z.int(), z.nonnegative()), 0);

export const topicSchema = z.object({
  id: z.number().check(z.int()),
  districtId: z.number().check(z.int()),
  title: z.string(),
  description: optionalText,
  upvotes: count,
  downvotes: count,
});
export type Topic = z.infer<typeof topicSchema>;

/** The columns read, named (the tables of the record also hold search_vector, the search index, which pages never need). */
export const COLUMNS = Object.keys(topicSchema.shape).join(',');

/** A visitor's vote on one topic, kept only in the page. */
export type TopicVote = 'none' | 'up' | 'down';

/** Validates a topics row. */
export function checkTopic(raw: unknown): Checked<Topic> {
  return checkRow(topicSchema, raw);
}

/** Topics: select all where districtId equals {id}, ordered by id descending. */
export async function fetchTopics(db: Db, districtId: number): Promise<Topic[]> {
  const { data, error } = await db
    .from(TABLE)
    .select(COLUMNS)
    .eq('districtId', districtId)
    .order('id', { ascending: false });
  if (error) throw new QueryError(TABLE, error.message);
  return (data ?? []).flatMap((raw) => checkTopic(raw).row ?? []);
}

/** Writes one vote transition through the vote_topic function and returns the new counts. */
export async function voteTopic(
  db: Db,
  topicId: number,
  from: TopicVote,
  to: Exclude<TopicVote, 'none'>,
): Promise<{ upvotes: number; downvotes: number }> {
  const { data, error } = await db.rpc('vote_topic', { topic_id: topicId, from_vote: from, to_vote: to }).single();
  if (error) throw new QueryError(TABLE, reasonOf(error));
  return data as { upvotes: number; downvotes: number };
}

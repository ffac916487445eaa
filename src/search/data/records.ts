// The record search (the database function search_records): meetings, topics and votes found by their words.
import type { RpcDb } from '../../lib/data/client.ts';
import { QueryError } from '../../lib/data/queryError.ts';
import { reasonOf } from '../../lib/data/serverAnswer.ts';
import type { RecordKind, RecordRow } from '../../../supabase/functions/_shared/recordRow.ts';

export type { RecordKind, RecordRow };

/** The refusals search_records answers (400, and 429 for the searches at once), by code. */
export const SEARCH_ANSWERS = [
  'search.too_long',
  'search.page_size',
  'search.kinds',
  'search.dates',
  'search.state',
  'search.sort',
  'search.cursor',
  'search.only_left_out',
  'search.stop_words',
  'search.too_many_words',
  'search.too_many_left_out',
  'limit.searches',
] as const;

/** One result, as search_records answers it. */
export interface RecordResult extends RecordRow {
  cursor: string;
  /** On the first page: 'relevance' when every match is ranked, 'newest' when there were more than are ranked. */
  ordered: SearchOrder | null;
  /** On the first page: the count of matches; with more_matches, there are more than this. */
  matches: number | null;
  more_matches: boolean | null;
}

export type SearchOrder = 'relevance' | 'newest';

export interface RecordSearch {
  q: string;
  district_id?: number | null;
  kinds?: RecordKind[] | null;
  page_size?: number;
  cursor?: string | null;
  /** Only the districts of this state (two capital letters). */
  state?: string | null;
  /** 'newest' for newest first whatever the count; otherwise ranked where every match can be. */
  sort?: SearchOrder | null;
}

/** One page of results, ranked by relevance, or newest first for a search with more matches than are ranked (the first row's `ordered`); the last one's cursor asks for the next page. */
export async function searchRecords(db: RpcDb, search: RecordSearch, signal?: AbortSignal): Promise<RecordResult[]> {
  let call = db.rpc('search_records', search);
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw new QueryError('search_records', reasonOf(error));
  return (data ?? []) as RecordResult[];
}

// One record as search_records answers it, in the fields both its readers use: the site's record search
// (src/search/data/records.ts adds the paging and ordering columns) and the search feed (alertFeed.ts). Here, under
// supabase/functions/_shared, because an Edge Function may import only what is deployed with it.

export type RecordKind = 'meeting' | 'topic' | 'vote';

export interface RecordRow {
  kind: RecordKind;
  district_id: number;
  district_name: string;
  item_id: number;
  /** The meeting's or vote's day (YYYY-MM-DD); null for a topic. */
  date: string | null;
  title: string;
  /** HTML escaped by the database, with <mark> around the matching words: the only markup it carries. */
  snippet: string;
  /** The record's place on its district's page, from the site's root. */
  href: string;
}

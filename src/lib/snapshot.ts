// What one district page needs from the snapshot, grouped once per build rather than filtered per page.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { District } from './data/districts';
import type { Meeting } from './data/meetings';
import type { Topic } from './data/topics';
import type { Voting } from './data/votings';
import type { SafeHtml } from './sanitize';
import { readSnapshotCache, snapshotCacheFile, type RowsByDigest } from './snapshot-cache';

/** A meeting as the snapshot keeps it: the row with its summary sanitised by the loader (and only so). */
export type BuiltMeeting = Omit<Meeting, 'summary'> & { summaryHtml: SafeHtml | null };
/** A topic as the snapshot keeps it: the row with its description sanitised by the loader (and only so). */
export type BuiltTopic = Omit<Topic, 'description'> & { descriptionHtml: SafeHtml | null };

export interface DistrictSnapshot {
  district: District;
  meetings: BuiltMeeting[];
  topics: BuiltTopic[];
  votings: Voting[];
}

/** Rows by district, each with its digest, in the tables' order. */
function byDistrict<T extends { districtId: number }>(rows: RowsByDigest<T>): Map<number, [string, T][]> {
  const map = new Map<number, [string, T][]>();
  for (const entry of rows) {
    const list = map.get(entry[1].districtId);
    if (list) list.push(entry);
    else map.set(entry[1].districtId, [entry]);
  }
  return map;
}

/** A district page's snapshot and its cache key. */
export interface SnapshotPage {
  snapshot: DistrictSnapshot;
  /**
   * A digest of the digests of every row the page shows, in the order it shows them: equal keys, equal pages (with
   * the same code). A row's digest covers the row, its rich text and the sanitiser (loader.ts), so the key needs
   * none of the rows' text.
   */
  key: string;
}

/**
 * Every district with its meetings (date descending), topics (id descending) and votings (as read), by district
 * id, each with its page's cache key.
 */
export function groupSnapshots(tables: { districts: RowsByDigest<District>; meetings: RowsByDigest<BuiltMeeting>; topics: RowsByDigest<BuiltTopic>; votings: RowsByDigest<Voting> }): SnapshotPage[] {
  const meetingsBy = byDistrict(tables.meetings);
  const topicsBy = byDistrict(tables.topics);
  const votingsBy = byDistrict(tables.votings);
  return [...tables.districts]
    .sort(([, a], [, b]) => a.id - b.id)
    .map(([digest, district]) => {
      const meetings = (meetingsBy.get(district.id) ?? []).sort(([, a], [, b]) => b.date.localeCompare(a.date));
      const topics = (topicsBy.get(district.id) ?? []).sort(([, a], [, b]) => b.id - a.id);
      const votings = votingsBy.get(district.id) ?? [];
      const key = createHash('sha256').update(digest);
      for (const list of [meetings, topics, votings]) key.update(`|${list.map(([d]) => d).join(',')}`);
      return {
        snapshot: { district, meetings: meetings.map(([, row]) => row), topics: topics.map(([, row]) => row), votings: votings.map(([, row]) => row) },
        key: key.digest('base64url'),
      };
    });
}

/** A table's rows as its loader kept them in this build's sync (snapshot-cache.ts). */
async function tableRows<T>(table: 'districts' | 'meetings' | 'topics' | 'votings'): Promise<RowsByDigest<T>> {
  // Imported here, not above, so that groupSnapshots can be tested outside Astro.
  const { cacheDir } = await import('astro:config/server');
  const file = snapshotCacheFile(cacheDir, table);
  // Every sync writes the file or finds it as it should be: without it, the cache folder lost it since.
  if (!existsSync(file)) throw new Error(`The snapshot of ${table} is missing from ${file}. Build again.`);
  return (await readSnapshotCache(file)) as RowsByDigest<T>;
}

let cached: Promise<SnapshotPage[]> | undefined;

/** Every district page's snapshot and cache key (see groupSnapshots), read and grouped once per build. */
export function districtSnapshots(): Promise<SnapshotPage[]> {
  cached ??= (async () => {
    const [districts, meetings, topics, votings] = await Promise.all([
      tableRows<District>('districts'),
      tableRows<BuiltMeeting>('meetings'),
      tableRows<BuiltTopic>('topics'),
      tableRows<Voting>('votings'),
    ]);
    return groupSnapshots({ districts, meetings, topics, votings });
  })();
  return cached;
}

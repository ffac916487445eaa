// What one district page needs from the snapshot, grouped once per build rather than filtered per page.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cacheDir } from 'astro:config/server';
import type { District } from './data/districts';
import type { Meeting } from './data/meetings';
import type { Topic } from './data/topics';
import type { Voting } from './data/votings';
import type { SafeHtml } from './sanitize';
import { readSnapshotCache, snapshotCacheFile } from './snapshot-cache';

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

function groupBy<T extends { districtId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.districtId);
    if (list) list.push(row);
    else map.set(row.districtId, [row]);
  }
  return map;
}

/** A table's rows as its loader kept them in this build's sync (snapshot-cache.ts). */
async function tableRows<T>(table: 'districts' | 'meetings' | 'topics' | 'votings'): Promise<T[]> {
  const file = snapshotCacheFile(cacheDir, table);
  // Every sync writes the file or finds it as it should be: without it, the cache folder lost it since.
  if (!existsSync(file)) throw new Error(`The snapshot of ${table} is missing from ${file}. Build again.`);
  return [...(await readSnapshotCache(file)).values()] as T[];
}

let cached: Promise<DistrictSnapshot[]> | undefined;

/** Every district with its meetings (date descending), topics (id descending) and votings, computed once. */
export function districtSnapshots(): Promise<DistrictSnapshot[]> {
  cached ??= (async () => {
    const [districts, meetings, topics, votings] = await Promise.all([
      tableRows<District>('districts'),
      tableRows<BuiltMeeting>('meetings'),
      tableRows<BuiltTopic>('topics'),
      tableRows<Voting>('votings'),
    ]);
    const meetingsBy = groupBy(meetings);
    const topicsBy = groupBy(topics);
    const votingsBy = groupBy(votings);
    return districts
      .sort((a, b) => a.id - b.id)
      .map((district) => ({
        district,
        meetings: (meetingsBy.get(district.id) ?? []).sort((a, b) => b.date.localeCompare(a.date)),
        topics: (topicsBy.get(district.id) ?? []).sort((a, b) => b.id - a.id),
        votings: votingsBy.get(district.id) ?? [],
      }));
  })();
  return cached;
}

/** A digest of everything a district page shows from the snapshot: equal keys, equal pages (with the same code). */
export function snapshotKey(snapshot: DistrictSnapshot): string {
  return createHash('sha256').update(JSON.stringify(snapshot)).digest('base64url');
}

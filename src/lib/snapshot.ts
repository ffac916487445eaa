// What one district page needs from the snapshot, grouped once per build rather than filtered per page.
import { createHash } from 'node:crypto';
import { getCollection, type CollectionEntry } from 'astro:content';
import { cacheDir } from 'astro:config/server';
import type { District } from './data/districts';
import type { Meeting } from './data/meetings';
import type { Topic } from './data/topics';
import type { Voting } from './data/votings';
import type { SafeHtml } from './sanitize';
import { readRichText, richTextFile, type RichTextByDigest } from './rich-text-cache';

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

/** An entry's row joined with its sanitised rich text, found in the loader's rich-text cache by the entry's digest. */
function withRichText(entry: CollectionEntry<'meetings' | 'topics'>, byDigest: RichTextByDigest): object {
  const fields = byDigest.get(String(entry.digest));
  if (!fields) {
    throw new Error(`The sanitised rich text of ${entry.collection} ${entry.id} is missing from ${richTextFile(cacheDir, entry.collection)}. Delete the cache folder and build again.`);
  }
  return { ...entry.data, ...fields };
}

let cached: Promise<DistrictSnapshot[]> | undefined;

/** Every district with its meetings (date descending), topics (id descending) and votings, computed once. */
export function districtSnapshots(): Promise<DistrictSnapshot[]> {
  cached ??= (async () => {
    const [districts, meetings, topics, votings, summaries, descriptions] = await Promise.all([
      getCollection('districts'),
      getCollection('meetings'),
      getCollection('topics'),
      getCollection('votings'),
      readRichText(richTextFile(cacheDir, 'meetings')),
      readRichText(richTextFile(cacheDir, 'topics')),
    ]);
    const meetingsBy = groupBy(meetings.map((e) => withRichText(e, summaries) as BuiltMeeting));
    const topicsBy = groupBy(topics.map((e) => withRichText(e, descriptions) as BuiltTopic));
    const votingsBy = groupBy(votings.map((e) => e.data));
    return districts
      .map((e) => e.data)
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

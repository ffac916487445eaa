// What one district page needs from the snapshot, grouped once per build rather than filtered per page.
import { getCollection } from 'astro:content';
import type { District } from './data/districts';
import type { Meeting } from './data/meetings';
import type { Topic } from './data/topics';
import type { Voting } from './data/votings';

export interface DistrictSnapshot {
  district: District;
  meetings: Meeting[];
  topics: Topic[];
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

let cached: Promise<DistrictSnapshot[]> | undefined;

/** Every district with its meetings (date descending), topics (id descending) and votings, computed once. */
export function districtSnapshots(): Promise<DistrictSnapshot[]> {
  cached ??= (async () => {
    const [districts, meetings, topics, votings] = await Promise.all([
      getCollection('districts'),
      getCollection('meetings'),
      getCollection('topics'),
      getCollection('votings'),
    ]);
    const meetingsBy = groupBy(meetings.map((e) => e.data));
    const topicsBy = groupBy(topics.map((e) => e.data));
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

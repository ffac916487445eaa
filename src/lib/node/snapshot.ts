// What one district page needs from the snapshot, grouped once per build rather than filtered per page.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { District } from '../data/districts';
import type { Meeting } from '../data/meetings';
import type { Topic } from '../data/topics';
import type { Voting } from '../data/votings';
import type { SafeHtml } from '../sanitize';
import { parseSnapshotLine, readSnapshotDistricts, snapshotCacheFile, type DistrictLines } from './snapshot-cache';

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

const TABLES = ['districts', 'meetings', 'topics', 'votings'] as const;
type Table = (typeof TABLES)[number];

/** A district page: its district's id, its cache key, and its snapshot. */
export interface SnapshotPage {
  id: number;
  /**
   * A digest of the digests of every row the page shows, table by table in id order: equal keys, equal pages (with
   * the same code). A row's digest covers the row, its rich text and the sanitiser (loader.ts), so the key needs none
   * of the rows' text.
   */
  key: string;
  /**
   * The page's rows, parsed when the page is rendered: a nightly rebuild restores most pages from the last build and
   * never parses their rows, and a first build lets each page's rows go once it is written.
   */
  snapshot: () => DistrictSnapshot;
}

/** One district's rows of a table, parsed from their lines. */
function parseRows<T>(table: Table, lines: string[]): T[] {
  return lines.map((line) => {
    const entry = parseSnapshotLine(line);
    if (!entry) throw new Error(`A line of the ${table} snapshot is not a row. Build again with \`astro build --force\`.`);
    return entry[1] as T;
  });
}

const NONE: DistrictLines = { digests: [], lines: [] };

/**
 * Every district's page, by district id: its key, and its snapshot with its meetings (date descending, ties in id
 * order), topics (id descending) and votings (id order). Rows of a district with no row in districts are on no page.
 */
export function groupSnapshots(tables: Record<Table, Map<number, DistrictLines>>): SnapshotPage[] {
  return [...tables.districts.keys()]
    .sort((a, b) => a - b)
    .map((id) => {
      const [district, meetings, topics, votings] = TABLES.map((table) => tables[table].get(id) ?? NONE);
      const key = createHash('sha256');
      for (const own of [district, meetings, topics, votings]) key.update(`|${own.digests.join(',')}`);
      const snapshot = (): DistrictSnapshot => ({
        district: parseRows<District>('districts', district.lines)[0],
        meetings: parseRows<BuiltMeeting>('meetings', meetings.lines).sort((a, b) => b.date.localeCompare(a.date)),
        topics: parseRows<BuiltTopic>('topics', topics.lines).sort((a, b) => b.id - a.id),
        votings: parseRows<Voting>('votings', votings.lines),
      });
      return { id, key: key.digest('base64url'), snapshot };
    });
}

/** A table's lines as its loader kept them in this build's sync (snapshot-cache.ts), by district. */
async function tableLines(table: Table): Promise<Map<number, DistrictLines>> {
  // Imported here, not above, so that groupSnapshots can be tested outside Astro.
  const { cacheDir } = await import('astro:config/server');
  const file = snapshotCacheFile(cacheDir, table);
  // Every sync writes the file or finds it as it should be: without it, the cache folder lost it since.
  if (!existsSync(file)) throw new Error(`The snapshot of ${table} is missing from ${file}. Build again.`);
  return readSnapshotDistricts(file);
}

let cached: Promise<SnapshotPage[]> | undefined;

/** Every district page's key and snapshot (see groupSnapshots), read and grouped once per build. */
export function districtSnapshots(): Promise<SnapshotPage[]> {
  cached ??= (async () => {
    const [districts, meetings, topics, votings] = await Promise.all(TABLES.map(tableLines));
    return groupSnapshots({ districts, meetings, topics, votings });
  })();
  return cached;
}

/** Every district's row, from the districts table alone (no page's other rows are read), for the listings by state. */
export async function districtRows(): Promise<District[]> {
  const districts = await tableLines('districts');
  return [...districts.values()].map((own) => parseRows<District>('districts', own.lines)[0]);
}

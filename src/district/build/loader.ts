// The build's snapshot of the district pages, one entry per district. The loader reads every district's digest from
// the district_pages view, reads in full only the districts whose digest changed, sanitises their rich text once
// and keeps each page as a JSON file in Astro's cache folder (keptPages.ts). Astro's store keeps only a small entry
// per district (its row, its key), because it serialises itself whole on every build.
//
// The sanitiser runs in this thread, while the next pages are read: sanitiser threads held more memory than the
// build's budget allows (docs/performance.md has the measurements). A build split into shards (shard.ts) uses both
// cores instead: each shard reads in full only its own districts, and the first shard, which lists every district,
// keeps of the others only their row and board members, without sanitising anything.
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Loader } from 'astro/loaders';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { boundedRichTextJobs, checkDistrictPage, TABLE, withRichText } from '../document';
import { sanitizeJob } from '../richText';
import type { District } from '../../lib/data/districts';
import { districtMembers, type BoardMember } from '../boardMembers';
import { createJsdomSanitizer, richTextProblem } from '../../lib/node/sanitizeJsdom';
import { pageFile, type KeptPage } from './keptPages';
import { pageVersion } from './pageVersion';
import { readRetryWait } from './readRetry';
import { BUILD_SHARD, inShard, makesListings, type Shard } from './shard';
import { MEETING_DISTRICT_ID } from '../../lib/agendaDistrict';

/** The collection's name in src/content.config.ts. */
export const COLLECTION = 'districtPages';
/**
 * Digests a request. The view computes each digest at read time (the md5 of the district's whole page), so a request
 * costs the database about as much as reading its pages: 1,000 (Supabase's most rows a request) passed the anonymous
 * role's 3 s statement timeout on a busy database; 250 take a quarter of that, in four times as many requests.
 */
const DIGESTS_PER_REQUEST = 250;
/** Whole pages a request: a page is some tens of kilobytes. */
const PAGES_PER_REQUEST = 50;
/** Requests at once: a hosted database is tens of milliseconds away. */
const IN_FLIGHT = 4;

/** What Astro's store keeps of a district: its row (the listings by state) and its board members (their pages' paths). */
export interface DistrictEntry {
  district: District;
  members: BoardMember[];
  /** Whether its page had bad rows when last read: then every build reads it again to report them. */
  reported: boolean;
}

/** Why the build cannot go on; the message is meant to be read in a failed nightly job. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(`${message} The build stops here so the last good site stays published.`);
    this.name = 'SnapshotError';
  }
}

type Answer = { data: unknown; error: { message: string; code?: string } | null; status: number };

/**
 * A query's rows, or a SnapshotError saying what the failure means for the build. A read the database cancelled at its
 * statement timeout, or answered while briefly unavailable, is asked again after a wait (readRetry.ts).
 */
async function rows<T>(url: string, query: () => PromiseLike<Answer>, attempt = 1): Promise<T[]> {
  const { data, error, status } = await query();
  if (!error) return (data ?? []) as T[];
  const wait = readRetryWait({ status, code: error.code }, attempt);
  if (wait !== null) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    return rows<T>(url, query, attempt + 1);
  }
  if (status === 0 || /fetch failed|ECONNREFUSED|ENOTFOUND|network/i.test(error.message))
    throw new SnapshotError(`Cannot reach the database at ${url} (${error.message}).`);
  if (status === 401 || status === 403)
    throw new SnapshotError(
      `The database at ${url} refused the key in PUBLIC_SUPABASE_ANON_KEY (${status}: ${error.message}).`,
    );
  const migrate = /district_pages/.test(error.message)
    ? ' Apply the migrations in supabase/migrations/ to this database (district_pages is defined in 20261201000300_district_pages.sql).'
    : '';
  const tried = attempt > 1 ? ` after ${attempt} attempts` : '';
  throw new SnapshotError(`Reading ${TABLE} from ${url} failed${tried} (${status}: ${error.message}).${migrate}`);
}

/** Runs `work` on every item, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Every district's id and page digest, in id order. Pages of rows after an id, never at an offset (which makes the
 * database compute every skipped page); after the first page the ids are split into lanes of equal span read at once.
 */
export async function readDigests(
  db: SupabaseClient,
  url: string,
  perRequest = DIGESTS_PER_REQUEST,
): Promise<{ id: number; digest: string }[]> {
  type Row = { id: number; digest: string };
  const page = (after: number, upTo: number | null) =>
    rows<Row>(url, () => {
      const query = db.from(TABLE).select('id,digest').gt('id', after);
      return (upTo === null ? query : query.lte('id', upTo)).order('id').limit(perRequest);
    });
  const lane = async (after: number, upTo: number | null, found: Row[] = []): Promise<Row[]> => {
    const got = await page(after, upTo);
    found.push(...got);
    return got.length < perRequest ? found : lane(got[got.length - 1].id, upTo, found);
  };
  const [first, last] = await Promise.all([
    page(0, null),
    rows<Row>(url, () => db.from(TABLE).select('id').order('id', { ascending: false }).limit(1)),
  ]);
  if (first.length < perRequest) return first;
  const start = first[first.length - 1].id;
  const span = (last[0]?.id ?? start) - start;
  const count = Math.max(1, Math.min(IN_FLIGHT, Math.ceil(span / perRequest)));
  // The last lane has no end, so districts added during the read are read too.
  const ends = Array.from({ length: count }, (_, at) =>
    at === count - 1 ? null : start + Math.round((span * (at + 1)) / count),
  );
  const rest = await Promise.all(ends.map((upTo, at) => lane(at === 0 ? start : ends[at - 1]!, upTo)));
  return [first, ...rest].flat();
}

/**
 * The content loader of the district pages. An entry's digest is its page's key: the database's digest of the page
 * and pageVersion(). A page with a bad row keeps a key no build matches, so every build reads and reports it again.
 */
export function districtPagesLoader(shard: Shard = BUILD_SHARD): Loader {
  return {
    name: 'supabase-district-pages',
    async load({ store, logger, config }) {
      const started = performance.now();
      const { PUBLIC_SUPABASE_URL: url, PUBLIC_SUPABASE_ANON_KEY: key } = {
        ...process.env,
        ...import.meta.env,
      } as Record<string, string | undefined>;
      if (!url || !key)
        throw new SnapshotError(
          'PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY must be set (see .env.example; `npm start` sets them for the embedded database).',
        );
      const db = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
      const version = await pageVersion();
      const digests = await readDigests(db, url);
      if (digests.length === 0) throw new SnapshotError(`The database at ${url} returned no districts.`);

      // This shard's districts, read in full; and, in the shard that lists every district, the others' rows and members
      // (except the district whose votes the agenda vote page shows, read in full there too).
      const inFull = (id: number) => inShard(shard, id) || (makesListings(shard) && id === MEETING_DISTRICT_ID);
      const own = digests.filter(({ id }) => inFull(id));
      const listed = makesListings(shard) ? digests.filter(({ id }) => !inFull(id)) : [];
      const present = new Set([...own, ...listed].map(({ id }) => String(id)));
      for (const id of store.keys()) {
        if (present.has(id)) continue;
        store.delete(id);
        await rm(pageFile(config.cacheDir, id), { force: true });
      }
      const stale = ({ id, digest }: { id: number; digest: string }) =>
        store.get(String(id))?.digest !== `${digest}.${version}`;
      const changed = own.filter((row) => stale(row) || !existsSync(pageFile(config.cacheDir, row.id)));
      const listedChanged = listed.filter(stale);
      // A page with a bad row is read and reported again on every build, so the operator sees it every night; its key
      // stays the same while its data does, so Astro does not render its outputs again.
      const changedIds = new Set(changed.map(({ id }) => id));
      const again = own.filter(
        ({ id }) =>
          !changedIds.has(id) && (store.get(String(id))?.data as DistrictEntry | undefined)?.reported === true,
      );
      const toRead = [...changed, ...again];
      await mkdir(dirname(pageFile(config.cacheDir, 0)), { recursive: true });

      const sanitize = createJsdomSanitizer();
      const readAt = new Date().toISOString();
      const chunks: { ids: number[]; full: boolean }[] = [];
      for (let at = 0; at < toRead.length; at += PAGES_PER_REQUEST)
        chunks.push({ ids: toRead.slice(at, at + PAGES_PER_REQUEST).map(({ id }) => id), full: true });
      for (let at = 0; at < listedChanged.length; at += PAGES_PER_REQUEST)
        chunks.push({ ids: listedChanged.slice(at, at + PAGES_PER_REQUEST).map(({ id }) => id), full: false });
      const total = toRead.length + listedChanged.length;
      let [done, reported] = [0, 0];
      await inLanes(chunks, IN_FLIGHT, async ({ ids, full }) => {
        if (!full) {
          await readListed(ids);
          done += ids.length;
          return;
        }
        const read = await rows<{ id: number; digest: string; page: unknown }>(url, () =>
          db.from(TABLE).select('id,digest,page').in('id', ids),
        );
        const checked = read.map((row) => {
          const { page, problems, broken } = checkDistrictPage(row.page);
          // Rich text over the sanitiser's bounds is reported like a bad row and never parsed.
          const bounded = page ? boundedRichTextJobs(page, richTextProblem) : { jobs: [], problems: [] };
          return { row, page, broken, problems: [...problems, ...bounded.problems], jobs: bounded.jobs };
        });
        const html = checked.flatMap(({ jobs }) => jobs).map((job) => sanitizeJob(sanitize, job));
        let at = 0;
        for (const { row, page, problems, broken, jobs } of checked) {
          for (const problem of problems) logger.warn(problem);
          if (!page) {
            store.delete(String(row.id));
            continue;
          }
          const kept: KeptPage = { ...withRichText(page, html.slice(at, (at += jobs.length))), broken, readAt };
          await writeFile(pageFile(config.cacheDir, row.id), JSON.stringify(kept));
          const entry: DistrictEntry = {
            district: page.district,
            members: districtMembers(page.district.id, page.votings),
            reported: problems.length > 0,
          };
          store.set({ id: String(row.id), data: { ...entry }, digest: `${row.digest}.${version}` });
        }
        done += ids.length;
        // A first build reads for minutes: say how far it is, a quarter at a time.
        const quarter = Math.floor((4 * done) / total);
        if (total >= 2_000 && quarter > reported && quarter < 4) logger.info(`${done} of ${total} district pages read`);
        reported = quarter;
      });
      const kept = own.length - toRead.length;
      const shardNote =
        shard.count > 1
          ? ` in shard ${shard.index + 1} of ${shard.count}${listed.length ? `; of the other shards' ${listed.length}, ${listedChanged.length} new or changed rows and board members read for the listings` : ''}`
          : '';
      logger.info(
        `${own.length} district pages${shardNote}: ${changed.length} new or changed, read and sanitised; ${again.length} with problems read again to report them; ${kept} kept from the last build (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );

      /**
       * Another shard's districts, as the listings need them: the row and the board members (from the votes), kept
       * without meetings and topics and never sanitised. Their problems are reported by the shard that reads them in full; a page file
       * left from a build that read them in full is removed, so it is never taken for this district's page.
       */
      async function readListed(ids: number[]): Promise<void> {
        // The whole page is read (the database refuses two JSON paths of one column in a request) but only its row and
        // votes are checked and kept.
        const read = await rows<{ id: number; digest: string; page: { district?: unknown; votings?: unknown } | null }>(
          url!,
          () => db.from(TABLE).select('id,digest,page').in('id', ids),
        );
        for (const row of read) {
          await rm(pageFile(config.cacheDir, row.id), { force: true });
          const { page } = checkDistrictPage({
            district: row.page?.district,
            votings: row.page?.votings,
            meetings: [],
            topics: [],
          });
          if (!page) {
            store.delete(String(row.id));
            continue;
          }
          const entry: DistrictEntry = {
            district: page.district,
            members: districtMembers(page.district.id, page.votings),
            reported: false,
          };
          store.set({ id: String(row.id), data: { ...entry }, digest: `${row.digest}.${version}` });
        }
      }
    },
  };
}

// The build-time snapshot: a content loader that reads one table from Supabase, validates every row,
// reports bad rows by table and id, and fails the build with one clear message when the data is not there.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Loader, LoaderContext } from 'astro/loaders';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Checked } from './data/validate';
import type { RichTextJob } from './sanitize';
import { sanitizeMany, sanitizerVersion } from './sanitize-pool';
import { cacheFile, readSnapshotLines, snapshotCacheFile, snapshotCacheName, snapshotLine, writeSnapshotCache } from './snapshot-cache';

const PAGE = 1000; // Supabase's default max rows per request.

/** Why the build cannot go on; the message is meant to be read in a failed nightly job. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(`${message} The build stops here so the last good site stays published.`);
    this.name = 'SnapshotError';
  }
}

/** The Supabase address and anon key the build reads, from the environment. */
export function buildEnv(env: Record<string, string | undefined> = { ...process.env, ...import.meta.env }) {
  const url = env.PUBLIC_SUPABASE_URL;
  const key = env.PUBLIC_SUPABASE_ANON_KEY;
  if (!url || !key) {
    throw new SnapshotError('PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY must be set (see .env.example; `npm start` sets them for the embedded database).');
  }
  return { url, key };
}

let client: SupabaseClient | undefined;
function buildClient(): SupabaseClient {
  const { url, key } = buildEnv();
  client ??= createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  return client;
}

/** Pages asked for at once: a hosted database is tens of milliseconds away, and 20,000 districts are 680 pages. */
const IN_FLIGHT = 4;

/** What a failed read means for the build, in one message. */
function readError(table: string, url: string, status: number, message: string): SnapshotError {
  if (status === 0 || /fetch failed|ECONNREFUSED|ENOTFOUND|network/i.test(message)) {
    return new SnapshotError(`Cannot reach the database at ${url} (${message}).`);
  }
  if (status === 401 || status === 403) {
    return new SnapshotError(`The database at ${url} refused the key in PUBLIC_SUPABASE_ANON_KEY (${status}: ${message}).`);
  }
  return new SnapshotError(`Reading ${table} from ${url} failed (${status}: ${message}).`);
}

/**
 * Reads every row of a table in id order, a page at a time and several pages at once; any failure becomes a
 * SnapshotError. A page is the rows after the last id read, never the rows at an offset: to find an offset the
 * database steps over every row before it, so reading a table by offsets takes time that grows with the square of
 * its size (at 20,000 districts, 19–21 s against 7–8 s by id for the four tables, against the embedded stack).
 * To ask for several pages at once, the ids past the first page are split into lanes of equal span, each read on
 * from its own start. The last lane has no end, so rows added during the read are read too.
 */
export async function fetchAllRows(
  db: SupabaseClient,
  table: string,
  url = buildEnv().url,
  { pageSize = PAGE, inFlight = IN_FLIGHT }: { pageSize?: number; inFlight?: number } = {},
): Promise<unknown[]> {
  type Row = { id: number };
  const read = async <T>(query: PromiseLike<{ data: T[] | null; error: { message: string } | null; status: number }>) => {
    const { data, error, status } = await query;
    if (error) throw readError(table, url, status, error.message);
    return data ?? [];
  };
  /** Up to a page of rows: ids above `after` and, when given, not above `upTo`. */
  const readPage = (after: number | null, upTo: number | null) => {
    let query = db.from(table).select('*');
    if (after !== null) query = query.gt('id', after);
    if (upTo !== null) query = query.lte('id', upTo);
    return read<Row>(query.order('id').limit(pageSize));
  };
  const readLane = async (after: number, upTo: number | null) => {
    const pages: Row[][] = [];
    for (;;) {
      const page = await readPage(after, upTo);
      pages.push(page);
      if (page.length < pageSize) return pages.flat();
      after = page[page.length - 1].id;
    }
  };
  const [first, [highest]] = await Promise.all([readPage(null, null), read<Row>(db.from(table).select('id').order('id', { ascending: false }).limit(1))]);
  if (first.length < pageSize) return first;
  const start = first[first.length - 1].id;
  const span = (highest?.id ?? start) - start;
  const lanes = Math.max(1, Math.min(inFlight, Math.ceil(span / pageSize)));
  const ends = Array.from({ length: lanes }, (_, lane) => (lane === lanes - 1 ? null : start + Math.round((span * (lane + 1)) / lanes)));
  const rest = await Promise.all(ends.map((upTo, lane) => readLane(lane === 0 ? start : ends[lane - 1]!, upTo)));
  return [first, ...rest].flat();
}

interface TableLoaderOptions<T extends { id: number }> {
  table: string;
  check: (raw: unknown) => Checked<T>;
  /** When true, a table with no usable rows fails the build (a site without districts is no site). */
  required?: boolean;
  /** The row's rich text, by the field its sanitised HTML is kept under (e.g. summaryHtml). */
  richText?: (row: T) => Record<string, RichTextJob>;
  /** Fields not kept, because their sanitised form replaces them (the unsanitised text is never rendered). */
  replaces?: (keyof T & string)[];
}

/**
 * The key in the collection's meta store that says its snapshot file belongs to this store (its value: the file's
 * name in the cache folder). Astro empties its store when asked for a clean build (`astro build --force`), when its
 * version, its configuration or the content configuration changed: the meta store goes with it, and the next build
 * makes every row again rather than trusting the file.
 */
export const SNAPSHOT_KEPT = 'snapshot-cache';

/**
 * A content loader for one table: each valid row is kept, with its rich text sanitised (in worker threads), in the
 * table's snapshot file beside Astro's store (snapshot-cache.ts), where the page build reads it (snapshot.ts).
 * Astro's store itself keeps no rows. A row whose data, rich text and sanitiser are all unchanged since the last
 * build is kept as it was, so a nightly rebuild sanitises only new or changed rows.
 */
export function tableLoader<T extends { id: number }>({ table, check, required = false, richText, replaces = [] }: TableLoaderOptions<T>): Loader {
  return {
    name: `supabase-${table}`,
    async load({ store, meta, logger, generateDigest, config }: LoaderContext) {
      const started = performance.now();
      const rows = await fetchAllRows(buildClient(), table);
      const fetched = performance.now();
      const file = snapshotCacheFile(config.cacheDir, table);
      // The last build's lines by digest: an unchanged row's line is written again as it is, never parsed.
      const trusted = meta.get(SNAPSHOT_KEPT) === snapshotCacheName(table) && existsSync(file);
      const previous = trusted ? await readSnapshotLines(file) : new Map<string, string>();
      // A build from before the snapshot files kept the rows in Astro's store, where they would still be serialised,
      // and the rich text in a folder of its own, which nothing reads any more.
      if (store.keys().length > 0) {
        store.clear();
        await rm(cacheFile(config.cacheDir, `rich-text/${table}.ndjson`), { force: true });
      }

      const version = richText ? sanitizerVersion() : '';
      const next = new Map<string, string>(); // every row's line in this build, in id order
      const changed: { digest: string; row: T; jobs: Record<string, RichTextJob> }[] = [];
      for (const raw of rows) {
        const { row, problems } = check(raw);
        const rawId = (raw as { id?: unknown })?.id ?? '?';
        if (problems.length) logger.warn(`${table} row id=${rawId}: ${problems.join('; ')}${row ? '' : ' (left out)'}`);
        if (!row) continue;
        const jobs = richText?.(row) ?? {};
        // The digest covers what check() made of the row, its jobs, the sanitiser and the fields it replaces, so a
        // change to any of them makes the row again.
        const digest = generateDigest({ row: row as Record<string, unknown>, jobs, sanitizer: version, replaces });
        const kept = previous.get(digest);
        next.set(digest, kept ?? ''); // its place in id order; a changed row's line is made below
        if (!kept) changed.push({ digest, row, jobs });
      }
      if (required && next.size === 0) {
        throw new SnapshotError(`The database at ${buildEnv().url} returned no ${table}.`);
      }

      const jobs = changed.flatMap((c) => Object.values(c.jobs));
      const sanitising = performance.now();
      // A large first build sanitises for a minute or more: say how far it is, a quarter at a time.
      let reported = 0;
      const html = await sanitizeMany(jobs, {
        onProgress: (done, total) => {
          const quarter = Math.floor((4 * done) / total);
          if (total < 10_000 || quarter === reported || quarter === 4) return;
          reported = quarter;
          logger.info(`${table}: ${done} of ${total} pieces of rich text sanitised`);
        },
      });
      const sanitised = performance.now();
      let at = 0; // html[] follows jobs[]: each row's jobs, in order
      for (const { digest, row, jobs } of changed) {
        const data: Record<string, unknown> = { ...row };
        for (const field of replaces) delete data[field];
        for (const field of Object.keys(jobs)) data[field] = html[at++];
        next.set(digest, snapshotLine(digest, data));
      }
      // With nothing new and no row gone, the file already holds exactly these rows. Otherwise it is written, even
      // with no rows: the page build reads every table's file, and an untrusted one may hold another build's rows.
      if (!trusted || changed.length > 0 || next.size !== previous.size) await writeSnapshotCache(file, next.values());
      meta.set(SNAPSHOT_KEPT, snapshotCacheName(table));

      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const count = jobs.filter(Boolean).length;
      const pieces = count ? `, ${count} pieces of rich text sanitised in ${seconds(sanitised - sanitising)}` : '';
      logger.info(`${next.size} ${table} rows: ${changed.length} new or changed${pieces}, ${next.size - changed.length} kept from the last build; read in ${seconds(fetched - started)}`);
    },
  };
}

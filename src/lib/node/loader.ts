// The build-time snapshot: a content loader that reads one table from Supabase, validates every row,
// reports bad rows by table and id, and fails the build with one clear message when the data is not there.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Checked } from '../data/validate';
import type { RichTextJob } from '../sanitize';
import { sanitizeMany, sanitizerVersion } from './sanitize-pool';
import { cacheFile, readSnapshotLines, snapshotCacheFile, snapshotCacheName, snapshotLine, withSource, writeSnapshotCache, type KeptLine } from './snapshot-cache';

const PAGE = 1000; // Supabase's default max rows per request.
/**
 * The database's digest of a row: a computed column of every public table (supabase/migrations/*_row_digest.sql),
 * read beside the rows, and alone when the last build's lines may be kept.
 */
const ROW_DIGEST = 'row_digest';

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
  const migrate = message.includes(ROW_DIGEST) ? ' Apply the migrations in supabase/migrations/ to this database (row_digest came with 20261123000000_row_digest.sql).' : '';
  return new SnapshotError(`Reading ${table} from ${url} failed (${status}: ${message}).${migrate}`);
}

/**
 * Reads every row of a table in id order, a page at a time and several pages at once; any failure becomes a
 * SnapshotError. A page is the rows after the last id read, never the rows at an offset: to find an offset the
 * database steps over every row before it, so reading a table by offsets takes time that grows with the square of
 * its size.
 * To ask for several pages at once, the ids past the first page are split into lanes of equal span, each read on
 * from its own start. The last lane has no end, so rows added during the read are read too.
 */
export async function fetchAllRows(
  db: SupabaseClient,
  table: string,
  url = buildEnv().url,
  { pageSize = PAGE, inFlight = IN_FLIGHT, select = '*' }: { pageSize?: number; inFlight?: number; select?: string } = {},
): Promise<unknown[]> {
  type Row = { id: number };
  const read = readRows(table, url);
  /** Up to a page of rows: ids above `after` and, when given, not above `upTo`. */
  const readPage = (after: number | null, upTo: number | null) => {
    let query = db.from(table).select(select as '*'); // columns chosen at run time: typed as all, checked row by row after
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

/** A query's rows, or a SnapshotError saying what the failure means for the build. */
function readRows(table: string, url: string) {
  return async <T>(query: PromiseLike<{ data: T[] | null; error: { message: string } | null; status: number }>): Promise<T[]> => {
    const { data, error, status } = await query;
    if (error) throw readError(table, url, status, error.message);
    return data ?? [];
  };
}

/** Ids asked for in one request: a few kilobytes of address, well under what servers and proxies accept. */
const IDS_PER_REQUEST = 200;

/** The rows of a table with these ids (those that still exist), in id order, several requests at once. */
export async function fetchRowsById(
  db: SupabaseClient,
  table: string,
  ids: number[],
  url = buildEnv().url,
  { perRequest = IDS_PER_REQUEST, inFlight = IN_FLIGHT, select = '*' }: { perRequest?: number; inFlight?: number; select?: string } = {},
): Promise<unknown[]> {
  const read = readRows(table, url);
  const chunks: number[][] = [];
  for (let at = 0; at < ids.length; at += perRequest) chunks.push(ids.slice(at, at + perRequest));
  const rows: { id: number }[][] = new Array(chunks.length);
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const at = next++;
      rows[at] = await read<{ id: number }>(db.from(table).select(select as '*').in('id', chunks[at]));
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, chunks.length) }, lane));
  return rows.flat().sort((a, b) => a.id - b.id);
}

/** Past this share of a table's rows to read again, reading it all by pages is cheaper than asking for each by id. */
const REREAD_BY_ID_MAX_SHARE = 0.2;

/** What a build does with each row the database holds, found by its database digest among the last build's lines. */
export interface ReadPlan {
  /** Every row, in id order: the last build's line when it can be kept as it is, else null (read it again). */
  rows: { id: number; kept: KeptLine | null }[];
  /** The ids of the rows to read again. */
  reread: number[];
}

/**
 * Which rows a build can keep without reading them: those whose database digest is the source of a line of the last
 * build (made by the same code). null when so many must be read again that reading the whole table is cheaper.
 */
export function planRead(digests: { id: number; source: string }[], lastBuild: Map<string, KeptLine>, maxShare = REREAD_BY_ID_MAX_SHARE): ReadPlan | null {
  const bySource = new Map<string, KeptLine>();
  for (const kept of lastBuild.values()) if (kept.source) bySource.set(kept.source, kept);
  const rows = digests.map(({ id, source }) => ({ id, kept: (source && bySource.get(source)) || null }));
  const reread = rows.filter((row) => !row.kept).map((row) => row.id);
  return reread.length > maxShare * digests.length ? null : { rows, reread };
}

/** The database digest that came with a row, when it is one a line can hold (see snapshot-cache.ts). */
function sourceOf(raw: unknown): string {
  const source = (raw as Record<string, unknown> | null)?.[ROW_DIGEST];
  return typeof source === 'string' && /^[\w-]+$/.test(source) ? source : '';
}

/** src/lib: the rules, checks and sanitiser a snapshot line is made with, and this build code. */
const LIB = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What turns a database row into its snapshot line besides the row: the code of this folder (the checks, the rich-text
 * jobs, the sanitiser, this loader), the content configuration, and the libraries they run on. A line is kept by its
 * source alone only under the code that made it; otherwise every row is read again (and sanitised again only when
 * what the checks made of it changed).
 */
function snapshotCodeVersion(): string {
  const hash = createHash('sha256');
  const files = readdirSync(LIB, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(LIB, file)));
  hash.update(readFileSync(join(LIB, '..', 'content.config.ts')));
  const zod = createRequire(import.meta.url)('zod/package.json') as { version: string };
  hash.update(`zod ${zod.version} sanitiser ${sanitizerVersion()}`);
  return hash.digest('hex');
}

interface TableLoaderOptions<T extends { id: number }> {
  table: string;
  /** The columns read (the data module's COLUMNS). */
  columns: string;
  check: (raw: unknown) => Checked<T>;
  /** The district whose page shows the row (its own id for a district). */
  district: (row: T) => number;
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
/** The key in the collection's meta store that names the code that made the snapshot file's lines (snapshotCodeVersion). */
export const SNAPSHOT_CODE = 'snapshot-code';

/**
 * A content loader for one table: each valid row is kept, with its rich text sanitised (in worker threads), in the
 * table's snapshot file beside Astro's store (snapshot-cache.ts), where the page build reads it (snapshot.ts).
 * Astro's store itself keeps no rows. A nightly rebuild reads every row's database digest and only the rows whose
 * digest changed; a row whose data, rich text and sanitiser are all unchanged since the last build is kept as it was,
 * so it sanitises only new or changed rows.
 */
export function tableLoader<T extends { id: number }>({ table, columns, check, district, required = false, richText, replaces = [] }: TableLoaderOptions<T>): Loader {
  return {
    name: `supabase-${table}`,
    async load({ store, meta, logger, generateDigest, config }: LoaderContext) {
      const started = performance.now();
      const db = buildClient();
      const { url } = buildEnv();
      const file = snapshotCacheFile(config.cacheDir, table);
      // The last build's lines by digest: an unchanged row's line is written again as it is, never parsed.
      const trusted = meta.get(SNAPSHOT_KEPT) === snapshotCacheName(table) && existsSync(file);
      const lastBuild = trusted ? await readSnapshotLines(file) : new Map<string, KeptLine>();
      // A build from before the snapshot files kept the rows in Astro's store, where they would still be serialised,
      // and the rich text in a folder of its own, which nothing reads any more.
      if (store.keys().length > 0) {
        store.clear();
        await rm(cacheFile(config.cacheDir, `rich-text/${table}.ndjson`), { force: true });
      }

      // Lines made by this very code are kept by their source: only the rows whose database digest changed are read.
      const code = snapshotCodeVersion();
      const plan =
        lastBuild.size > 0 && meta.get(SNAPSHOT_CODE) === code
          ? planRead((await fetchAllRows(db, table, url, { select: `id,${ROW_DIGEST}` })).map((raw) => ({ id: (raw as { id: number }).id, source: sourceOf(raw) })), lastBuild)
          : null;
      const select = `${columns},${ROW_DIGEST}`;
      const raws = plan ? await fetchRowsById(db, table, plan.reread, url, { select }) : await fetchAllRows(db, table, url, { select });
      const fetched = performance.now();

      const version = richText ? sanitizerVersion() : '';
      const next = new Map<string, string>(); // every row's line in this build, by digest, in id order
      const changed: { digest: string; source: string; row: T; jobs: Record<string, RichTextJob> }[] = [];
      let resourced = 0; // lines kept with a new source
      /** Checks a row read in full; its last line is kept when what check() made of it is unchanged. */
      const take = (raw: unknown) => {
        const { [ROW_DIGEST]: _source, ...fields } = raw as Record<string, unknown>;
        const { row, problems } = check(fields);
        if (problems.length) logger.warn(`${table} row id=${fields.id ?? '?'}: ${problems.join('; ')}${row ? '' : ' (left out)'}`);
        if (!row) return;
        const jobs = richText?.(row) ?? {};
        // The digest covers what check() made of the row, its jobs, the sanitiser and the fields it replaces, so a
        // change to any of them makes the row again.
        const digest = generateDigest({ row: row as Record<string, unknown>, jobs, sanitizer: version, replaces });
        // A row with problems keeps no source, so every build reads it, and reports it, again.
        const source = problems.length ? '' : sourceOf(raw);
        const kept = lastBuild.get(digest);
        if (kept && kept.source !== source) resourced += 1;
        if (kept) next.set(digest, kept.source === source ? kept.line : withSource(kept.line, source));
        else {
          next.set(digest, ''); // its place in id order; its line is made below
          changed.push({ digest, source, row, jobs });
        }
      };
      if (plan) {
        const reread = new Map(raws.map((raw) => [(raw as { id: number }).id, raw]));
        for (const { id, kept } of plan.rows) {
          if (kept) next.set(kept.digest, kept.line);
          else if (reread.has(id)) take(reread.get(id)); // gone since its digest was read: left out
        }
      } else raws.forEach(take);
      if (required && next.size === 0) {
        throw new SnapshotError(`The database at ${url} returned no ${table}.`);
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
      for (const { digest, source, row, jobs } of changed) {
        const data: Record<string, unknown> = { ...row };
        for (const field of replaces) delete data[field];
        for (const field of Object.keys(jobs)) data[field] = html[at++];
        next.set(digest, snapshotLine(digest, source, district(row), data));
      }
      // With nothing new, no row gone and every source as it was, the file already holds exactly these lines.
      // Otherwise it is written, even with no rows: the page build reads every table's file, and an untrusted one may
      // hold another build's rows.
      if (!trusted || changed.length > 0 || resourced > 0 || next.size !== lastBuild.size) await writeSnapshotCache(file, next.values());
      meta.set(SNAPSHOT_KEPT, snapshotCacheName(table));
      meta.set(SNAPSHOT_CODE, code);

      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const count = jobs.filter(Boolean).length;
      const pieces = count ? `, ${count} pieces of rich text sanitised in ${seconds(sanitised - sanitising)}` : '';
      const read = plan ? `${raws.length} rows read again, the others known by their digest, in ${seconds(fetched - started)}` : `read in ${seconds(fetched - started)}`;
      logger.info(`${next.size} ${table} rows: ${changed.length} new or changed${pieces}, ${next.size - changed.length} kept from the last build; ${read}`);
    },
  };
}

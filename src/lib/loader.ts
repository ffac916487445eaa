// The build-time snapshot: a content loader that reads one table from Supabase, validates every row,
// reports bad rows by table and id, and fails the build with one clear message when the data is not there.
import type { Loader, LoaderContext } from 'astro/loaders';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Checked } from './data/validate';
import type { RichTextJob } from './sanitize';
import { sanitizeMany, sanitizerVersion } from './sanitize-pool';
import { readRichText, richTextFile, writeRichText, type RichTextByDigest } from './rich-text-cache';

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
  /**
   * The row's rich text, by the field its sanitised HTML is given under (e.g. summaryHtml). The HTML is kept in the
   * rich-text cache beside Astro's store (rich-text-cache.ts), found by the entry's digest; snapshot.ts joins them.
   */
  richText?: (row: T) => Record<string, RichTextJob>;
  /** Fields not kept, because their sanitised form replaces them (the unsanitised text is never rendered). */
  replaces?: (keyof T & string)[];
}

/** Less than the half second Astro waits after the last change to its store before it saves the whole store. */
export const HOLD_SAVE_MS = 250;

/**
 * Holds Astro's save of its store until this loader has stored its entries; returns the release. Astro saves the
 * whole store (serialising every entry of every collection) half a second after its last change to any collection.
 * It changes the store at the start of every sync (its version and config digests): with every row kept from the
 * last build, that save serialised the whole store in the middle of the tables' read (about 15 s of a nightly
 * rebuild at 20,000 districts, measured with `npm run bench:build`). And tables finishing one after another made it
 * save once per table, each time larger. A change more often than that holds the save while any table is still
 * being read, so the store is saved once per sync, after the last table. The change is always the same key and
 * value, so an unchanged store still saves as the same file.
 */
export function holdStoreSave(meta: Pick<LoaderContext['meta'], 'set'>): () => void {
  const timer = setInterval(() => meta.set('store-save-held', 'while the table is read'), HOLD_SAVE_MS);
  return () => clearInterval(timer);
}

/**
 * A content loader for one table: each valid row becomes an entry keyed by its id, with its rich text sanitised
 * (in worker threads) into the rich-text cache. Astro keeps the entries between builds (node_modules/.astro), and
 * the cache sits beside them: an entry whose row, rich text and sanitiser are all unchanged is kept as it is, so a
 * nightly rebuild sanitises only new or changed rows.
 */
export function tableLoader<T extends { id: number }>({ table, check, required = false, richText, replaces = [] }: TableLoaderOptions<T>): Loader {
  return {
    name: `supabase-${table}`,
    async load(context) {
      const releaseSave = holdStoreSave(context.meta);
      try {
        await loadTable(context);
      } finally {
        releaseSave();
      }
    },
  };

  async function loadTable({ store, logger, generateDigest, config }: LoaderContext) {
    const started = performance.now();
    const rows = await fetchAllRows(buildClient(), table);
    const fetched = performance.now();
    const richTextPath = richText ? richTextFile(config.cacheDir, table) : '';
    const previous: RichTextByDigest = richText ? await readRichText(richTextPath) : new Map();
    const kept = new Map<string, string>(); // id → digest
    const changed: { id: string; row: T; jobs: Record<string, RichTextJob>; digest: string }[] = [];
    const version = richText ? sanitizerVersion() : '';
    for (const raw of rows) {
      const { row, problems } = check(raw);
      const rawId = (raw as { id?: unknown })?.id ?? '?';
      if (problems.length) logger.warn(`${table} row id=${rawId}: ${problems.join('; ')}${row ? '' : ' (left out)'}`);
      if (!row) continue;
      const id = String(row.id);
      const jobs = richText?.(row) ?? {};
      // The entry is made from what check() made of the row, its jobs, the sanitiser and the fields it replaces:
      // the digest covers them all, so a change to any of them makes the entry again.
      const digest = generateDigest({ row: row as Record<string, unknown>, jobs, sanitizer: version, replaces });
      kept.set(id, digest);
      // Made again too when its sanitised text is not in the cache (a cache folder only partly kept).
      if (store.get(id)?.digest !== digest || (richText && !previous.has(digest))) changed.push({ id, row, jobs, digest });
    }
    if (required && kept.size === 0) {
      throw new SnapshotError(`The database at ${buildEnv().url} returned no ${table}.`);
    }
    const gone = [...store.keys()].filter((id) => !kept.has(id));

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
    // The rich text is written before the entries that point to it (a build stopped in between re-sanitises them).
    if (richText && (changed.length > 0 || gone.length > 0 || previous.size !== kept.size)) {
      const next: RichTextByDigest = new Map();
      for (const digest of kept.values()) {
        const fields = previous.get(digest);
        if (fields) next.set(digest, fields);
      }
      let at = 0; // html[] follows jobs[]: each entry's jobs, in order
      for (const entry of changed) {
        next.set(entry.digest, Object.fromEntries(Object.keys(entry.jobs).map((field) => [field, html[at++]])));
      }
      await writeRichText(richTextPath, next);
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const count = jobs.filter(Boolean).length;
    const pieces = count ? `, ${count} pieces of rich text sanitised in ${seconds(sanitised - sanitising)}` : '';
    logger.info(`${kept.size} ${table} rows: ${changed.length} new or changed${pieces}, ${kept.size - changed.length} kept from the last build; read in ${seconds(fetched - started)}`);
    for (const id of gone) store.delete(id);
    for (const entry of changed) {
      const data: Record<string, unknown> = { ...entry.row };
      for (const field of replaces) delete data[field];
      store.set({ id: entry.id, data, digest: entry.digest });
    }
  }
}

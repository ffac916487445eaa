// The build-time snapshot: a content loader that reads one table from Supabase, validates every row,
// reports bad rows by table and id, and fails the build with one clear message when the data is not there.
import type { Loader } from 'astro/loaders';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Checked } from './data/validate';

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

/** Reads every row of a table, a page at a time, ordered by id; any failure becomes a SnapshotError. */
export async function fetchAllRows(db: SupabaseClient, table: string, url = buildEnv().url): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error, status } = await db.from(table).select('*').order('id').range(from, from + PAGE - 1);
    if (error) {
      if (status === 0 || /fetch failed|ECONNREFUSED|ENOTFOUND|network/i.test(error.message)) {
        throw new SnapshotError(`Cannot reach the database at ${url} (${error.message}).`);
      }
      if (status === 401 || status === 403) {
        throw new SnapshotError(`The database at ${url} refused the key in PUBLIC_SUPABASE_ANON_KEY (${status}: ${error.message}).`);
      }
      throw new SnapshotError(`Reading ${table} from ${url} failed (${status}: ${error.message}).`);
    }
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE) return rows;
  }
}

interface TableLoaderOptions<T extends { id: number }> {
  table: string;
  check: (raw: unknown) => Checked<T>;
  /** When true, a table with no usable rows fails the build (a site without districts is no site). */
  required?: boolean;
}

/** A content loader for one table: each valid row becomes an entry keyed by its id. */
export function tableLoader<T extends { id: number }>({ table, check, required = false }: TableLoaderOptions<T>): Loader {
  return {
    name: `supabase-${table}`,
    async load({ store, logger }) {
      const rows = await fetchAllRows(buildClient(), table);
      store.clear();
      let kept = 0;
      for (const raw of rows) {
        const { row, problems } = check(raw);
        const id = (raw as { id?: unknown })?.id ?? '?';
        if (problems.length) logger.warn(`${table} row id=${id}: ${problems.join('; ')}${row ? '' : ' (left out)'}`);
        if (!row) continue;
        store.set({ id: String(row.id), data: row as Record<string, unknown> });
        kept += 1;
      }
      if (required && kept === 0) {
        throw new SnapshotError(`The database at ${buildEnv().url} returned no ${table}.`);
      }
      logger.info(`${kept} ${table} rows`);
    },
  };
}

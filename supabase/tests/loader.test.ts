// The build-time snapshot loader against the real database: bad rows are reported and handled, and a
// database that cannot be read stops the build with one clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { fetchAllRows, SnapshotError, tableLoader } from '../../src/lib/loader';
import { checkVoting } from '../../src/lib/data/votings';
import { checkDistrict } from '../../src/lib/data/districts';
import { anonKey, apiUrl, sql } from './helpers';

/** Runs a loader with an in-memory store and a logger that records its warnings. */
async function runLoader(loader: ReturnType<typeof tableLoader>) {
  const entries = new Map<string, Record<string, unknown>>();
  const warnings: string[] = [];
  const store = { clear: () => entries.clear(), set: ({ id, data }: { id: string; data: Record<string, unknown> }) => (entries.set(id, data), true) };
  const logger = { warn: (m: string) => warnings.push(m), info: () => {}, error: () => {}, debug: () => {} };
  await loader.load({ store, logger } as never);
  return { entries, warnings };
}

describe('the snapshot loader', () => {
  const saved = { url: process.env.PUBLIC_SUPABASE_URL, key: process.env.PUBLIC_SUPABASE_ANON_KEY };
  beforeAll(() => {
    process.env.PUBLIC_SUPABASE_URL = apiUrl();
    process.env.PUBLIC_SUPABASE_ANON_KEY = anonKey();
  });
  afterAll(() => {
    process.env.PUBLIC_SUPABASE_URL = saved.url;
    process.env.PUBLIC_SUPABASE_ANON_KEY = saved.key;
  });

  it('reports an unparseable votes value by table and id and keeps the row with no votes', async () => {
    const [bad] = await sql<{ id: number }>("select id from public.votings where jsonb_typeof(votes) = 'string' and left(votes #>> '{}', 1) <> '[' limit 1");
    expect(bad).toBeDefined();
    const { entries, warnings } = await runLoader(tableLoader({ table: 'votings', check: checkVoting }));
    expect(warnings).toContain(`votings row id=${bad.id}: votes: not an array of {name, vote}; shown as no votes`);
    expect(entries.get(String(bad.id))?.votes).toEqual([]);
  });

  it('parses votes stored as a JSON string into the same list as an array', async () => {
    const [asString] = await sql<{ id: number; votes: string }>("select id, votes #>> '{}' as votes from public.votings where jsonb_typeof(votes) = 'string' and left(votes #>> '{}', 1) = '[' limit 1");
    const { entries } = await runLoader(tableLoader({ table: 'votings', check: checkVoting }));
    expect(entries.get(String(asString.id))?.votes).toEqual(JSON.parse(asString.votes));
  });

  it('loads every district, keyed by id', async () => {
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.districts');
    const { entries } = await runLoader(tableLoader({ table: 'districts', check: checkDistrict, required: true }));
    expect(entries.size).toBe(n);
    expect(entries.get('1')?.name).toBe('Palo Alto Unified School District');
  });

  it('fails with one clear message when the database cannot be reached', async () => {
    const unreachable = 'http://127.0.0.1:9';
    const db = createClient(unreachable, anonKey(), { auth: { persistSession: false } });
    const error = await fetchAllRows(db, 'districts', unreachable).catch((e) => e);
    expect(error).toBeInstanceOf(SnapshotError);
    expect(error.message).toBe(`Cannot reach the database at ${unreachable} (TypeError: fetch failed). The build stops here so the last good site stays published.`);
  });

  it('fails with one clear message when the database refuses the key', async () => {
    const db = createClient(apiUrl(), 'not-a-key', { auth: { persistSession: false } });
    const error = await fetchAllRows(db, 'districts', apiUrl()).catch((e) => e);
    expect(error).toBeInstanceOf(SnapshotError);
    expect(error.message).toMatch(/^The database at .* refused the key in PUBLIC_SUPABASE_ANON_KEY \(401: Invalid API key\)\./);
  });
});

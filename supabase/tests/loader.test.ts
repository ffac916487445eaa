// The build-time snapshot loader against the real database: bad rows are reported and handled, and a
// database that cannot be read stops the build with one clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { fetchAllRows, fetchRowsById, SNAPSHOT_CODE, SNAPSHOT_KEPT, SnapshotError, tableLoader } from '../../src/lib/node/loader';
import { checkVoting, COLUMNS as VOTING_COLUMNS } from '../../src/lib/data/votings';
import { checkDistrict, COLUMNS as DISTRICT_COLUMNS } from '../../src/lib/data/districts';
import { checkMeeting, COLUMNS as MEETING_COLUMNS } from '../../src/lib/data/meetings';
import { checkTopic, COLUMNS as TOPIC_COLUMNS } from '../../src/lib/data/topics';
import { summaryJob } from '../../src/lib/meetings';
import { descriptionJob } from '../../src/lib/topics';
import { sanitizeJob } from '../../src/lib/sanitize';
import { createJsdomSanitizer } from '../../src/lib/node/sanitize-jsdom';
import { parseSnapshotLine, readSnapshotDistricts, snapshotCacheFile } from '../../src/lib/node/snapshot-cache';
import { anonKey, apiUrl, sql } from './helpers';

/** An in-memory stand-in for Astro's store of one collection; the loader is to leave it empty. */
function memoryStore(ids: string[] = []) {
  const entries = new Map<string, unknown>(ids.map((id) => [id, { data: {} }]));
  return { entries, keys: () => [...entries.keys()], clear: () => entries.clear() };
}

/** What one build leaves for the next: the collection's meta store (kept in Astro's store) and the cache folder. */
interface Kept {
  meta: Map<string, string>;
  cacheDir: string;
}

const newCache = (): Kept => ({ meta: new Map(), cacheDir: mkdtempSync(join(tmpdir(), 'loader-cache-')) });

/**
 * Runs a loader (after a given build, to act as the next one) and records its warnings and summary line. Its rows
 * come back as the page build reads them from the table's snapshot file, keyed by id.
 */
async function runLoader(loader: ReturnType<typeof tableLoader>, kept: Kept = newCache(), store = memoryStore()) {
  const { meta, cacheDir } = kept;
  const warnings: string[] = [];
  const infos: string[] = [];
  const logger = { warn: (m: string) => warnings.push(m), info: (m: string) => infos.push(m), error: () => {}, debug: () => {} };
  const generateDigest = (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('hex');
  await loader.load({ store, meta, logger, generateDigest, config: { cacheDir: pathToFileURL(`${cacheDir}/`) } } as never);
  const file = snapshotCacheFile(cacheDir, loader.name.replace('supabase-', ''));
  // In the file's order; readSnapshotDistricts also checks every line is whole.
  await readSnapshotDistricts(file);
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const entries = new Map(lines.map((line) => parseSnapshotLine(line)![1]).map((row) => [String(row.id), row]));
  return { entries, warnings, infos, store, kept, file };
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
    const { entries, warnings } = await runLoader(tableLoader({ table: 'votings', columns: VOTING_COLUMNS, check: checkVoting, district: (row) => row.districtId }));
    expect(warnings).toContain(`votings row id=${bad.id}: votes: not an array of {name, vote}; shown as no votes`);
    expect(entries.get(String(bad.id))?.votes).toEqual([]);
  });

  it('reads and reports a row with problems again on every build, and keeps the others unread', async () => {
    const first = await runLoader(tableLoader({ table: 'votings', columns: VOTING_COLUMNS, check: checkVoting, district: (row) => row.districtId }));
    expect(first.warnings.length).toBeGreaterThan(0);
    const again = await runLoader(tableLoader({ table: 'votings', columns: VOTING_COLUMNS, check: checkVoting, district: (row) => row.districtId }), first.kept);
    expect(again.warnings).toEqual(first.warnings);
    expect(again.infos.at(-1)).toMatch(new RegExp(`; ${first.warnings.length} rows read again, the others known by their digest`));
    expect(again.entries).toEqual(first.entries);
  });

  it('parses votes stored as a JSON string into the same list as an array', async () => {
    const [asString] = await sql<{ id: number; votes: string }>("select id, votes #>> '{}' as votes from public.votings where jsonb_typeof(votes) = 'string' and left(votes #>> '{}', 1) = '[' limit 1");
    const { entries } = await runLoader(tableLoader({ table: 'votings', columns: VOTING_COLUMNS, check: checkVoting, district: (row) => row.districtId }));
    expect(entries.get(String(asString.id))?.votes).toEqual(JSON.parse(asString.votes));
  });

  it('loads every district, keyed by id', async () => {
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.districts');
    const { entries } = await runLoader(tableLoader({ table: 'districts', columns: DISTRICT_COLUMNS, check: checkDistrict, district: (row) => row.id, required: true }));
    expect(entries.size).toBe(n);
    expect(entries.get('1')?.name).toBe('Palo Alto Unified School District');
  });

  describe('reading a table a page at a time, several pages at once', () => {
    it.each([
      ['pages of 7, four at once', (_n: number) => ({ pageSize: 7, inFlight: 4 })],
      ['three pages, one at a time', (n: number) => ({ pageSize: Math.ceil(n / 3), inFlight: 1 })],
      ['the rows exactly fill one page (a second, empty one ends it)', (n: number) => ({ pageSize: n, inFlight: 4 })],
      ['one page larger than the table', (n: number) => ({ pageSize: n + 5, inFlight: 4 })],
    ])('%s: every row once, in id order', async (_label, options) => {
      const ids = (await sql<{ id: number }>('select id::int from public.votings order by id')).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(21); // enough rows for several pages of 7
      const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
      const rows = (await fetchAllRows(db, 'votings', apiUrl(), options(ids.length))) as { id: number }[];
      expect(rows.map((r) => r.id)).toEqual(ids);
    });

    // Pages are found by id, several lanes of ids at once: ids far apart leave lanes empty or short.
    describe('with ids far past the others', () => {
      const far: number[] = [];
      beforeAll(async () => {
        const [{ top }] = await sql<{ top: number }>('select max(id)::int as top from public.votings');
        far.push(top + 10_000, top + 10_001, top + 250_000);
        for (const id of far) {
          await sql(
            `insert into public.votings (id, "districtId", type, "voteDate", category, issue, outcome, votes)
             select id, "districtId", type, "voteDate", category, issue, outcome, votes
               from jsonb_populate_record(null::public.votings, (select to_jsonb(v) || jsonb_build_object('id', $1::int) from public.votings v order by id limit 1))`,
            [id],
          );
        }
      });
      afterAll(async () => {
        await sql('delete from public.votings where id = any($1::int[])', [far]);
      });

      it.each([
        ['pages of 7, four at once', { pageSize: 7, inFlight: 4 }],
        ['pages of 5, three at once', { pageSize: 5, inFlight: 3 }],
      ])('%s: every row once, in id order', async (_label, options) => {
        const ids = (await sql<{ id: number }>('select id::int from public.votings order by id')).map((r) => r.id);
        expect(ids.slice(-3)).toEqual(far);
        const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
        const rows = (await fetchAllRows(db, 'votings', apiUrl(), options)) as { id: number }[];
        expect(rows.map((r) => r.id)).toEqual(ids);
      });
    });
  });

  it.each([
    ['three ids a request, two requests at once', { perRequest: 3, inFlight: 2 }],
    ['all in one request', { perRequest: 1000, inFlight: 4 }],
  ])('reads rows by id (%s): each id that exists, once, in id order', async (_label, options) => {
    const ids = (await sql<{ id: number }>('select id::int from public.votings order by id')).map((r) => r.id);
    const asked = [ids[7], ids[0], 999_999_999, ids[3], ids[ids.length - 1], ids[5], ids[1], ids[2]];
    const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
    const rows = (await fetchRowsById(db, 'votings', asked, apiUrl(), options)) as { id: number }[];
    expect(rows.map((r) => r.id)).toEqual(asked.filter((id) => id !== 999_999_999).sort((a, b) => a - b));
  });

  it('reads the database digest of each row beside it, and it changes when the row does', async () => {
    const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
    const digestOf = async () => ((await fetchRowsById(db, 'districts', [1], apiUrl(), { select: 'id,row_digest' })) as { row_digest: string }[])[0].row_digest;
    const before = await digestOf();
    expect(before).toMatch(/^[0-9a-f]{32}$/);
    const [{ phone }] = await sql<{ phone: string }>('select phone from public.districts where id = 1');
    try {
      await sql('update public.districts set phone = $1 where id = 1', [`${phone} `]);
      expect(await digestOf()).not.toBe(before);
    } finally {
      await sql('update public.districts set phone = $1 where id = 1', [phone]);
    }
    expect(await digestOf()).toBe(before);
  });

  it('fails with one clear message when the database lacks the row_digest migration', async () => {
    const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
    const [{ definition }] = await sql<{ definition: string }>("select pg_get_functiondef('public.row_digest(public.districts)'::regprocedure) as definition");
    await sql('drop function public.row_digest(public.districts)');
    try {
      const error = await fetchAllRows(db, 'districts', apiUrl(), { select: '*,row_digest' }).catch((e) => e);
      expect(error).toBeInstanceOf(SnapshotError);
      expect(error.message).toMatch(/^Reading districts from .* failed \(\d+: .*row_digest.*\)\. Apply the migrations in supabase\/migrations\/ to this database \(row_digest came with 20261123000000_row_digest\.sql\)\./);
    } finally {
      await sql(definition);
      await sql('grant execute on function public.row_digest(public.districts) to anon, authenticated');
    }
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

  describe('rich text', () => {
    const meetingsLoader = () => tableLoader({ table: 'meetings', columns: MEETING_COLUMNS, check: checkMeeting, district: (row) => row.districtId, richText: (meeting) => ({ summaryHtml: summaryJob(meeting) }), replaces: ['summary'] });
    const here = createJsdomSanitizer();
    let added: number | undefined;
    afterAll(async () => {
      if (added !== undefined) await sql('delete from public.meetings where id = $1', [added]);
    });

    it('keeps each summary sanitised (time stamps linked when there is a video), the same as the sanitiser here', async () => {
      const { entries, infos, store } = await runLoader(meetingsLoader());
      const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from public.meetings where coalesce(trim(summary), '') <> ''");
      expect(infos.at(-1)).toMatch(new RegExp(`${n} pieces of rich text sanitised`));
      // The rows as PostgREST gives them (a date as YYYY-MM-DD text).
      const rows = await sql('select id::int, "districtId"::int, date::text as date, title, topics, summary, meeting_type, "isUpcoming", youtube_link from public.meetings');
      expect(entries.size).toBe(rows.length);
      for (const raw of rows) {
        const meeting = checkMeeting(raw).row!;
        const data = entries.get(String(meeting.id))!;
        expect(data.summaryHtml).toBe(sanitizeJob(here, summaryJob(meeting)));
        expect(data).not.toHaveProperty('summary'); // only the sanitised summary is kept
      }
      expect([...entries.values()].some((data) => String(data.summaryHtml).includes('class="timestamp"'))).toBe(true);
      expect(store.keys()).toEqual([]); // Astro's store keeps no rows
    });

    it('empties the store of rows, and deletes the rich-text file, a build from before the snapshot files left', async () => {
      const kept = newCache();
      const old = join(kept.cacheDir, 'rich-text', 'meetings.ndjson');
      mkdirSync(dirname(old), { recursive: true });
      writeFileSync(old, '["digest",{"summaryHtml":"<p>Old</p>"}]\n');
      const { store, entries } = await runLoader(meetingsLoader(), kept, memoryStore(['1', '2']));
      expect(store.keys()).toEqual([]);
      expect(existsSync(old)).toBe(false);
      expect(entries.size).toBeGreaterThan(0);
    });

    it('sanitises only new or changed rows on the next build, and drops rows that are gone', async () => {
      const first = await runLoader(meetingsLoader());
      const again = await runLoader(meetingsLoader(), first.kept);
      expect(again.infos.at(-1)).toMatch(/: 0 new or changed, \d+ kept from the last build/);
      expect(again.entries).toEqual(first.entries);

      const [row] = await sql<{ id: number }>("insert into public.meetings (\"districtId\", date, summary) values (1, '2025-06-30', '<p>New<img src=x onerror=alert(1)></p>') returning id");
      added = row.id;
      const withNew = await runLoader(meetingsLoader(), first.kept);
      expect(withNew.infos.at(-1)).toMatch(/: 1 new or changed, 1 pieces of rich text sanitised/);
      expect(withNew.entries.get(String(added))?.summaryHtml).toBe('<p>New</p>');
      expect([...withNew.entries.keys()].map(Number)).toEqual([...withNew.entries.keys()].map(Number).sort((a, b) => a - b)); // in id order

      await sql('update public.meetings set summary = $2 where id = $1', [added, '<h1>Changed</h1>']);
      const changed = await runLoader(meetingsLoader(), first.kept);
      expect(changed.infos.at(-1)).toMatch(/: 1 new or changed, 1 pieces of rich text sanitised/);
      expect(changed.entries.get(String(added))?.summaryHtml).toBe('<h4>Changed</h4>');

      await sql('delete from public.meetings where id = $1', [added]);
      added = undefined;
      const gone = await runLoader(meetingsLoader(), first.kept);
      expect(gone.infos.at(-1)).toMatch(/: 0 new or changed, \d+ kept from the last build/);
      expect(gone.entries.has(String(row.id))).toBe(false);
      expect(gone.entries).toEqual(first.entries);
    });

    it('reads again only the rows whose database digest changed, and gives the same rows as a first build', async () => {
      const first = await runLoader(meetingsLoader());
      expect(first.infos.at(-1)).toMatch(/; read in [\d.]+ s$/);
      const again = await runLoader(meetingsLoader(), first.kept);
      expect(again.infos.at(-1)).toMatch(/: 0 new or changed, \d+ kept from the last build; 0 rows read again, the others known by their digest/);

      const [row] = await sql<{ id: number }>('select id::int from public.meetings order by id limit 1 offset 2');
      const [{ title }] = await sql<{ title: string | null }>('select title from public.meetings where id = $1', [row.id]);
      try {
        await sql('update public.meetings set title = $2 where id = $1', [row.id, 'Retitled Board Meeting']);
        const changed = await runLoader(meetingsLoader(), first.kept);
        expect(changed.infos.at(-1)).toMatch(/: 1 new or changed, .*; 1 rows read again, the others known by their digest/);
        expect(changed.entries.get(String(row.id))?.title).toBe('Retitled Board Meeting');
        expect(changed.entries).toEqual((await runLoader(meetingsLoader())).entries);
      } finally {
        await sql('update public.meetings set title = $2 where id = $1', [row.id, title]);
      }
    });

    it('reads every row again, but sanitises none again, when the code that makes the lines changed', async () => {
      const first = await runLoader(meetingsLoader());
      expect(first.kept.meta.get(SNAPSHOT_CODE)).toMatch(/^[0-9a-f]{64}$/);
      first.kept.meta.set(SNAPSHOT_CODE, 'another version of the code');
      const again = await runLoader(meetingsLoader(), first.kept);
      expect(again.infos.at(-1)).toMatch(/: 0 new or changed, \d+ kept from the last build; read in /);
      expect(again.entries).toEqual(first.entries);
    });

    it('reads nothing again when the database gains a column the site does not read (as search_vector came)', async () => {
      const topicsLoader = () => tableLoader({ table: 'topics', columns: TOPIC_COLUMNS, check: checkTopic, district: (row) => row.districtId, richText: (topic) => ({ descriptionHtml: descriptionJob(topic) }), replaces: ['description'] });
      const first = await runLoader(topicsLoader());
      await sql('alter table public.topics add column note text');
      try {
        const widened = await runLoader(topicsLoader(), first.kept);
        expect(widened.infos.at(-1)).toMatch(/: 0 new or changed, \d+ kept from the last build; 0 rows read again/);
        expect(widened.entries).toEqual(first.entries);
      } finally {
        await sql('alter table public.topics drop column note');
      }
    });

    it('sanitises every row again when the cache folder lost the snapshot file', async () => {
      const first = await runLoader(meetingsLoader());
      rmSync(join(first.kept.cacheDir, 'snapshot'), { recursive: true });
      const again = await runLoader(meetingsLoader(), first.kept);
      expect(again.infos.at(-1)).toMatch(new RegExp(`: ${first.entries.size} new or changed, .*, 0 kept from the last build`));
      expect(again.entries).toEqual(first.entries);
    });

    it('writes a table with no usable rows as an empty file, over the rows of a build the store no longer knows', async () => {
      const first = await runLoader(meetingsLoader());
      expect(first.entries.size).toBeGreaterThan(0);
      const none = tableLoader<{ id: number }>({ table: 'meetings', columns: MEETING_COLUMNS, check: () => ({ row: null, problems: ['left out by this test'] }), district: (row) => row.id });
      const empty = await runLoader(none, { meta: new Map(), cacheDir: first.kept.cacheDir });
      expect(existsSync(empty.file)).toBe(true);
      expect(empty.entries.size).toBe(0);
      const fresh = await runLoader(none);
      expect(existsSync(fresh.file)).toBe(true);
      expect(fresh.entries.size).toBe(0);
    });

    it('sanitises every row again when Astro emptied its store (a clean build, an upgrade), file or not', async () => {
      const first = await runLoader(meetingsLoader());
      expect(first.kept.meta.get(SNAPSHOT_KEPT)).toBe('snapshot/meetings.ndjson');
      const again = await runLoader(meetingsLoader(), { meta: new Map(), cacheDir: first.kept.cacheDir });
      expect(again.infos.at(-1)).toMatch(new RegExp(`: ${first.entries.size} new or changed, .*, 0 kept from the last build`));
      expect(again.entries).toEqual(first.entries);
    });
  });
});

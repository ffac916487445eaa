// The district page as the grain: the district_pages view holds everything a page shows, in its order, with a digest
// that changes exactly when the page would; the build's loader reads in full only the districts whose digest changed,
// reports a bad row by table and id on every build, and stops with one clear message when it cannot read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { districtPagesLoader, readDigests, type DistrictEntry } from '../../src/district/build/loader';
import { pageFile, type KeptPage } from '../../src/district/build/keptPages';
import { fetchDistrictPage } from '../../src/district/document';
import type { Shard } from '../../src/district/build/shard';
import { MEETING_DISTRICT_ID } from '../../src/lib/agendaDistrict';
import { anonKey, apiUrl, rest, sql } from './helpers';

// A district of this file's own, so district 1 stays as the browser tests (run after these) expect it.
const OWN = 9_101;
const OTHER = 9_102;

/** A store like Astro's for one collection, kept across the loader's runs as Astro keeps its own. */
function memoryStore() {
  const entries = new Map<string, { id: string; data: unknown; digest?: string }>();
  return {
    entries,
    get: (id: string) => entries.get(id),
    set: (entry: { id: string; data: unknown; digest?: string }) => (entries.set(entry.id, entry), true),
    delete: (id: string) => entries.delete(id),
    keys: () => [...entries.keys()],
  };
}

const cacheDir = mkdtempSync(join(tmpdir(), 'district-pages-'));
const store = memoryStore();

/** One build's load (of one shard, with its own store and cache folder): its warnings and its summary line. */
async function load(
  shard?: Shard,
  into: { store: ReturnType<typeof memoryStore>; cacheDir: string } = { store, cacheDir },
) {
  const warnings: string[] = [];
  const infos: string[] = [];
  const logger = {
    warn: (m: string) => warnings.push(m),
    info: (m: string) => infos.push(m),
    error: () => {},
    debug: () => {},
  };
  await districtPagesLoader(shard).load({
    store: into.store,
    logger,
    config: { cacheDir: pathToFileURL(`${into.cacheDir}/`) },
  } as never);
  return { warnings, summary: infos.at(-1) ?? '' };
}
const kept = (id: number): KeptPage => JSON.parse(readFileSync(pageFile(cacheDir, id), 'utf8'));
const digestOf = async (id: number) =>
  (await sql<{ digest: string }>('select digest from public.district_pages where id = $1', [id]))[0]?.digest;

describe('the district_pages view', () => {
  beforeAll(async () => {
    await sql(
      `insert into public.districts (id, name) values ($1, 'Grain Test District'), ($2, 'Grain Other District')`,
      [OWN, OTHER],
    );
    await sql(
      `insert into public.meetings ("districtId", date, title, summary) values
         ($1, '2025-01-14', 'Older', '<p>older</p>'), ($1, '2025-03-11', 'Newest', '<p>newest <script>x</script></p>'), ($1, '2025-03-11', 'Same day', null)`,
      [OWN],
    );
    await sql(`insert into public.topics ("districtId", title) values ($1, 'First topic'), ($1, 'Second topic')`, [
      OWN,
    ]);
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, votes) values ($1, 'past', '2024-01-09', 'A', '[]'), ($1, 'recent', '2025-01-14', 'B', '[]')`,
      [OWN],
    );
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = any($1::int[])', [[OWN, OTHER]]);
  });

  it("holds one document per district in the page's order: meetings newest first (ties by id), topics newest first, votes by id", async () => {
    const { status, body } = await rest<
      {
        digest: string;
        page: {
          district: unknown;
          meetings: { title: string }[];
          topics: { title: string }[];
          votings: { issue: string }[];
        };
      }[]
    >(`/district_pages?id=eq.${OWN}&select=id,digest,page`);
    expect(status).toBe(200);
    const [{ digest, page }] = body;
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    expect(page.district).toMatchObject({ id: OWN, name: 'Grain Test District' });
    expect(page.meetings.map((m: { title: string }) => m.title)).toEqual(['Newest', 'Same day', 'Older']);
    expect(page.topics.map((t: { title: string }) => t.title)).toEqual(['Second topic', 'First topic']);
    expect(page.votings.map((v: { issue: string }) => v.issue)).toEqual(['A', 'B']);
    // The search index never travels with a page.
    expect(JSON.stringify(page)).not.toContain('search_vector');
  });

  it('gives a district without rows empty lists', async () => {
    const { body } = await rest<{ page: unknown }[]>(`/district_pages?id=eq.${OTHER}&select=page`);
    expect(body[0].page).toMatchObject({ meetings: [], topics: [], votings: [] });
  });

  it.each([
    [
      'a meeting summary',
      `update public.meetings set summary = summary || ' ' where "districtId" = ${OWN} and title = 'Older'`,
    ],
    [
      'a topic vote count',
      `update public.topics set upvotes = upvotes + 1 where "districtId" = ${OWN} and title = 'First topic'`,
    ],
    ['a vote', `update public.votings set outcome = 'Passed' where "districtId" = ${OWN} and issue = 'A'`],
    ['the district row', `update public.districts set phone = '(650) 555-0100' where id = ${OWN}`],
    ['a meeting added', `insert into public.meetings ("districtId", date) values (${OWN}, '2025-05-01')`],
  ])("changes the page's digest, and no other district's, when %s changes", async (_what, change) => {
    const [own, other, first] = [await digestOf(OWN), await digestOf(OTHER), await digestOf(1)];
    await sql(change);
    expect(await digestOf(OWN)).not.toBe(own);
    expect([await digestOf(OTHER), await digestOf(1)]).toEqual([other, first]);
  });

  it('keeps the digest when its rows are written again unchanged', async () => {
    const before = await digestOf(OWN);
    await sql(`update public.meetings set title = title where "districtId" = $1`, [OWN]);
    expect(await digestOf(OWN)).toBe(before);
  });

  it("raises a meeting's sequence (the calendar's SEQUENCE) when it changes, and only then", async () => {
    const sequence = async () =>
      (
        await rest<{ page: { meetings: { title: string; sequence: number }[] } }[]>(
          `/district_pages?id=eq.${OWN}&select=page`,
        )
      ).body[0].page.meetings.find((m: { title: string }) => m.title === 'Same day')?.sequence;
    expect(await sequence()).toBe(0);
    await sql(
      `update public.meetings set title = title, sequence = 40 where "districtId" = $1 and title = 'Same day'`,
      [OWN],
    );
    expect(await sequence()).toBe(0);
    await sql(`update public.meetings set date = '2025-03-12' where "districtId" = $1 and title = 'Same day'`, [OWN]);
    await sql(
      `update public.meetings set summary = '<p>Minutes added</p>' where "districtId" = $1 and title = 'Same day'`,
      [OWN],
    );
    expect(await sequence()).toBe(2);
  });

  it('gives the live page its document in one request, and fails as a single-row read for an id no district has', async () => {
    const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
    const { page, broken } = await fetchDistrictPage(db, OWN);
    expect(page.district.name).toBe('Grain Test District');
    expect(broken).toEqual([]);
    await expect(fetchDistrictPage(db, 999_999)).rejects.toThrow(/0 rows|no\) rows/);
  });
});

describe("the build's loader", () => {
  const saved = { url: process.env.PUBLIC_SUPABASE_URL, key: process.env.PUBLIC_SUPABASE_ANON_KEY };
  beforeAll(async () => {
    process.env.PUBLIC_SUPABASE_URL = apiUrl();
    process.env.PUBLIC_SUPABASE_ANON_KEY = anonKey();
    await sql(`insert into public.districts (id, name) values ($1, 'Grain Test District')`, [OWN]);
    await sql(
      `insert into public.meetings ("districtId", date, summary, youtube_link) values ($1, '2025-03-11', '<p>At 1:05 <img src=x onerror=alert(1)>the vote</p>', 'https://youtu.be/dQw4w9WgXcQ')`,
      [OWN],
    );
  });
  afterAll(async () => {
    process.env.PUBLIC_SUPABASE_URL = saved.url;
    process.env.PUBLIC_SUPABASE_ANON_KEY = saved.key;
    await sql('delete from public.districts where id = $1', [OWN]);
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('reads every district on a first build, keeps each page sanitised, and reports a bad row by table and id', async () => {
    const [{ count }] = await sql<{ count: number }>('select count(*)::int as count from public.districts');
    const { warnings, summary } = await load();
    expect(summary).toMatch(
      new RegExp(
        `^${count} district pages: ${count} new or changed, read and sanitised; 0 with problems read again to report them; 0 kept from the last build`,
      ),
    );
    expect(warnings.join('\n')).toMatch(/votings row id=\d+: votes: not an array of \{name, vote\}; shown as no votes/);
    const [meeting] = kept(OWN).meetings;
    expect(meeting.summaryHtml).toContain('<button');
    expect(meeting.summaryHtml).not.toMatch(/onerror|<img/);
    // The summary as recorded travels beside it for meetings.json (open data the importer loads back as it was);
    // pages render summaryHtml alone.
    expect(meeting.summary).not.toBe(meeting.summaryHtml);
  });

  it('reads nothing again when nothing changed, but reports the bad row again, keeping its key (Astro renders it not again)', async () => {
    const keys = new Map([...store.keys()].map((id) => [id, store.get(id)?.digest]));
    const { warnings, summary } = await load();
    expect(summary).toMatch(/: 0 new or changed, read and sanitised; 1 with problems read again to report them;/);
    expect(warnings.join('\n')).toMatch(/votings row id=\d+: votes: not an array/);
    expect(new Map([...store.keys()].map((id) => [id, store.get(id)?.digest]))).toEqual(keys);
  });

  it('reads again only the district that changed, and its page shows the change', async () => {
    await sql(`update public.meetings set summary = '<p>Rewritten after the build</p>' where "districtId" = $1`, [OWN]);
    const { summary } = await load();
    expect(summary).toMatch(/: 1 new or changed, read and sanitised; 1 with problems read again/);
    expect(kept(OWN).meetings[0].summaryHtml).toBe('<p>Rewritten after the build</p>');
  });

  it('reads a page again when the cache folder lost its file', async () => {
    rmSync(pageFile(cacheDir, OWN));
    const { summary } = await load();
    expect(summary).toMatch(/: 1 new or changed/);
    expect(existsSync(pageFile(cacheDir, OWN))).toBe(true);
  });

  it('forgets a district that is gone, with its file', async () => {
    await sql('delete from public.districts where id = $1', [OWN]);
    await load();
    expect(store.get(String(OWN))).toBeUndefined();
    expect(existsSync(pageFile(cacheDir, OWN))).toBe(false);
  });

  it("in a build of two shards, reads in full each shard's own districts, and keeps every district's row and members in the first", async () => {
    const shards = [0, 1].map((index) => ({
      shard: { index, count: 2 },
      store: memoryStore(),
      cacheDir: mkdtempSync(join(tmpdir(), `district-pages-shard${index}-`)),
    }));
    // A district of the second shard (an odd id) with a board member.
    await sql(`insert into public.districts (id, name) values ($1, 'Grain Odd District')`, [OTHER + 1]);
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, outcome, votes) values ($1, 'recent', '2025-06-17', 'Adopt the budget', 'Passed (1-0)', '[{"name":"Odd Member","vote":"Yes"}]')`,
      [OTHER + 1],
    );
    try {
      await load();
      for (const { shard, ...into } of shards) await load(shard, into);
      const ids = (await sql<{ id: number }>('select id::int from public.districts order by id')).map((r) => r.id);
      const [first, second] = shards;
      const withFile = (at: typeof first) => ids.filter((id) => existsSync(pageFile(at.cacheDir, id)));
      // The second keeps only its own (odd ids); the first lists them all, with the pages of its own (even ids) and of
      // the district whose votes the agenda vote page shows.
      expect(
        second.store
          .keys()
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(ids.filter((id) => id % 2 === 1));
      expect(withFile(second)).toEqual(ids.filter((id) => id % 2 === 1));
      expect(
        first.store
          .keys()
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(ids);
      expect(withFile(first)).toEqual(ids.filter((id) => id % 2 === 0 || id === MEETING_DISTRICT_ID));
      // A district of the other shard is listed with its board members, as the whole build lists it.
      const odd = OTHER + 1;
      expect((store.get(String(odd))?.data as DistrictEntry).members.map((member) => member.name)).toEqual([
        'Odd Member',
      ]);
      expect(first.store.get(String(odd))?.data).toEqual(store.get(String(odd))?.data);
      expect(first.store.get(String(odd))?.digest).toBe(store.get(String(odd))?.digest);
      // Nothing changed: the next build of each shard reads nothing again.
      for (const { shard, ...into } of shards) expect((await load(shard, into)).summary).toMatch(/: 0 new or changed/);
      expect((await load(first.shard, first)).summary).toMatch(
        /of the other shards' \d+, 0 new or changed rows and board members read/,
      );
    } finally {
      await sql('delete from public.districts where id = $1', [OTHER + 1]);
      for (const { cacheDir: dir } of shards) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads every digest once when they take several requests, several at once', async () => {
    const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false } });
    const ids = (await sql<{ id: number }>('select id::int from public.districts order by id')).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(4);
    expect((await readDigests(db, apiUrl(), 2)).map((r) => r.id)).toEqual(ids);
  });

  it('asks again for a read the database cancelled at its statement timeout, and reads every digest once', async () => {
    // The busy database is played by the network: the first digest request gets PostgREST's own answer to a statement
    // timeout; every other request reaches the real PostgREST.
    const asked: string[] = [];
    const busyOnce: typeof fetch = async (input, init) => {
      const address = String(input instanceof Request ? input.url : input);
      asked.push(address);
      if (asked.length === 1) {
        const body = {
          code: '57014',
          details: null,
          hint: null,
          message: 'canceling statement due to statement timeout',
        };
        return new Response(JSON.stringify(body), { status: 500, headers: { 'content-type': 'application/json' } });
      }
      return fetch(input, init);
    };
    const db = createClient(apiUrl(), anonKey(), { auth: { persistSession: false }, global: { fetch: busyOnce } });
    const ids = (await sql<{ id: number }>('select id::int from public.districts order by id')).map((r) => r.id);
    expect((await readDigests(db, apiUrl(), 2)).map((r) => r.id)).toEqual(ids);
    expect(asked.filter((address) => address === asked[0])).toHaveLength(2);
  });

  it.each([
    [
      'cannot be reached',
      () => ({ url: 'http://127.0.0.1:9', key: anonKey() }),
      /^Cannot reach the database at http:\/\/127\.0\.0\.1:9 /,
    ],
    [
      'refuses the key',
      () => ({ url: apiUrl(), key: 'not-the-anon-key' }),
      /refused the key in PUBLIC_SUPABASE_ANON_KEY \(401: /,
    ],
  ])('stops with one clear message when the database %s', async (_what, env, message) => {
    const { url, key } = env();
    process.env.PUBLIC_SUPABASE_URL = url;
    process.env.PUBLIC_SUPABASE_ANON_KEY = key;
    try {
      const error = await load().catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain('The build stops here so the last good site stays published.');
    } finally {
      process.env.PUBLIC_SUPABASE_URL = apiUrl();
      process.env.PUBLIC_SUPABASE_ANON_KEY = anonKey();
    }
  });

  it('names the migration when the database lacks the district_pages view', async () => {
    // Moved aside rather than dropped, so it comes back whole (its grants and its read-only trigger).
    await sql('alter view public.district_pages rename to district_pages_moved_aside');
    try {
      const error = (await load().catch((e: Error) => e)) as Error;
      expect(error.message).toMatch(
        /^Reading district_pages from .* failed \(\d+: .*district_pages.*\)\. Apply the migrations in supabase\/migrations\/ to this database \(district_pages is defined in 20261201000300_district_pages\.sql\)\./,
      );
    } finally {
      await sql('alter view public.district_pages_moved_aside rename to district_pages');
    }
  });
});

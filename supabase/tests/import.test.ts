// npm run import against the real database: a run is written whole or not at all, the same files twice change
// nothing, a corrected cell moves only its district's page digest, what the site exports loads back as it was, every
// bad input leaves the database exactly as before, and import_runs is for the service role alone.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTransport,
  clientTransport,
  postgresTransport,
  runImport,
  type ImportOptions,
} from '../../src/importer/node/importRun';
import { meetingEvents, voteEvents } from '../../src/district/follow/openData';
import { checkDistrictPage } from '../../src/district/document';
import { apiUrl, dbUrl, rest, sql, superuser } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');
const WRITE: ImportOptions = { dryRun: false, skipInvalid: false, replace: false };

/** A folder of import files. */
function folder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-db-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** Runs the importer on the test database, directly. */
async function importInto(paths: string[], options: Partial<ImportOptions> = {}) {
  const transport = await postgresTransport(dbUrl());
  try {
    return await runImport(paths, { ...WRITE, ...options }, transport);
  } finally {
    await transport.close();
  }
}

/** What the record holds: every district's page digest and the rows of each table. */
async function snapshot(): Promise<string> {
  const rows = await sql<{ id: string; digest: string }>(
    'select id::text, digest from public.district_pages order by id',
  );
  const [counts] = await sql(
    'select (select count(*) from public.meetings)::int m, (select count(*) from public.topics)::int t, (select count(*) from public.votings)::int v, (select max(sequence) from public.meetings)::int s',
  );
  return JSON.stringify({ rows, counts });
}

const digestOf = async (id: number) =>
  (await sql<{ digest: string }>('select digest from public.district_pages where id = $1', [id]))[0]?.digest;

// Two districts of their own, with everything a meeting may carry: the record these tests write and read back.
const BOARD = {
  'districts.csv':
    'id,nces_id,name,state,county,address,phone,totalStudents\r\n9101,0699101,Import Test Unified School District,CA,Santa Clara,1 Test Way,+1 (650) 555-0100,"12,345"\r\n9102,,Second Import Test School District,CA,Alameda,,,800\r\n',
  '9101/meetings.csv': [
    'date,title,topics,summary_file,meeting_type,isUpcoming,youtube_link,start_time,time_zone,agenda_url,minutes_url,minutes_status,full_video_url,summary_source',
    '6/17/2025,Regular Board Meeting,"[""Budget"",""LCAP""]",june.md,normal,false,https://youtu.be/Qx7mN2pLk4Z,6:00 PM,America/Los_Angeles,https://example.org/agenda,https://example.org/minutes,approved,https://example.org/video,ai_video',
    '2025-06-03,,Budget hearing,,special,,,,,,,,,staff',
  ].join('\r\n'),
  '9101/june.md': 'The board adopted the **budget** (discussion began at 10:12).\n\n- LCAP adopted\n',
  '9101/topics.csv': 'title,description,upvotes,downvotes\r\nBudget,<p>The <strong>budget</strong>.</p>,5,1\r\n',
  '9101/votes.csv': [
    'date,category,issue,outcome,member,vote,table',
    '2025-06-17,Budget,Adopt the budget,Passed (2-1-1),Ana Ruiz,Yes,recent',
    '2025-06-17,Budget,Adopt the budget,Passed (2-1-1),Ben Cole,Yes,recent',
    '2025-06-17,Budget,Adopt the budget,Passed (2-1-1),Cy Dunn,No,recent',
    '2025-06-17,Budget,Adopt the budget,Passed (2-1-1),Di Eng,,recent',
    '2025-06-17,Budget,Adopt the budget,Passed (2-1-1),Ed Fox,Recused,recent',
    '2025-06-03,Facilities,Approve a design contract,Tabled,,,recent',
  ].join('\r\n'),
  '9102/topics.csv': 'title,description\r\nCalendar,<p>Next year.</p>\r\n',
};

let board: string;
beforeAll(async () => {
  await sql('delete from public.districts where id in (9101, 9102)');
  board = folder(BOARD);
});
afterAll(async () => {
  await sql('delete from public.districts where id in (9101, 9102)');
});

describe('a board loaded from files', () => {
  it('is written whole, and the same files twice say 0 added, 0 changed, N unchanged and move no digest', async () => {
    const first = await importInto([board]);
    expect(first.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(first.status).toBe('written');
    expect(first.counts).toMatchObject({
      districts: { added: 2 },
      meetings: { added: 2 },
      topics: { added: 2 },
      votings: { added: 2 },
    });
    const [meeting] = await sql(
      'select start_time::text, time_zone, minutes_status, summary_source, summary from public.meetings where "districtId" = 9101 and date = \'2025-06-17\'',
    );
    expect(meeting).toEqual({
      start_time: '18:00:00',
      time_zone: 'America/Los_Angeles',
      minutes_status: 'approved',
      summary_source: 'ai_video',
      summary:
        '<p>The board adopted the <strong>budget</strong> (discussion began at 10:12).</p>\n<ul>\n<li>LCAP adopted</li>\n</ul>',
    });
    const [updated] = await sql<{ at: Date | null }>(
      'select records_updated_at as at from public.districts where id = 9101',
    );
    expect(updated.at).not.toBeNull();

    const before = await snapshot();
    const again = await importInto([board]);
    expect(again.counts).toEqual({
      districts: { added: 0, changed: 0, unchanged: 2, removed: 0 },
      meetings: { added: 0, changed: 0, unchanged: 2, removed: 0 },
      topics: { added: 0, changed: 0, unchanged: 2, removed: 0 },
      votings: { added: 0, changed: 0, unchanged: 2, removed: 0 },
    });
    expect(await snapshot()).toBe(before);
    const [same] = await sql<{ at: Date | null }>(
      'select records_updated_at as at from public.districts where id = 9101',
    );
    expect(same.at).toEqual(updated.at);
  });

  it("a corrected cell changes that row alone, and only its district's page digest moves", async () => {
    const everyDigest = async () =>
      new Map(
        (await sql<{ id: string; digest: string }>('select id::text, digest from public.district_pages')).map((r) => [
          r.id,
          r.digest,
        ]),
      );
    const before = await everyDigest();
    const corrected = folder({
      ...BOARD,
      '9102/topics.csv': 'title,description\r\nCalendar,<p>Next school year.</p>\r\n',
    });
    const run = await importInto([corrected]);
    expect(run.counts.topics).toEqual({ added: 0, changed: 1, unchanged: 1, removed: 0 });
    const after = await everyDigest();
    expect([...after].filter(([id, digest]) => before.get(id) !== digest).map(([id]) => id)).toEqual(['9102']);
  });

  it('what the site exports (meetings.json and votes.json) loads back as it was: the same rows and the same page digest', async () => {
    const [{ page }] = await sql<{ page: unknown }>('select page from public.district_pages where id = 9101');
    const { page: checked } = checkDistrictPage(page);
    const digest = await digestOf(9101);
    const exported = folder({
      '9101/meetings.json': JSON.stringify(meetingEvents(checked!.district, checked!.meetings, 'https://example.org')),
      '9101/votes.json': JSON.stringify(
        voteEvents(checked!.district, checked!.votings, 'https://example.org', checked!.meetings),
      ),
    });
    const rows = await sql('select * from public.meetings where "districtId" = 9101 order by id');
    const votes = await sql('select * from public.votings where "districtId" = 9101 order by id');
    await sql(
      'delete from public.meetings where "districtId" = 9101; delete from public.votings where "districtId" = 9101',
    );
    const run = await importInto([exported]);
    expect(run.problems).toEqual([]);
    expect(await sql('select * from public.votings where "districtId" = 9101 order by id')).toEqual(votes);
    // The calendar's SEQUENCE starts again at 0 for a row written anew; everything else is as it was.
    expect(await sql('select * from public.meetings where "districtId" = 9101 order by id')).toEqual(
      rows.map((row) => ({ ...row, sequence: 0 })),
    );
    expect(await digestOf(9101)).toBe(digest);
  });

  it('--replace removes the rows of a district the files do not mention, listing them first; --dry-run writes nothing', async () => {
    const fewer = folder({
      '9101/topics.csv': 'title,description,upvotes,downvotes\r\nFacilities,<p>New.</p>,0,0\r\n',
    });
    const before = await snapshot();
    const dry = await importInto([fewer], { replace: true, dryRun: true });
    expect(dry.status).toBe('dry-run');
    expect(dry.counts.topics).toEqual({ added: 1, changed: 0, unchanged: 0, removed: 1 });
    expect(dry.removed).toEqual([expect.objectContaining({ kind: 'topics', district_id: 9101, key: 'Budget' })]);
    expect(await snapshot()).toBe(before);
    const real = await importInto([fewer], { replace: true });
    expect(real.removed.map((row) => row.key)).toEqual(['Budget']);
    expect((await sql('select title from public.topics where "districtId" = 9101')).map((r) => r.title)).toEqual([
      'Facilities',
    ]);
  });

  it('a run with an error writes nothing, unless --skip-invalid: then the good rows are written and the bad listed', async () => {
    const mixed = folder({ '9102/topics.csv': 'title,upvotes\r\nTransport,1\r\nBoundaries,many\r\n' });
    const before = await snapshot();
    const refused = await importInto([mixed]);
    expect(refused.status).toBe('refused');
    expect(await snapshot()).toBe(before);
    const skipped = await importInto([mixed], { skipInvalid: true });
    expect(skipped.status).toBe('written');
    expect(skipped.counts.topics.added).toBe(1);
    expect(skipped.skipped.topics).toBe(1);
    expect(skipped.problems).toEqual([
      expect.objectContaining({ severity: 'error', file: '9102/topics.csv', row: 3, column: 'upvotes', value: 'many' }),
    ]);
  });

  it('a member spelt two ways within a district, and an unknown district, are refused', async () => {
    const run = await importInto([
      folder({
        '9101/votes.csv':
          'date,issue,outcome,member,vote\r\n2025-05-01,Adopt a calendar,Passed (1-0),ana ruiz ,Yes\r\n',
        '9999/topics.csv': 'title\r\nBudget\r\n',
      }),
    ]);
    expect(run.status).toBe('refused');
    // Files are read by kind: districts, meetings, topics, then votes.
    expect(run.problems.map((p) => `${p.file} ${p.row} ${p.column}: ${p.message}`)).toEqual([
      '9999/topics.csv 2 district_id: is not a district on the site or in districts.csv. Add the district to districts.csv, or correct the id.',
      '9101/votes.csv 2 member: is spelt "Ana Ruiz" in the votes already on the site. One member has one spelling in a district: use "Ana Ruiz".',
    ]);
  });

  it('is recorded in import_runs, which the service role reads and anon cannot', async () => {
    const transport = await postgresTransport(dbUrl());
    const [last] = await transport.history(1);
    await transport.close();
    expect(last.status).toBe('refused');
    expect(last.files).toEqual([
      expect.objectContaining({ name: '9999/topics.csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      expect.objectContaining({ name: '9101/votes.csv' }),
    ]);
    expect(last.problems).toHaveLength(2);
    const anon = await rest('/import_runs?select=id');
    expect(anon.status).toBeGreaterThanOrEqual(400);
    const staging = await rest('/rpc/import_context', {
      method: 'POST',
      body: JSON.stringify({ district_ids: [1], nces_ids: [] }),
    });
    expect(staging.status).toBeGreaterThanOrEqual(400);
  });

  it("through a hosted project's API with the service role key, the same run reports the same counts", async () => {
    const transport = await apiTransport(apiUrl(), process.env.TEST_SERVICE_ROLE_KEY!);
    const run = await runImport(
      [folder({ '9102/topics.csv': 'title,description\r\nCalendar,<p>Next school year.</p>\r\n' })],
      { ...WRITE, dryRun: true },
      transport,
    );
    expect(run.status).toBe('dry-run');
    expect(run.counts.topics).toEqual({ added: 0, changed: 0, unchanged: 1, removed: 0 });
  });

  it("through the API, batches far over the anonymous body cap pass the gateway as they pass a hosted project's", async () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) => `Topic ${i} of the API run,<p>${'A paragraph the board discussed at length. '.repeat(12)}</p>`,
    );
    const transport = await apiTransport(apiUrl(), process.env.TEST_SERVICE_ROLE_KEY!);
    const run = await runImport(
      [folder({ '9102/topics.csv': `title,description\r\n${rows.join('\r\n')}\r\n` })],
      { ...WRITE, dryRun: true },
      transport,
    );
    expect(run.problems).toEqual([]);
    expect(run.status).toBe('dry-run');
    expect(run.counts.topics.added).toBe(400);
  });
});

describe('each bad input gets a clear message, and the database is exactly as before the run', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'a 200 MB file',
      () => {
        const dir = folder({ '9101/votes.csv': '' });
        truncateSync(join(dir, '9101/votes.csv'), 200 * 1024 * 1024);
        return dir;
      },
      /is 200 MB, larger than the 50 MB a file may be/,
    ],
    [
      'a file with invalid UTF-8',
      () => folder({ '9101/topics.csv': Buffer.concat([Buffer.from('title\nCaf'), Buffer.from([0xe9, 0x0a])]) }),
      /is not UTF-8 text/,
    ],
    [
      'a CSV whose header row is missing',
      () => folder({ 'meetings.csv': '9101,2025-06-17,Regular Board Meeting\n' }),
      /has no header row/,
    ],
    [
      'a CSV whose header is misspelt',
      () => folder({ '9101/meetings.csv': 'date,titel\n2025-06-17,Regular Board Meeting\n' }),
      /Did you mean "title"/,
    ],
    [
      'a formula-injection cell',
      () => folder({ '9101/topics.csv': 'title\n"=HYPERLINK(""https://evil.example"",""Budget"")"\n' }),
      /starts like a spreadsheet formula/,
    ],
    [
      'a JSON document 1,000 levels deep',
      () => folder({ '9101/meetings.json': `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}` }),
      /nests more than 32 levels deep/,
    ],
    [
      'a summary with <script> and javascript: links',
      () =>
        folder({
          '9101/meetings.csv':
            'date,title,summary\n2025-06-17,Regular Board Meeting,"<p>Hi</p><script>alert(1)</script><a href=""javascript:alert(2)"">x</a>"\n',
        }),
      /holds <script>, a link to javascript:alert\(2\)/,
    ],
    [
      'two files that disagree about one meeting',
      () =>
        folder({
          '9101/meetings.csv': 'date,title,summary\n2025-07-01,Retreat,<p>One.</p>\n',
          'more/meetings.csv': 'district_id,date,title,summary\n9101,2025-07-01,Retreat,<p>Two.</p>\n',
        }),
      /is the same meeting as 9101\/meetings.csv row 2 \(district 9101, 2025-07-01, "Retreat"\) but they disagree/,
    ],
  ];

  it.each(cases)('%s', async (_name, make, message) => {
    const dir = make();
    const before = await snapshot();
    const run = await importInto([dir]);
    expect(run.status).toBe('refused');
    expect(
      run.problems
        .filter((p) => p.severity === 'error')
        .map((p) => p.message)
        .join('\n'),
    ).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it('a run stopped halfway (killed)', async () => {
    const meetings = (n: number) =>
      [
        'date,title,summary',
        ...Array.from(
          { length: n },
          (_, at) => `2025-01-${String((at % 28) + 1).padStart(2, '0')},Meeting ${at},<p>Item ${at}.</p>`,
        ),
      ].join('\n');
    const dir = folder({
      'districts.csv': 'id,name\n9201,Stopped Run District\n9202,Second Stopped Run District\n',
      '9201/meetings.csv': meetings(200),
      '9202/meetings.csv': meetings(200),
    });
    const before = await snapshot();
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'import.mjs'), dir], {
      env: { ...process.env, DATABASE_URL: dbUrl(), SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Killed once the first district's meetings were sent (the second's are read next), before anything is written.
    await new Promise<void>((done) => {
      let seen = '';
      child.stderr.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('reading 9202/meetings.csv')) done();
      });
    });
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    expect(await snapshot()).toBe(before);
    expect(await sql('select id from public.districts where id in (9201, 9202)')).toEqual([]);
  });
});

describe('the demo data loaded through the importer', () => {
  it('loads again from supabase/demo/ in a transaction that is rolled back, each row where it was', async () => {
    const client = await superuser();
    try {
      await client.query('begin');
      const run = await runImport([join(ROOT, 'supabase', 'demo')], WRITE, clientTransport(client, true));
      expect(run.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(run.counts.districts.unchanged).toBeGreaterThan(100);
      expect(run.counts.meetings.added + run.counts.topics.added).toBe(0);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});

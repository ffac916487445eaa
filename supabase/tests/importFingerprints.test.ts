// What makes a nightly import of a whole state fast, against the real database, without changing what it writes: a
// row found as the record holds it is not sent again (its fingerprint, valid while the row keeps its version), a row
// changed in any other way since is compared in full and put back as the files say, --replace still keeps the rows it
// did not send, the same row twice is loaded once, and a table loaded while empty gets its indexes back, the same.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientTransport,
  postgresTransport,
  runImport,
  type ImportOptions,
  type ImportTransport,
} from '../../src/importer/node/importRun';
import type { ImportKind } from '../../src/importer/importChecks';
import { dbUrl, sql } from './helpers';

const WRITE: ImportOptions = { dryRun: false, skipInvalid: false, replace: false };

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-prints-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** The real transport, counting the rows it sends to the staging area by kind. */
function counting(transport: ImportTransport): { transport: ImportTransport; sent: Record<string, number> } {
  const sent: Record<string, number> = {};
  const stage = transport.stage.bind(transport);
  return {
    sent,
    transport: {
      ...transport,
      stage: (run: string, kind: ImportKind, first: number, rows: Parameters<ImportTransport['stage']>[3]) => {
        sent[kind] = (sent[kind] ?? 0) + rows.length;
        return stage(run, kind, first, rows);
      },
    },
  };
}

async function importInto(paths: string[], options: Partial<ImportOptions> = {}) {
  const direct = await postgresTransport(dbUrl());
  const { transport, sent } = counting(direct);
  try {
    return { outcome: await runImport(paths, { ...WRITE, ...options }, transport), sent };
  } finally {
    await direct.close();
  }
}

const BOARD = {
  'districts.csv': 'id,name,state\r\n9201,Fingerprint Test Unified School District,CA\r\n',
  '9201/meetings.csv': [
    'date,title,topics,summary,youtube_link',
    '2025-06-17,Regular Board Meeting,Budget,<p>The board adopted the budget.</p>,',
    '2025-06-03,Budget Hearing,Budget,<p>A hearing on the budget.</p>,',
    '2025-05-20,Regular Board Meeting,Facilities,<p>Roofs.</p>,',
  ].join('\r\n'),
  '9201/topics.csv': 'title,description,upvotes\r\nBudget,<p>The budget.</p>,4\r\n',
  '9201/votes.csv': [
    'date,category,issue,outcome,member,vote',
    '2025-06-17,Budget,Adopt the budget,Passed (2-0),Ana Ruiz,Yes',
    '2025-06-17,Budget,Adopt the budget,Passed (2-0),Ben Cole,Yes',
  ].join('\r\n'),
};

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

let board: string;
beforeAll(async () => {
  await sql('delete from public.districts where id = 9201');
  board = folder(BOARD);
});
afterAll(async () => {
  await sql('delete from public.districts where id = 9201');
});

describe('a row found as the record holds it', () => {
  it('is counted unchanged and not sent again; each written row has its fingerprint', async () => {
    const first = await importInto([board]);
    expect(first.outcome.status).toBe('written');
    expect(first.sent).toEqual({ districts: 1, meetings: 3, topics: 1, votings: 1 });
    const [prints] = await sql<{ n: number }>(
      `select count(*)::int as n from private.import_fingerprints f
        where (f.kind = 'districts' and f.id = 9201)
           or (f.kind = 'meetings' and f.id in (select id from public.meetings where "districtId" = 9201))
           or (f.kind = 'topics' and f.id in (select id from public.topics where "districtId" = 9201))
           or (f.kind = 'votings' and f.id in (select id from public.votings where "districtId" = 9201))`,
    );
    expect(prints.n).toBe(6);

    const again = await importInto([board]);
    expect(total(again.sent)).toBe(0);
    expect(again.outcome.counts).toEqual({
      districts: { added: 0, changed: 0, unchanged: 1, removed: 0 },
      meetings: { added: 0, changed: 0, unchanged: 3, removed: 0 },
      topics: { added: 0, changed: 0, unchanged: 1, removed: 0 },
      votings: { added: 0, changed: 0, unchanged: 1, removed: 0 },
    });
    const [run] = await sql<{ counts: unknown }>(
      'select counts from public.import_runs order by started_at desc limit 1',
    );
    expect(run.counts).toEqual(again.outcome.counts);
  });

  it("changed since by anything else (an edit, a resident's vote, a delete) is sent, compared in full and put back as the files say", async () => {
    await sql(
      `update public.meetings set summary = '<p>Edited in SQL.</p>' where "districtId" = 9201 and date = '2025-06-17'`,
    );
    await sql(`update public.topics set upvotes = upvotes + 1 where "districtId" = 9201`);
    await sql(`delete from public.meetings where "districtId" = 9201 and date = '2025-05-20'`);
    const run = await importInto([board]);
    expect(run.sent).toEqual({ meetings: 2, topics: 1 });
    expect(run.outcome.counts.meetings).toEqual({ added: 1, changed: 1, unchanged: 1, removed: 0 });
    expect(run.outcome.counts.topics).toEqual({ added: 0, changed: 1, unchanged: 0, removed: 0 });
    const rows = await sql<{ date: string; summary: string }>(
      `select date::text, summary from public.meetings where "districtId" = 9201 order by date`,
    );
    expect(rows).toEqual([
      { date: '2025-05-20', summary: '<p>Roofs.</p>' },
      { date: '2025-06-03', summary: '<p>A hearing on the budget.</p>' },
      { date: '2025-06-17', summary: '<p>The board adopted the budget.</p>' },
    ]);
    const [topic] = await sql<{ upvotes: number }>('select upvotes from public.topics where "districtId" = 9201');
    expect(topic.upvotes).toBe(4);
    // And now each is as the record holds it again.
    expect(total((await importInto([board])).sent)).toBe(0);
  });

  it('that was not sent still counts as mentioned for --replace: only the row the files leave out is removed', async () => {
    await sql(
      `insert into public.meetings ("districtId", date, title, summary) values (9201, '2025-04-15', 'Added in SQL', '<p>Not in the files.</p>')`,
    );
    const run = await importInto([board], { replace: true });
    expect(run.sent).toEqual({});
    expect(run.outcome.removed.map(({ kind, key }) => [kind, key])).toEqual([['meetings', '2025-04-15 Added in SQL']]);
    expect(run.outcome.counts.meetings).toEqual({ added: 0, changed: 0, unchanged: 3, removed: 1 });
    const [left] = await sql<{ n: number }>('select count(*)::int as n from public.meetings where "districtId" = 9201');
    expect(left.n).toBe(3);
  });

  it('a changed cell sends that row alone', async () => {
    const corrected = folder({
      ...BOARD,
      '9201/topics.csv': 'title,description,upvotes\r\nBudget,"<p>The budget, adopted.</p>",4\r\n',
    });
    const run = await importInto([corrected]);
    expect(run.sent).toEqual({ topics: 1 });
    expect(run.outcome.counts.topics).toEqual({ added: 0, changed: 1, unchanged: 0, removed: 0 });
    await importInto([board]);
  });
});

describe('the same row twice, alike', () => {
  it('is loaded once, with a warning', async () => {
    const twice = folder({
      'districts.csv': BOARD['districts.csv'],
      '9201/meetings.csv':
        'date,title,summary\r\n2025-03-11,Twice Listed,<p>Once.</p>\r\n2025-03-11,Twice Listed,<p>Once.</p>\r\n',
    });
    const run = await importInto([twice]);
    expect(run.outcome.problems.map((p) => [p.severity, p.row, p.message])).toEqual([
      ['warning', 3, 'is the same meeting as row 2; it is loaded once.'],
    ]);
    expect(run.outcome.counts.meetings.added).toBe(1);
    const [rows] = await sql<{ n: number }>(
      `select count(*)::int as n from public.meetings where "districtId" = 9201 and title = 'Twice Listed'`,
    );
    expect(rows.n).toBe(1);
    await sql(`delete from public.meetings where "districtId" = 9201 and title = 'Twice Listed'`);
  });
});

describe('a table loaded while empty', () => {
  it('gets its rows, then the same indexes as before, and every first summary noted for the digest', async () => {
    const client = new pg.Client({ connectionString: dbUrl() });
    await client.connect();
    const indexes = async () =>
      (
        await client.query(
          `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('districts', 'meetings', 'topics', 'votings') order by indexname`,
        )
      ).rows;
    try {
      const before = await indexes();
      await client.query('begin');
      // Everything below is rolled back: the other tests' rows come back as they were.
      await client.query('truncate public.votings, public.topics, public.meetings, public.districts cascade');
      const outcome = await runImport([board], WRITE, clientTransport(client, true));
      expect(outcome.status).toBe('written');
      expect(await indexes()).toEqual(before);
      const [counts] = (
        await client.query(`select (select count(*) from public.meetings)::int as meetings,
        (select count(*) from private.summary_appearances a join public.meetings m on m.id = a.meeting_id)::int as noted`)
      ).rows;
      expect(counts).toEqual({ meetings: 3, noted: 3 });
      // The rebuilt search index finds the rows.
      const [found] = (
        await client.query(
          `select count(*)::int as n from public.meetings where search_vector @@ to_tsquery('english', 'roofs')`,
        )
      ).rows;
      expect(found.n).toBe(1);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });
});

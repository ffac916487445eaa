// One import writes at a time per database, and the natural keys are unique: two runs of the same folder at once
// never store a row twice; the second says it waits for the first, and a third finds every row unchanged.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTransport, runImport } from '../../src/importer/node/importRun';
import { dbUrl, sql } from './helpers';

const D = 9141;

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-together-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

async function importInto(path: string, progress: (line: string) => void = () => {}) {
  const transport = await postgresTransport(dbUrl());
  try {
    return await runImport([path], { dryRun: false, skipInvalid: false, replace: false }, transport, progress);
  } finally {
    await transport.close();
  }
}

const meetings = Array.from({ length: 300 }, (_, i) => `2025-01-01,Meeting ${i + 1}`).join('\n');
const votes = Array.from({ length: 300 }, (_, i) => `2025-01-01,Issue ${i + 1},Tabled,,`).join('\n');
let dir: string;

beforeAll(async () => {
  await sql('delete from public.districts where id = $1', [D]);
  dir = folder({
    'districts.csv': `id,name,state\n${D},Together Test District,CA\n`,
    [`${D}/meetings.csv`]: `date,title\n${meetings}\n`,
    [`${D}/topics.csv`]: 'title\nBudget\nCalendar\n',
    [`${D}/votes.csv`]: `date,issue,outcome,member,vote\n${votes}\n`,
  });
});
afterAll(async () => {
  await sql('delete from public.districts where id = $1', [D]);
});

const counts = async () =>
  (
    await sql(
      'select (select count(*) from public.meetings where "districtId" = $1)::int m, (select count(*) from public.topics where "districtId" = $1)::int t, (select count(*) from public.votings where "districtId" = $1)::int v',
      [D],
    )
  )[0];

describe('two imports at once', () => {
  it('store each row once: the second waits for the first, saying so; a third finds every row unchanged', async () => {
    const heard: string[][] = [[], []];
    const [a, b] = await Promise.all([0, 1].map((at) => importInto(dir, (line) => heard[at].push(line))));
    expect([a.status, b.status]).toEqual(['written', 'written']);
    expect(await counts()).toEqual({ m: 300, t: 2, v: 300 });
    const waited = heard.flat().filter((line) => line.startsWith('another import is writing'));
    expect(waited).toEqual([
      'another import is writing to this database: waiting for it to finish (one import writes at a time)',
    ]);
    expect(a.counts.meetings.added + b.counts.meetings.added).toBe(300);
    const third = await importInto(dir);
    expect(third.counts.meetings).toEqual({ added: 0, changed: 0, unchanged: 300, removed: 0 });
    expect(third.counts.votings).toEqual({ added: 0, changed: 0, unchanged: 300, removed: 0 });
  });

  it('the database refuses a second meeting, topic or vote with the same natural key', async () => {
    for (const statement of [
      `insert into public.meetings ("districtId", date, title) values (${D}, '2025-01-01', 'Meeting 1')`,
      `insert into public.topics ("districtId", title) values (${D}, 'Budget')`,
      `insert into public.votings ("districtId", "voteDate", issue, type) values (${D}, '2025-01-01', 'Issue 1', 'recent')`,
    ])
      await expect(sql(statement)).rejects.toThrow(/duplicate key value violates unique constraint "\w+_natural_key"/);
    expect(await counts()).toEqual({ m: 300, t: 2, v: 300 });
  });
});

// --replace removes only what the files truly leave out: with --skip-invalid, a refused row (its meeting is still in
// the files, only wrong) counts as in the files. Where its natural key was read (a meeting's date and title), the
// site's row under that key is kept; where it was not, or the whole file was refused, nothing of its kind and district
// is removed. The report says so, lists what was removed, and --dry-run lists what would be.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTransport, runImport, type ImportOptions } from '../../src/importer/node/importRun';
import { dbUrl, sql } from './helpers';

const D = 9131;

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-replace-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

async function importInto(paths: string[], options: Partial<ImportOptions>) {
  const transport = await postgresTransport(dbUrl());
  try {
    return await runImport(paths, { dryRun: false, skipInvalid: false, replace: false, ...options }, transport);
  } finally {
    await transport.close();
  }
}

const titles = async (table: string) =>
  (await sql<{ t: string }>(`select title t from public.${table} where "districtId" = $1 order by 1`, [D])).map(
    (row) => row.t,
  );

const MEETINGS = 'date,title\n2025-01-07,January\n2025-02-04,February\n2025-03-04,March\n';
const TOPICS = 'title\nBudget\nCalendar\n';

beforeAll(async () => {
  await sql('delete from public.districts where id = $1', [D]);
  const first = await importInto(
    [
      folder({
        'districts.csv': `id,name,state\n${D},Replace Test District,CA\n`,
        [`${D}/meetings.csv`]: MEETINGS,
        [`${D}/topics.csv`]: TOPICS,
      }),
    ],
    {},
  );
  expect(first.status).toBe('written');
});
afterAll(async () => {
  await sql('delete from public.districts where id = $1', [D]);
});

describe('--replace with --skip-invalid', () => {
  it('a refused row keeps every meeting of its district; a refused file keeps every topic; the report says why', async () => {
    const files = folder({
      // March is refused (no such day): it is still in the files, and must not be removed.
      [`${D}/meetings.csv`]: 'date,title\n2025-01-07,January\n2025-02-30,March\n',
      // A file refused whole (not UTF-8): none of its rows may count as left out.
      [`${D}/topics.csv`]: 'title\n',
    });
    writeFileSync(join(files, `${D}/topics.csv`), Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xff, 0xfe, 0x0a]));
    for (const dryRun of [true, false]) {
      const outcome = await importInto([files], { replace: true, skipInvalid: true, dryRun });
      expect(outcome.status).toBe(dryRun ? 'dry-run' : 'written');
      expect(outcome.removed).toEqual([]);
      expect(outcome.counts.meetings.removed).toBe(0);
      expect(outcome.counts.topics.removed).toBe(0);
      expect(outcome.problems.filter((p) => p.severity === 'warning').map((p) => `${p.file}: ${p.message}`)).toEqual([
        `${D}/meetings.csv: has a refused row, which still counts as in the files: --replace removes no meetings of district ${D} this run. Correct the refused rows and run again to remove what the files leave out.`,
        `${D}/topics.csv: has a refused row, which still counts as in the files: --replace removes no topics of district ${D} this run. Correct the refused rows and run again to remove what the files leave out.`,
      ]);
      expect(await titles('meetings')).toEqual(['February', 'January', 'March']);
      expect(await titles('topics')).toEqual(['Budget', 'Calendar']);
    }
  });

  it('with every row good, what the files leave out is removed and listed; --dry-run lists it and writes nothing', async () => {
    const files = folder({ [`${D}/meetings.csv`]: 'date,title\n2025-01-07,January\n2025-03-04,March\n' });
    const dry = await importInto([files], { replace: true, skipInvalid: true, dryRun: true });
    expect(dry.removed).toEqual([
      expect.objectContaining({ kind: 'meetings', district_id: D, key: '2025-02-04 February' }),
    ]);
    expect(await titles('meetings')).toEqual(['February', 'January', 'March']);
    const real = await importInto([files], { replace: true, skipInvalid: true });
    expect(real.removed.map((row) => row.key)).toEqual(['2025-02-04 February']);
    expect(await titles('meetings')).toEqual(['January', 'March']);
    expect(await titles('topics')).toEqual(['Budget', 'Calendar']);
  });

  it('a refused row whose date and title were read keeps only its own meeting; the rest the files leave out is removed', async () => {
    // Left from the test above: January and March; Budget and Calendar. March and Budget are refused for a column
    // that is not part of their key (a flag, a count): the site's March and Budget stay as they are.
    const files = folder({
      [`${D}/meetings.csv`]: 'date,title,isUpcoming\n2025-03-04,March,perhaps\n',
      [`${D}/topics.csv`]: 'title,upvotes\nBudget,lots\n',
    });
    const dry = await importInto([files], { replace: true, skipInvalid: true, dryRun: true });
    expect(dry.removed.map((row) => `${row.kind}: ${row.key}`).sort()).toEqual([
      'meetings: 2025-01-07 January',
      'topics: Calendar',
    ]);
    const real = await importInto([files], { replace: true, skipInvalid: true });
    expect(real.counts.meetings).toMatchObject({ removed: 1, added: 0, changed: 0 });
    expect(real.counts.topics).toMatchObject({ removed: 1, added: 0, changed: 0 });
    expect(real.problems.filter((p) => p.severity === 'warning').map((p) => `${p.file}: ${p.message}`)).toEqual([
      `${D}/meetings.csv: has a refused row whose meeting the site already holds: --replace keeps it as it is. Correct the refused rows and run again to bring their changes.`,
      `${D}/topics.csv: has a refused row whose topic the site already holds: --replace keeps it as it is. Correct the refused rows and run again to bring their changes.`,
    ]);
    expect(await titles('meetings')).toEqual(['March']);
    expect(await titles('topics')).toEqual(['Budget']);
    expect(
      await sql<{ upcoming: boolean }>(`select "isUpcoming" upcoming from public.meetings where "districtId" = $1`, [
        D,
      ]),
    ).toEqual([{ upcoming: false }]);
  });
});

// Open Civic Data as the field publishes it, through the real run into the database: a pupa scrape folder
// (tests/fixtures/ocd/pupa-scrape) stores every member's vote, the result and the counts, and its meeting at the
// district's clock time; and the site's own votes.csv and votes.json in one folder load back with nothing added and
// nothing changed.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTransport, runImport, type ImportOptions } from '../../src/importer/node/importRun';
import { votesCsv, voteEvents } from '../../src/district/follow/openData';
import { checkDistrictPage } from '../../src/district/document';
import { dbUrl, sql } from './helpers';

const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/ocd');
const WRITE: ImportOptions = { dryRun: false, skipInvalid: false, replace: false };
const DISTRICT = 9201;

async function importInto(paths: string[], options: Partial<ImportOptions> = {}) {
  const transport = await postgresTransport(dbUrl());
  try {
    return await runImport(paths, { ...WRITE, ...options }, transport);
  } finally {
    await transport.close();
  }
}

/** The pupa scrape fixture as an operator saves it: in the district's folder, beside a districts.csv. */
function scrapeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-ocd-'));
  writeFileSync(join(dir, 'districts.csv'), `id,name,state\r\n${DISTRICT},OCD Test Unified School District,CA\r\n`);
  for (const name of readdirSync(join(FIXTURES, 'pupa-scrape/1')))
    cpSync(join(FIXTURES, 'pupa-scrape/1', name), join(dir, String(DISTRICT), name));
  return dir;
}

beforeAll(async () => {
  await sql('delete from public.districts where id = $1', [DISTRICT]);
});
afterAll(async () => {
  await sql('delete from public.districts where id = $1', [DISTRICT]);
});

describe('a pupa scrape folder through the real run', () => {
  it("stores every member's vote, the result and the counts, and sets the scrape's other objects aside once", async () => {
    const run = await importInto([scrapeFolder()]);
    expect(run.status).toBe('written');
    expect(run.problems.map((p) => `${p.severity} ${p.column ?? ''} ${p.value ?? ''}`)).toEqual([
      'warning media http://media.example-usd.org/board/2025-06-17.mp4',
      'warning  1 bill, 1 jurisdiction, 1 organization, 2 person',
    ]);
    expect(run.counts).toMatchObject({ districts: { added: 1 }, meetings: { added: 1 }, votings: { added: 2 } });
    expect(
      await sql('select issue, outcome, votes from public.votings where "districtId" = $1 order by issue', [DISTRICT]),
    ).toEqual([
      { issue: 'Approve the consent calendar', outcome: 'Passed (5-0)', votes: [] },
      {
        issue: 'Resolution 24-25-17: Adopt the 2025-26 budget',
        outcome: 'Passed (2-1-1)',
        votes: [
          { name: 'Maria Okafor', vote: 'Yes' },
          { name: 'James Lindqvist', vote: 'Yes' },
          { name: 'Priya Raman', vote: 'No' },
          { name: 'Daniel Cho', vote: 'Abstain' },
          { name: 'Elena Petrova', vote: 'Absent' },
        ],
      },
    ]);
    // pupa's UTC start, placed in California's time zone (the district's state): the evening it was.
    expect(
      await sql('select date::text, start_time::text, time_zone from public.meetings where "districtId" = $1', [
        DISTRICT,
      ]),
    ).toEqual([{ date: '2025-06-17', start_time: '18:00:00', time_zone: 'America/Los_Angeles' }]);
  });

  it("the site's own votes.csv and votes.json of the district, in one folder, add nothing and change nothing", async () => {
    const [{ page }] = await sql<{ page: unknown }>('select page from public.district_pages where id = $1', [DISTRICT]);
    const { page: checked } = checkDistrictPage(page);
    const exported = join(mkdtempSync(join(tmpdir(), 'import-ocd-export-')), String(DISTRICT));
    mkdirSync(exported);
    writeFileSync(join(exported, 'votes.csv'), votesCsv(checked!.votings));
    writeFileSync(
      join(exported, 'votes.json'),
      JSON.stringify(voteEvents(checked!.district, checked!.votings, 'https://example.org')),
    );
    const run = await importInto([exported]);
    expect(run.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(run.counts.votings).toEqual({ added: 0, changed: 0, unchanged: 2, removed: 0 });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lineKeys, parseSnapshotLine, readSnapshotDistricts, readSnapshotLines, snapshotCacheFile, snapshotLine, withSource, writeSnapshotCache } from '../../src/lib/node/snapshot-cache';

const dir = mkdtempSync(join(tmpdir(), 'snapshot-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('snapshotCacheFile: one file per table inside the cache folder', () => {
  it.each([
    ['a file: URL with its slash', pathToFileURL('/work/site/node_modules/.astro/'), '/work/site/node_modules/.astro/snapshot/meetings.ndjson'],
    ['a path without a slash', '/work/site/node_modules/.astro', '/work/site/node_modules/.astro/snapshot/meetings.ndjson'],
    ['a path with a slash', '/tmp/cache/', '/tmp/cache/snapshot/meetings.ndjson'],
  ])('%s', (_label, cacheDir, file) => {
    expect(snapshotCacheFile(cacheDir, 'meetings')).toBe(file);
  });
});

describe('parseSnapshotLine: [digest, source, district, row] or nothing', () => {
  it.each([
    ['a row', '["d1","9e1a",7,{"id":1,"summaryHtml":"<p>Hi</p>"}]', ['d1', { id: 1, summaryHtml: '<p>Hi</p>' }]],
    ['a row without rich text, with no source', '["d2","",7,{"id":2,"summaryHtml":null}]', ['d2', { id: 2, summaryHtml: null }]],
    ['not JSON (a cut line)', '["d3","9e1a",7,{"id":3,"summaryHtml":"<p>', null],
    ['no district (a line of an older file)', '["d4","9e1a",{"id":4}]', null],
    ['a district that is not a whole number', '["d4","9e1a",7.5,{"id":4}]', null],
    ['a digest that is not a string', '[4,"9e1a",7,{"id":4}]', null],
    ['a source that is not a string', '["d4",null,7,{"id":4}]', null],
    ['a row that is a list', '["d5","9e1a",7,[5,"<p>Hi</p>"]]', null],
    ['a row that is null', '["d6","9e1a",7,null]', null],
  ])('%s', (_label, line, expected) => {
    expect(parseSnapshotLine(line)).toEqual(expected);
  });
});

describe('lineKeys: the digest, source and district of a whole line, without parsing its row', () => {
  it.each([
    ['a row', snapshotLine('0f3a9c', '5d41402a', 12, { id: 1, summaryHtml: '<p>"Hi"</p>' }), { digest: '0f3a9c', source: '5d41402a', district: 12 }],
    ['a base64url digest, no source', snapshotLine('aB-_9', '', 3, { id: 2 }), { digest: 'aB-_9', source: '', district: 3 }],
    ['a cut line', snapshotLine('0f3a9c', '5d41402a', 12, { id: 1, summaryHtml: '<p>Hi</p>' }).slice(0, -3), null],
    ['no row', '["0f3a9c","5d41402a",12]', null],
    ['a row that is not an object', '["0f3a9c","5d41402a",12,[1]]', null],
    ['no district (a line of an older file)', '["0f3a9c","5d41402a",{"id":1}]', null],
    ['a negative district', '["0f3a9c","5d41402a",-1,{"id":1}]', null],
    ['a digest JSON would escape', snapshotLine('a"b', '', 1, { id: 3 }), null],
    ['a source JSON would escape', snapshotLine('0f3a9c', 'a\\b', 1, { id: 3 }), null],
    ['an empty digest', snapshotLine('', '5d41402a', 1, { id: 4 }), null],
    ['not a line of this file', 'not json', null],
  ])('%s', (_label, line, expected) => {
    expect(lineKeys(line)).toEqual(expected);
  });
});

describe('withSource: the same line with another source', () => {
  it.each([
    ['a new source', snapshotLine('d1', 'aaaa', 4, { id: 1, summaryHtml: '<p>"Hi", she said</p>' }), 'bbbb'],
    ['a source given to a line with none', snapshotLine('d2', '', 4, { id: 2 }), 'cccc'],
    ['a source taken away', snapshotLine('d3', 'aaaa', 4, { id: 3, votes: [{ name: 'A', vote: 'Yes' }] }), ''],
  ])('%s', (_label, line, source) => {
    const [digest, row] = parseSnapshotLine(line)!;
    expect(withSource(line, source)).toBe(snapshotLine(digest, source, 4, row));
  });
});

/** Rows as [digest, district, row]; each row's source is made from its digest, so a test can tell them apart. */
type Row = [string, number, Record<string, unknown>];
const lines = (rows: Row[]) => rows.map(([digest, district, row]) => snapshotLine(digest, `src${digest}`, district, row));

/** What readSnapshotDistricts gives for rows in this order: each district's digests and lines, in order. */
function byDistrict(rows: Row[]) {
  const expected = new Map<number, { digests: string[]; lines: string[] }>();
  for (const row of rows) {
    const own = expected.get(row[1]) ?? { digests: [], lines: [] };
    own.digests.push(row[0]);
    own.lines.push(lines([row])[0]);
    expected.set(row[1], own);
  }
  return expected;
}

describe('writeSnapshotCache, then readSnapshotDistricts (the page build) and readSnapshotLines (the loader)', () => {
  const rows: Row[] = [
    ['c', 2, { id: 3, summaryHtml: '<p>One "quoted" line\nand a second</p>', votes: [{ member: 'Ann', vote: 'Yes' }] }],
    ['a', 1, { id: 4, summaryHtml: null }],
    ['b', 2, { id: 5, summaryHtml: '<ul><li>Ünïcode — ✓</li></ul>' }],
  ];

  it('gives back every line by district in order, text with new lines and quotes included, and leaves no partial file', async () => {
    const file = snapshotCacheFile(dir, 'meetings');
    await writeSnapshotCache(file, lines(rows));
    const read = await readSnapshotDistricts(file);
    expect(read).toEqual(byDistrict(rows));
    expect([...read.keys()]).toEqual([2, 1]);
    expect(read.get(2)!.lines.map((line) => parseSnapshotLine(line)![1])).toEqual([rows[0][2], rows[2][2]]);
    expect(await readSnapshotLines(file)).toEqual(new Map(rows.map(([digest, district, row]) => [digest, { digest, source: `src${digest}`, district, line: lines([[digest, district, row]])[0] }])));
    expect(readdirSync(join(dir, 'snapshot'))).toEqual(['meetings.ndjson']);
  });

  it('writes a table larger than one write (a megabyte) whole', async () => {
    const file = snapshotCacheFile(dir, 'large');
    const many: Row[] = Array.from({ length: 5000 }, (_, i) => [`d${i}`, i % 7, { id: i, text: 'x'.repeat(500) }]);
    await writeSnapshotCache(file, lines(many));
    expect(await readSnapshotDistricts(file)).toEqual(byDistrict(many));
  });

  it('replaces the whole file on the next write', async () => {
    const file = snapshotCacheFile(dir, 'topics');
    await writeSnapshotCache(file, lines([['old', 1, { id: 1, descriptionHtml: '<p>Old</p>' }]]));
    await writeSnapshotCache(file, lines([['new', 1, { id: 1, descriptionHtml: '<p>New</p>' }]]));
    expect((await readSnapshotDistricts(file)).get(1)!.digests).toEqual(['new']);
  });

  it('the loader reads an absent file as no rows, and leaves out a line that is not a whole row (it makes that row again)', async () => {
    expect((await readSnapshotLines(snapshotCacheFile(dir, 'nothing'))).size).toBe(0);
    const file = snapshotCacheFile(dir, 'mixed');
    await writeSnapshotCache(file, lines([['good', 1, { id: 1 }]]));
    appendFileSync(file, 'not json\n["cut","s",1,{"id":2\n["old","s",{"id":4}]\n["other","",1,{"id":3}]\n');
    expect([...(await readSnapshotLines(file)).keys()]).toEqual(['good', 'other']);
  });

  it('the page build stops at a line that is not a row, naming the file and the line', async () => {
    const file = snapshotCacheFile(dir, 'damaged');
    await writeSnapshotCache(file, lines([['good', 1, { id: 1 }]]));
    appendFileSync(file, '["cut","s",1,{"id":2\n');
    await expect(readSnapshotDistricts(file)).rejects.toThrow(`Line 2 of ${file} is not a row of the snapshot. Build again with \`astro build --force\`.`);
  });
});

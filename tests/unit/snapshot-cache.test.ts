import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseSnapshotLine, readSnapshotCache, snapshotCacheFile, writeSnapshotCache, type RowsByDigest } from '../../src/lib/snapshot-cache';

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

describe('parseSnapshotLine: [digest, row] or nothing', () => {
  it.each([
    ['a row', '["d1",{"id":1,"summaryHtml":"<p>Hi</p>"}]', ['d1', { id: 1, summaryHtml: '<p>Hi</p>' }]],
    ['a row without rich text', '["d2",{"id":2,"summaryHtml":null}]', ['d2', { id: 2, summaryHtml: null }]],
    ['not JSON (a cut line)', '["d3",{"id":3,"summaryHtml":"<p>', null],
    ['not a pair', '["d4"]', null],
    ['a digest that is not a string', '[4,{"id":4}]', null],
    ['a row that is a list', '["d5",[5,"<p>Hi</p>"]]', null],
    ['a row that is null', '["d6",null]', null],
  ])('%s', (_label, line, expected) => {
    expect(parseSnapshotLine(line)).toEqual(expected);
  });
});

describe('writeSnapshotCache then readSnapshotCache', () => {
  it('gives back every row in order, text with new lines and quotes included, and leaves no partial file', async () => {
    const file = snapshotCacheFile(dir, 'meetings');
    const written: RowsByDigest = new Map([
      ['c', { id: 3, summaryHtml: '<p>One "quoted" line\nand a second</p>', votes: [{ member: 'Ann', vote: 'Yes' }] }],
      ['a', { id: 1, summaryHtml: null }],
      ['b', { id: 2, summaryHtml: '<ul><li>Ünïcode — ✓</li></ul>' }],
    ]);
    await writeSnapshotCache(file, written);
    const read = await readSnapshotCache(file);
    expect(read).toEqual(written);
    expect([...read.keys()]).toEqual(['c', 'a', 'b']);
    expect(readdirSync(join(dir, 'snapshot'))).toEqual(['meetings.ndjson']);
  });

  it('writes a table larger than one write (a megabyte) whole', async () => {
    const file = snapshotCacheFile(dir, 'large');
    const written: RowsByDigest = new Map(Array.from({ length: 5000 }, (_, i) => [`d${i}`, { id: i, text: 'x'.repeat(500) }]));
    await writeSnapshotCache(file, written);
    expect(await readSnapshotCache(file)).toEqual(written);
  });

  it('replaces the whole file on the next write', async () => {
    const file = snapshotCacheFile(dir, 'topics');
    await writeSnapshotCache(file, new Map([['old', { id: 1, descriptionHtml: '<p>Old</p>' }]]));
    await writeSnapshotCache(file, new Map([['new', { id: 1, descriptionHtml: '<p>New</p>' }]]));
    expect([...(await readSnapshotCache(file)).keys()]).toEqual(['new']);
  });

  it('reads an absent file as no rows, and leaves out a line that is not a row', async () => {
    expect((await readSnapshotCache(snapshotCacheFile(dir, 'nothing'))).size).toBe(0);
    const file = snapshotCacheFile(dir, 'mixed');
    await writeSnapshotCache(file, new Map([['good', { id: 1 }]]));
    appendFileSync(file, 'not json\n["other",{"id":2}]\n');
    expect(await readSnapshotCache(file)).toEqual(new Map([['good', { id: 1 }], ['other', { id: 2 }]]));
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseRichTextLine, readRichText, richTextFile, writeRichText, type RichTextByDigest } from '../../src/lib/rich-text-cache';
import type { SafeHtml } from '../../src/lib/sanitize';

const dir = mkdtempSync(join(tmpdir(), 'rich-text-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const html = (s: string) => s as SafeHtml;

describe('richTextFile: one file per table inside the cache folder', () => {
  it.each([
    ['a file: URL with its slash', pathToFileURL('/work/site/node_modules/.astro/'), '/work/site/node_modules/.astro/rich-text/meetings.ndjson'],
    ['a path without a slash', '/work/site/node_modules/.astro', '/work/site/node_modules/.astro/rich-text/meetings.ndjson'],
    ['a path with a slash', '/tmp/cache/', '/tmp/cache/rich-text/meetings.ndjson'],
  ])('%s', (_label, cacheDir, file) => {
    expect(richTextFile(cacheDir, 'meetings')).toBe(file);
  });
});

describe('parseRichTextLine: [digest, fields] or nothing', () => {
  it.each([
    ['an entry', '["d1",{"summaryHtml":"<p>Hi</p>"}]', ['d1', { summaryHtml: '<p>Hi</p>' }]],
    ['an entry without rich text', '["d2",{"summaryHtml":null}]', ['d2', { summaryHtml: null }]],
    ['not JSON (a cut line)', '["d3",{"summaryHtml":"<p>', null],
    ['not a pair', '["d4"]', null],
    ['a digest that is not a string', '[4,{"summaryHtml":"<p>Hi</p>"}]', null],
    ['fields that are a list', '["d5",["<p>Hi</p>"]]', null],
    ['a field that is not text', '["d6",{"summaryHtml":{"html":"<p>Hi</p>"}}]', null],
  ])('%s', (_label, line, expected) => {
    expect(parseRichTextLine(line)).toEqual(expected);
  });
});

describe('writeRichText then readRichText', () => {
  it('gives back every entry, text with new lines and quotes included, and leaves no partial file', async () => {
    const file = richTextFile(dir, 'meetings');
    const written: RichTextByDigest = new Map([
      ['a', { summaryHtml: html('<p>One "quoted" line\nand a second</p>') }],
      ['b', { summaryHtml: null }],
      ['c', { summaryHtml: html('<ul><li>Ünïcode — ✓</li></ul>') }],
    ]);
    await writeRichText(file, written);
    expect(await readRichText(file)).toEqual(written);
    expect(readdirSync(join(dir, 'rich-text'))).toEqual(['meetings.ndjson']);
  });

  it('replaces the whole file on the next write', async () => {
    const file = richTextFile(dir, 'topics');
    await writeRichText(file, new Map([['old', { descriptionHtml: html('<p>Old</p>') }]]));
    await writeRichText(file, new Map([['new', { descriptionHtml: html('<p>New</p>') }]]));
    expect([...(await readRichText(file)).keys()]).toEqual(['new']);
  });

  it('reads an absent file as no entries, and leaves out a line that is not an entry', async () => {
    expect((await readRichText(richTextFile(dir, 'nothing'))).size).toBe(0);
    const file = richTextFile(dir, 'mixed');
    await writeRichText(file, new Map([['good', { summaryHtml: html('<p>Kept</p>') }]]));
    appendFileSync(file, 'not json\n["other",{"summaryHtml":"<p>Also kept</p>"}]\n');
    expect(await readRichText(file)).toEqual(new Map([['good', { summaryHtml: '<p>Kept</p>' }], ['other', { summaryHtml: '<p>Also kept</p>' }]]));
  });
});

// Which outputs of the last build go back into the output folder, and which are taken out after a build: what Astro's
// record of the last build (incremental-build.json) names, and what it named but the new one does not.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { goneOutputs, linkTree, manifestOutputs } from '../../src/district/build/keptOutputs';

const manifest = (routes: Record<string, string[]>) => ({
  routes: Object.fromEntries(
    Object.entries(routes).map(([route, files]) => [
      route,
      { paths: Object.fromEntries(files.map((file) => [`/${file}`, { cacheKey: 'k', outputFile: file }])) },
    ]),
  ),
});

describe('manifestOutputs', () => {
  it.each([
    ['no record (a first build)', null, []],
    ['a record without routes', {}, []],
    ['a route without paths', { routes: { 'src/pages/[...lang]/[id].astro': {} } }, []],
    [
      'every route’s outputs',
      manifest({
        'src/pages/[...lang]/[id].astro': ['1.html', '2.html'],
        'src/pages/[id]/votes.csv.ts': ['1/votes.csv'],
      }),
      ['1.html', '2.html', '1/votes.csv'],
    ],
  ])('%s', (_, record, expected) => {
    expect([...manifestOutputs(record)]).toEqual(expected);
  });
});

describe('goneOutputs', () => {
  it.each([
    ['nothing removed', ['1.html', '2.html'], ['1.html', '2.html'], []],
    ['a removed district', ['1.html', '2.html', '2/votes.csv'], ['1.html'], ['2.html', '2/votes.csv']],
    ['a new district is nothing gone', ['1.html'], ['1.html', '3.html'], []],
    ['a first build', [], ['1.html'], []],
  ])('%s', (_, kept, made, expected) => {
    expect(goneOutputs(kept, new Set(made))).toEqual(expected);
  });
});

describe('linkTree', () => {
  const made: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kept-outputs-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('puts each kept output back in the output folder, folders included, without copying its bytes', () => {
    const cache = folder();
    const site = folder();
    mkdirSync(join(cache, '1'), { recursive: true });
    writeFileSync(join(cache, '1.html'), 'district 1');
    writeFileSync(join(cache, '1', 'votes.csv'), 'votes');
    expect(linkTree(['1.html', '1/votes.csv', 'gone.html'], cache, site)).toBe(2);
    expect(readFileSync(join(site, '1', 'votes.csv'), 'utf8')).toBe('votes');
    expect(statSync(join(site, '1.html')).ino).toBe(statSync(join(cache, '1.html')).ino);
  });

  it('never links one kept copy into two output folders: a page rendered again in one leaves the other as it was', () => {
    const cache = folder();
    const served = folder();
    const tests = folder();
    writeFileSync(join(cache, '1.html'), 'built for the served site');
    linkTree(['1.html'], cache, served);
    linkTree(['1.html'], cache, tests);
    // The second build renders the page again (another address for the API, say): Astro writes it in place.
    writeFileSync(join(tests, '1.html'), 'built for the tests');
    expect(readFileSync(join(served, '1.html'), 'utf8')).toBe('built for the served site');
    expect(readFileSync(join(cache, '1.html'), 'utf8')).toBe('built for the tests');
  });
});

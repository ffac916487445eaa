// Which outputs of the last build go back into the output folder, and which are taken out after a build: what Astro's
// record of the last build (incremental-build.json) names, and what it named but the new one does not.
import { describe, expect, it } from 'vitest';
import { goneOutputs, manifestOutputs } from '../../src/district/build/keptOutputs';

const manifest = (routes: Record<string, string[]>) => ({
  routes: Object.fromEntries(Object.entries(routes).map(([route, files]) => [route, { paths: Object.fromEntries(files.map((file) => [`/${file}`, { cacheKey: 'k', outputFile: file }])) }])),
});

describe('manifestOutputs', () => {
  it.each([
    ['no record (a first build)', null, []],
    ['a record without routes', {}, []],
    ['a route without paths', { routes: { 'src/pages/[id].astro': {} } }, []],
    ['every route’s outputs', manifest({ 'src/pages/[id].astro': ['1.html', '2.html'], 'src/pages/[id]/votes.csv.ts': ['1/votes.csv'] }), ['1.html', '2.html', '1/votes.csv']],
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

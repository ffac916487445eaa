// A build split into shards: which shard makes a district's outputs, which outputs are a district's, how many shards a
// machine builds in, and how a shard's output folder joins the site's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  districtOfOutput,
  inShard,
  makesListings,
  parseShard,
  shardSitemapBase,
  WHOLE_BUILD,
} from '../../src/district/build/shard';
import { mergeShard, shardCount, shardFolders } from '../../scripts/lib/shards.mjs';

describe('parseShard', () => {
  it.each([
    [undefined, WHOLE_BUILD],
    ['', WHOLE_BUILD],
    ['0/2', { index: 0, count: 2 }],
    ['1/2', { index: 1, count: 2 }],
    [' 2 / 3 ', { index: 2, count: 3 }],
  ])('%j → %j', (value, shard) => {
    expect(parseShard(value)).toEqual(shard);
  });

  it.each(['2/2', '1/0', 'a/b', '1', '-1/2'])('refuses %j with what it should be', (value) => {
    expect(() => parseShard(value)).toThrow(/BUILD_SHARD must be 'k\/n'/);
  });
});

describe('inShard and makesListings', () => {
  it.each([
    [WHOLE_BUILD, [1, 2, 3, 20_000], [true, true, true, true]],
    [{ index: 0, count: 2 }, [1, 2, 3, 20_000], [false, true, false, true]],
    [{ index: 1, count: 2 }, ['1', '2', '3', '20000'], [true, false, true, false]],
  ])('%j', (shard, ids, expected) => {
    expect(ids.map((id) => inShard(shard, id))).toEqual(expected);
  });

  it('gives every district to exactly one shard', () => {
    const shards = [0, 1, 2].map((index) => ({ index, count: 3 }));
    for (let id = 1; id <= 30; id += 1) expect(shards.filter((shard) => inShard(shard, id))).toHaveLength(1);
  });

  it('lists every district in the first shard only', () => {
    expect([WHOLE_BUILD, { index: 0, count: 2 }, { index: 1, count: 2 }].map(makesListings)).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('districtOfOutput', () => {
  it.each([
    ['12.html', 12],
    ['/12', 12],
    ['/es/12', 12],
    ['zh/12.html', 12],
    ['12/members/ana-ruiz.html', 12],
    ['es/12/members/ana-ruiz.html', 12],
    ['12/votes.csv', 12],
    ['/12/meetings.ics', 12],
    ['index.html', null],
    ['/', null],
    ['/es/', null],
    ['es/states/CA.html', null],
    ['states/CA.html', null],
    ['404.html', 404],
    ['_astro/client.123.js', null],
    ['sitemap-0.xml', null],
    ['12abc.html', null],
  ])('%s → %s', (path, id) => {
    expect(districtOfOutput(path)).toBe(id);
  });
});

describe('shardCount', () => {
  it.each([
    [undefined, 1, 1],
    [undefined, 2, 2],
    [undefined, 8, 2],
    ['', 4, 2],
    ['1', 8, 1],
    ['3', 2, 3],
  ])('BUILD_SHARDS=%j on %i cores → %i', (value, cores, count) => {
    expect(shardCount(value, cores)).toBe(count);
  });

  it.each(['0', 'two', '1.5', '17'])('refuses %j', (value) => {
    expect(() => shardCount(value, 2)).toThrow(/BUILD_SHARDS must be a whole number from 1 to 16/);
  });
});

describe('shardFolders', () => {
  it('builds the first shard in the site’s folders, and each other in folders of its own, its output inside the project', () => {
    const site = { outDir: '/tmp/site/dist', cacheDir: '/tmp/site/cache' };
    expect(shardFolders(site, 0, '/work/project')).toEqual(site);
    const [second, third] = [1, 2].map((index) => shardFolders(site, index, '/work/project'));
    expect(second.cacheDir).toBe('/tmp/site/cache/shards/2');
    expect(third.cacheDir).toBe('/tmp/site/cache/shards/3');
    // Inside the working folder, so Astro keeps its temporary bundles in each shard's own output folder.
    for (const { outDir } of [second, third]) expect(outDir.startsWith('/work/project/')).toBe(true);
    expect(new Set([site.outDir, second.outDir, third.outDir]).size).toBe(3);
    // Another site's build (another cache folder) never shares them.
    expect(shardFolders({ ...site, cacheDir: '/tmp/other/cache' }, 1, '/work/project').outDir).not.toBe(second.outDir);
  });
});

describe('mergeShard', () => {
  let work = '';
  afterEach(() => rmSync(work, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const index = (...files: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.map((f) => `<sitemap><loc>https://example.org/${f}</loc></sitemap>`).join('')}</sitemapindex>`;

  it("moves the shard's districts, sitemap files and missing bundles, joins its sitemap index, and leaves the rest", () => {
    work = mkdtempSync(join(tmpdir(), 'merge-shard-'));
    const site = { outDir: join(work, 'dist'), cacheDir: join(work, 'cache') };
    const from = shardFolders(site, 1, work).outDir;
    write(join(site.outDir, 'index.html'), 'site home');
    write(join(site.outDir, '2.html'), 'district 2');
    write(join(site.outDir, '_astro/shared.js'), 'site bundle');
    write(join(site.outDir, 'sitemap-index.xml'), index('sitemap-0.xml'));
    write(join(from, 'index.html'), 'shard home, from its districts alone');
    write(join(from, 'states/CA.html'), 'shard list');
    write(join(from, '404.html'), 'not found');
    write(join(site.outDir, '404.html'), 'site not found');
    write(join(from, '1.html'), 'district 1');
    write(join(from, 'es/1.html'), 'distrito 1');
    write(join(from, '1/members/ana-ruiz.html'), 'member');
    write(join(from, '1/votes.csv'), 'votes');
    write(join(from, '_astro/shared.js'), 'shard bundle');
    write(join(from, '_astro/only-here.js'), 'shard-only bundle');
    write(join(from, `${shardSitemapBase({ index: 1, count: 2 })}-0.xml`), '<urlset/>');
    write(join(from, `${shardSitemapBase({ index: 1, count: 2 })}-index.xml`), index('sitemap-shard2-0.xml'));

    expect(mergeShard({ from, to: site.outDir, index: 1, count: 2 })).toBe(6);

    const read = (path: string) => readFileSync(join(site.outDir, path), 'utf8');
    expect([
      read('index.html'),
      read('1.html'),
      read('es/1.html'),
      read('1/members/ana-ruiz.html'),
      read('1/votes.csv'),
      read('2.html'),
    ]).toEqual(['site home', 'district 1', 'distrito 1', 'member', 'votes', 'district 2']);
    expect([read('_astro/shared.js'), read('_astro/only-here.js')]).toEqual(['site bundle', 'shard-only bundle']);
    expect(existsSync(join(site.outDir, 'states/CA.html'))).toBe(false);
    expect(read('404.html')).toBe('site not found');
    expect(read('sitemap-index.xml')).toBe(index('sitemap-0.xml', 'sitemap-shard2-0.xml'));
    expect(read('sitemap-shard2-0.xml')).toBe('<urlset/>');
    expect(existsSync(join(site.outDir, 'sitemap-shard2-index.xml'))).toBe(false);
    expect(existsSync(from)).toBe(false);
  });
});

// The sitemap's language alternates: each page lists its addresses in every language it is made in, its own included,
// in the sitemap's order; a page made in one language lists none.
import { describe, expect, it } from 'vitest';
import { languageAlternates } from '../../src/lib/sitemapLanguages';

const SITE = 'https://example.org';
const all = (paths: string[]) => {
  const alternates = languageAlternates();
  for (const path of paths) alternates.add(`${SITE}${path}`);
  return (path: string) => alternates.links(`${SITE}${path}`)?.map(({ url, lang }) => [new URL(url).pathname, lang]);
};

describe('languageAlternates', () => {
  const links = all([
    '/',
    '/es',
    '/zh',
    '/1',
    '/es/1',
    '/zh/1',
    '/10',
    '/es/10',
    '/zh/10',
    '/1/members/ana-ruiz',
    '/es/1/members/ana-ruiz',
    '/about',
  ]);
  it.each([
    [
      '/',
      [
        ['/', 'en'],
        ['/es', 'es'],
        ['/zh', 'zh-Hans'],
      ],
    ],
    [
      '/es',
      [
        ['/', 'en'],
        ['/es', 'es'],
        ['/zh', 'zh-Hans'],
      ],
    ],
    [
      '/1',
      [
        ['/1', 'en'],
        ['/es/1', 'es'],
        ['/zh/1', 'zh-Hans'],
      ],
    ],
    [
      '/zh/10',
      [
        ['/10', 'en'],
        ['/es/10', 'es'],
        ['/zh/10', 'zh-Hans'],
      ],
    ],
    [
      '/es/1/members/ana-ruiz',
      [
        ['/1/members/ana-ruiz', 'en'],
        ['/es/1/members/ana-ruiz', 'es'],
      ],
    ],
    ['/about', undefined],
    ['/not-listed', undefined],
  ])('%s → %j', (path, expected) => {
    expect(links(path)).toEqual(expected);
  });

  it('gives no links when the site is built in English alone', () => {
    const english = all(['/', '/1', '/1/members/ana-ruiz']);
    expect(['/', '/1', '/1/members/ana-ruiz'].map(english)).toEqual([undefined, undefined, undefined]);
  });

  it('orders the links as the sitemap orders its pages, whatever order they were added in', () => {
    expect(all(['/zh/2', '/es/2', '/2'])('/es/2')).toEqual([
      ['/2', 'en'],
      ['/es/2', 'es'],
      ['/zh/2', 'zh-Hans'],
    ]);
  });
});

// patches/@astrojs+sitemap+3.7.4.patch: the sitemap plugin sorted its addresses with localeCompare, which sets up a
// collator for every comparison (a minute at 120,000 pages); the patch sorts with one collator of the same locale and
// options. The order is the same: numbers in addresses by their value, then as English sorts text.
describe('the sitemap plugin’s order of addresses (patched)', () => {
  it('is localeCompare’s English numeric order', async () => {
    // The plugin's own module, by its file: the package exports only its entry.
    const file = new URL('../../node_modules/@astrojs/sitemap/dist/generate-sitemap.js', import.meta.url).href;
    const { generateSitemap } = (await import(/* @vite-ignore */ file)) as {
      generateSitemap: (pages: string[], site: string) => { url: string }[];
    };
    const pages = [
      '/10',
      '/2',
      '/1/members/zoe',
      '/1/members/Ana',
      '/es/1',
      '/1',
      '/about',
      '/1/members/ana-ruiz',
      '/zh/10',
      '/19',
      '/100',
    ].map((path) => `${SITE}${path}`);
    const expected = [...pages].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(generateSitemap(pages, SITE).map(({ url }) => url)).toEqual(expected);
    const paths = expected.map((url) => new URL(url).pathname);
    expect(paths.indexOf('/2')).toBeLessThan(paths.indexOf('/10'));
    expect(paths.indexOf('/19')).toBeLessThan(paths.indexOf('/100'));
  });
});

// The languages' groundwork: locale paths, the message translator (placeholders, plural forms), and dates and
// numbers written each language's way.
import { describe, expect, it } from 'vitest';
import { langParam, localeOf, localizedPath, splitLocale } from '../locales';
import { pickMessages, placeholders, translator, type Catalogue } from '../translate';
import { collator, formatCount, formatDate, formatNumber } from '../dates';
import { builtLocales } from '../localePaths';

describe('locale paths', () => {
  it.each([
    ['en', '/1?tab=voting', '/1?tab=voting'],
    ['es', '/1?tab=voting', '/es/1?tab=voting'],
    ['zh', '/', '/zh'],
    ['es', '/?q=x', '/es?q=x'],
    ['es', '/#top', '/es#top'],
  ] as const)('%s %s → %s', (locale, path, expected) => {
    expect(localizedPath(locale, path)).toBe(expected);
  });

  it.each([
    ['/es/1', { locale: 'es', path: '/1' }],
    ['/zh', { locale: 'zh', path: '/' }],
    ['/1', { locale: 'en', path: '/1' }],
    ['/en/1', { locale: 'en', path: '/en/1' }],
    ['/esx/1', { locale: 'en', path: '/esx/1' }],
  ])('splitLocale(%s)', (pathname, expected) => {
    expect(splitLocale(pathname)).toEqual(expected);
  });

  it('reads Astro.currentLocale, English for anything unknown, and gives English no path parameter', () => {
    expect([localeOf('es'), localeOf(undefined), localeOf('fr')]).toEqual(['es', 'en', 'en']);
    expect([langParam('en'), langParam('zh')]).toEqual([undefined, 'zh']);
  });
});

describe('the translator', () => {
  const catalogue: Catalogue = {
    'site.greeting': 'Hola, {name}',
    'district.votes': { one: '{count} voto', other: '{count} votos' },
  };
  const t = translator('es', catalogue);

  it.each([
    ['site.greeting', { name: 'Ana' }, 'Hola, Ana'],
    ['district.votes', { count: 1 }, '1 voto'],
    ['district.votes', { count: 0 }, '0 votos'],
    ['district.votes', { count: 12345 }, '12.345 votos'],
  ])('%s %j → %s', (key, values, expected) => {
    expect(t(key, values)).toBe(expected);
  });

  it('uses the plural form a language has: Chinese has only "other"', () => {
    expect(translator('zh', { n: { other: '{count} 票' } })('n', { count: 1 })).toBe('1 票');
  });

  it('names an unknown key instead of showing nothing', () => {
    expect(() => t('site.missing')).toThrow("No message 'site.missing' in the es catalogue.");
  });

  it("lists a message's placeholders across its forms, and picks only the messages an island uses", () => {
    expect(placeholders({ one: '{count} of {total}', other: '{count}' })).toEqual(['count', 'total']);
    expect(pickMessages(catalogue, ['site.greeting'])).toEqual({ 'site.greeting': 'Hola, {name}' });
    expect(() => pickMessages(catalogue, ['nope'])).toThrow("No message 'nope' in the catalogue.");
  });
});

describe('dates, numbers and counts', () => {
  it.each([
    ['en', 'card', '06/17/25'],
    ['en', 'vote', '6/17/25'],
    ['es', 'card', '17 jun 2025'],
    ['zh', 'card', '2025年6月17日'],
    ['en', 'long', 'June 17, 2025'],
    ['es', 'long', '17 de junio de 2025'],
    ['zh', 'long', '2025年6月17日'],
  ] as const)('%s %s: 2025-06-17 → %s', (locale, style, expected) => {
    expect(formatDate(locale, '2025-06-17', style)).toBe(expected);
  });

  it('shows an unreadable date as given', () => {
    expect(formatDate('es', 'pronto', 'card')).toBe('pronto');
  });

  it.each([
    ['en', 999, '999'],
    ['en', 1234, '1.2k'],
    ['es', 1234, '1,2\u00a0mil'], // Intl writes a no-break space before 'mil'
    ['zh', 9999, '9,999'],
    ['zh', 15000, '1.5万'],
  ] as const)('formatCount(%s, %d) → %s', (locale, count, expected) => {
    expect(formatCount(locale, count)).toBe(expected);
  });

  it("writes numbers and sorts text the language's way", () => {
    expect([formatNumber('en', 12345), formatNumber('es', 12345)]).toEqual(['12,345', '12.345']);
    expect(['Zoe', 'Ángel', 'item 10', 'item 9'].sort(collator('es').compare)).toEqual([
      'Ángel',
      'item 9',
      'item 10',
      'Zoe',
    ]);
  });
});

describe('the languages a build makes', () => {
  it.each([
    [undefined, ['en', 'es', 'zh']],
    ['en', ['en']],
    ['es', ['en', 'es']],
    ['zh, en', ['en', 'zh']],
    ['fr', ['en', 'es', 'zh']],
  ])('SITE_LOCALES=%s → %j', (value, expected) => {
    expect(builtLocales({ SITE_LOCALES: value })).toEqual(expected);
  });
});

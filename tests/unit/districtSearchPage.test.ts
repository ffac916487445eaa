// What the search page, rendered on demand, answers for its address: the districts for the words, a state's list for a
// state alone, every state's list for nothing; and the only paths the site's Netlify function answers.
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH } from '../../src/lib/districtSearch';
import { searchPageAnswer, searchPaths, type SearchPageAnswer } from '../../src/lib/districtSearchPage';
import { narrowFunctionPaths } from '../../src/lib/node/onDemandSearch';
import type { Locale } from '../../src/i18n/locales';

describe('searchPageAnswer: the words and state of the address', () => {
  it.each<[string, string, Locale, SearchPageAnswer]>([
    [
      'words, no state (the form with "State")',
      'q=Palo+Alto&state=',
      'en',
      { kind: 'results', query: { text: 'Palo Alto', state: null } },
    ],
    ['words alone (a shared link)', 'q=PAUSD', 'en', { kind: 'results', query: { text: 'PAUSD', state: null } }],
    ['words in a state, any case', 'q=palo&state=ca', 'en', { kind: 'results', query: { text: 'palo', state: 'CA' } }],
    ['words trimmed', 'q=%20%20palo%20%20&state=NY', 'es', { kind: 'results', query: { text: 'palo', state: 'NY' } }],
    [
      'a state that is none of the 50: every state',
      'q=palo&state=XX',
      'en',
      { kind: 'results', query: { text: 'palo', state: null } },
    ],
    ['a state alone: its list', 'state=WY', 'en', { kind: 'state', location: '/states/WY' }],
    ['a state with blank words: its list', 'q=%20&state=tx', 'en', { kind: 'state', location: '/states/TX' }],
    ['a state alone, in Spanish: the Spanish list', 'q=&state=CA', 'es', { kind: 'state', location: '/es/states/CA' }],
    ['a state alone, in Chinese', 'state=NY', 'zh', { kind: 'state', location: '/zh/states/NY' }],
    ['nothing: every state', '', 'en', { kind: 'browse', location: '/states' }],
    ['blank words and "State": every state', 'q=+&state=', 'es', { kind: 'browse', location: '/es/states' }],
    ['an unknown state alone: every state', 'state=Narnia', 'zh', { kind: 'browse', location: '/zh/states' }],
  ])('%s (?%s, %s)', (_, search, locale, expected) =>
    expect(searchPageAnswer(new URLSearchParams(search), locale)).toEqual(expected),
  );

  it('cuts the words to the length the database accepts', () => {
    const answer = searchPageAnswer(new URLSearchParams({ q: 'a'.repeat(MAX_SEARCH_LENGTH + 20) }), 'en');
    expect(answer).toEqual({ kind: 'results', query: { text: 'a'.repeat(MAX_SEARCH_LENGTH), state: null } });
  });
});

describe("the site's function: the search page's paths only", () => {
  it('answers the search page in each language', () => {
    expect(searchPaths()).toEqual(['/search', '/es/search', '/zh/search']);
  });

  const entry = (route: string) =>
    `import { createHandler } from './x.mjs';\nexport const config = {\n\t\tname: 'Astro SSR',\n\t\t${route}\n\t\tpreferStatic: true,\n};\n`;
  it.each([
    [
      'the adapter’s every-path route is replaced by the paths',
      entry("path: '/*',"),
      entry('path: ["/search","/es/search"],'),
    ],
  ])('%s', (_, given, expected) => expect(narrowFunctionPaths(given, ['/search', '/es/search'])).toBe(expected));

  it.each([
    ['no every-path route (an adapter that writes it otherwise)', entry("path: '/search',")],
    ['two of them', entry("path: '/*',\n\t\tpath: '/*',")],
  ])('stops the build when the entry has %s', (_, given) =>
    expect(() => narrowFunctionPaths(given, ['/search'])).toThrow(/no single "path: '\/\*',"/),
  );
});

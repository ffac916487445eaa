// The feeds' rules (supabase/functions/_shared/): a feed address read back as the search the site wrote, one written
// form per search, a browser told apart from a feed reader, and Atom that stays well-formed XML whatever the record
// holds, its text shown as written.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  feedAsked,
  searchFeedQuery,
  searchFeedUrl,
  type FeedAsked,
  type FeedSearch,
} from '../../supabase/functions/_shared/feedAddress';
import { atomDocument, escapeHtml, searchAtom, wantsPage } from '../../supabase/functions/_shared/alertFeed';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const search = (extra: Partial<FeedSearch> = {}): FeedSearch => ({
  q: 'cell phones',
  district: null,
  state: null,
  kinds: null,
  lang: 'en',
  ...extra,
});

describe('a feed address', () => {
  it.each<[FeedSearch, string]>([
    [search(), 'q=cell+phones'],
    [search({ district: 1 }), 'q=cell+phones&district=1'],
    [search({ state: 'CA' }), 'q=cell+phones&state=CA'],
    [search({ kinds: ['vote', 'meeting'] }), 'q=cell+phones&kinds=meeting%2Cvote'],
    [search({ kinds: ['meeting', 'topic', 'vote'] }), 'q=cell+phones'],
    [search({ lang: 'es', q: '  "teacher housing" -bond ' }), 'q=%22teacher+housing%22+-bond&lang=es'],
  ])('%j is written %s and read back as the same search', (asked, query) => {
    expect(searchFeedQuery(asked)).toBe(query);
    const read = feedAsked(new URLSearchParams(query));
    expect(read.kind).toBe('search');
    if (read.kind === 'search') expect(searchFeedQuery(read.search)).toBe(query);
    expect(searchFeedUrl('http://127.0.0.1:54321/', asked)).toBe(
      `http://127.0.0.1:54321/functions/v1/alert-feed?${query}`,
    );
  });

  it.each<[string, FeedAsked]>([
    ['token=' + 'a'.repeat(64), { kind: 'alert', token: 'a'.repeat(64) }],
    ['token=abc', { kind: 'malformed', of: 'token' }],
    ['token=', { kind: 'malformed', of: 'token' }],
    ['', { kind: 'malformed', of: 'token' }],
    ['q=', { kind: 'malformed', of: 'search' }],
    ['q=%20%20', { kind: 'malformed', of: 'search' }],
    [`q=${'a'.repeat(201)}`, { kind: 'malformed', of: 'search' }],
    ['q=budget&district=0', { kind: 'malformed', of: 'search' }],
    ['q=budget&district=1e3', { kind: 'malformed', of: 'search' }],
    ['q=budget&state=California', { kind: 'malformed', of: 'search' }],
    ['q=budget&district=1&state=CA', { kind: 'malformed', of: 'search' }],
    ['q=budget&kinds=minutes', { kind: 'malformed', of: 'search' }],
    ['q=budget&kinds=', { kind: 'malformed', of: 'search' }],
    [
      'q=budget&kinds=vote,topic&lang=fr',
      { kind: 'search', search: search({ q: 'budget', kinds: ['topic', 'vote'] }) },
    ],
    [`q=${'a'.repeat(200)}`, { kind: 'search', search: search({ q: 'a'.repeat(200) }) }],
  ])('?%s is read as %j', (query, asked) => {
    expect(feedAsked(new URLSearchParams(query))).toEqual(asked);
  });
});

describe('a browser or a feed reader', () => {
  it.each<[string | null, boolean]>([
    // Chromium's and Firefox's navigation
    [
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      true,
    ],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    // feed readers
    ['application/atom+xml, application/rss+xml, application/xml;q=0.9, text/html;q=0.5, */*;q=0.1', false],
    ['application/rss+xml, application/rdf+xml;q=0.8, application/atom+xml;q=0.6, application/xml;q=0.4', false],
    ['*/*', false],
    [null, false],
  ])('Accept %j is a browser: %s', (accept, browser) => {
    expect(wantsPage(accept)).toBe(browser);
  });
});

const parsed = (xml: string) => {
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(document.querySelector('parsererror')).toBeNull();
  return document;
};
/** An Atom text element's text as a feed reader shows it: type="html" is HTML, read as text. */
const shown = (element: Element | null) => {
  const html = element?.textContent ?? '';
  return element?.getAttribute('type') === 'html'
    ? new JSDOM(`<body>${html}</body>`).window.document.body.textContent
    : html;
};

describe('the Atom of a search', () => {
  const hostile = 'Budget ]]> <b>draft</b> & "R&amp;D" ]]>\u0000\u0008\ufffe end';
  const xml = searchAtom(
    search({ district: 7 }),
    [
      {
        kind: 'meeting',
        district_id: 7,
        district_name: 'Springfield Unified',
        item_id: 12,
        date: '2026-11-12',
        title: hostile,
        snippet: 'The board debated <mark>cell</mark> <mark>phones</mark> &amp; &lt;b&gt;',
        href: '/7?tab=Meetings#meeting-11-12-26',
      },
      {
        kind: 'topic',
        district_id: 7,
        district_name: 'Springfield Unified',
        item_id: 3,
        date: null,
        title: 'Cell Phone Policy',
        snippet: '<mark>Cell</mark> <mark>phones</mark> in class',
        href: '/7?tab=topics#topic-3',
      },
    ],
    'Springfield Unified',
    'http://127.0.0.1:54321/functions/v1/alert-feed?q=cell+phones&district=7',
    'http://localhost:4321/',
    new Date('2026-12-01T00:00:00Z'),
  );
  const document = parsed(xml);
  const entries = [...document.querySelectorAll('entry')];

  it('is well-formed XML that names the search, its own address and the search page', () => {
    expect(document.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(document.querySelector('feed > title')?.textContent).toBe(
      'School board search: "cell phones" in Springfield Unified',
    );
    expect(document.querySelector('feed > link[rel="self"]')?.getAttribute('href')).toBe(
      'http://127.0.0.1:54321/functions/v1/alert-feed?q=cell+phones&district=7',
    );
    expect(document.querySelector('feed > link[rel="alternate"]')?.getAttribute('href')).toBe(
      'http://localhost:4321/search/records?q=cell+phones&district=7',
    );
  });

  it("shows each record's title as written, without the characters XML cannot hold", () => {
    expect(shown(entries[0].querySelector('title'))).toBe(
      'Meeting: Budget ]]> <b>draft</b> & "R&amp;D" ]]> end (Springfield Unified, 2026-11-12)',
    );
    expect(shown(entries[1].querySelector('title'))).toBe('Topic: Cell Phone Policy (Springfield Unified)');
  });

  it("links each entry to its place on the site, its snippet's words marked, a topic dated by the newest record", () => {
    expect(entries[0].querySelector('link')?.getAttribute('href')).toBe(
      'http://localhost:4321/7?tab=Meetings#meeting-11-12-26',
    );
    expect(entries[0].querySelector('summary')?.textContent).toBe(
      'The board debated <mark>cell</mark> <mark>phones</mark> &amp; &lt;b&gt;',
    );
    expect(shown(entries[0].querySelector('summary'))).toBe('The board debated cell phones & <b>');
    expect(entries[0].querySelector('id')?.textContent).toBe('urn:school-board-record:meeting:12');
    expect(entries.map((entry) => entry.querySelector('updated')?.textContent)).toEqual([
      '2026-11-12T12:00:00.000Z',
      '2026-11-12T12:00:00.000Z',
    ]);
  });

  it('is worded in the language asked for, the records as written', () => {
    const spanish = parsed(
      searchAtom(
        search({ lang: 'es', state: 'CA', kinds: ['vote'] }),
        [],
        null,
        'http://127.0.0.1:54321/functions/v1/alert-feed?q=cell+phones&state=CA&kinds=vote&lang=es',
        'http://localhost:4321',
        new Date('2026-12-01T00:00:00Z'),
      ),
    );
    expect(spanish.querySelector('feed > title')?.textContent).toBe(
      'Búsqueda en las juntas escolares: «cell phones» en todos los distritos de CA, solo votaciones',
    );
    expect(spanish.querySelector('feed > updated')?.textContent).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('escapeHtml and atomDocument', () => {
  it('keep the text of any title as written', () => {
    const title = 'a ]]> b ]]> c & <d>';
    const document = parsed(
      atomDocument(
        {
          id: 'urn:test',
          title,
          selfUrl: 'http://x.test/feed',
          siteUrl: 'http://x.test/',
          lang: 'en',
          author: 'A',
        },
        [
          {
            id: 'urn:test:1',
            titleHtml: escapeHtml(title),
            url: 'http://x.test/1',
            updated: new Date(0),
            summaryHtml: escapeHtml(title),
          },
        ],
        new Date(0),
      ),
    );
    expect(document.querySelector('feed > title')?.textContent).toBe(title);
    expect(shown(document.querySelector('entry > title'))).toBe(title);
    expect(shown(document.querySelector('entry > summary'))).toBe(title);
  });
});

describe("the Edge Function's import map", () => {
  it("gives Deno the `feed` version package.json names (the gateway's Node and the hosted function run one library)", () => {
    const root = join(import.meta.dirname, '../..');
    const map = JSON.parse(readFileSync(join(root, 'supabase/functions/alert-feed/deno.json'), 'utf8')) as {
      imports: Record<string, string>;
    };
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(map.imports.feed).toBe(`npm:feed@${pkg.devDependencies.feed.replace(/^\^/, '')}`);
  });
});

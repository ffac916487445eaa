// The record search's rules: what may be searched, how a snippet becomes text and marks, what the status and a
// failure say (in English as the server words them, and in the page's language), and the search page's address.
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import {
  addressQuery,
  checkSearchText,
  districtFilter,
  orderNotice,
  recordSearchUrl,
  sortOf,
  resultMeta,
  resultsStatus,
  quotedWords,
  searchFailure,
  searchWords,
  searchWordsNotice,
  shownSnippet,
  snippetParts,
} from '../recordSearch';
import { drawRecordResults } from '../browser/recordResults';
import type { RecordResult } from '../data/records';
import { translator } from '../../i18n/translate';
import en from '../../i18n/messages/en.json';
import es from '../../i18n/messages/es.json';
import zh from '../../i18n/messages/zh.json';
import type { Locale } from '../../i18n/locales';

const tEn = translator('en', en);
const tEs = translator('es', es);
const tZh = translator('zh', zh);
const translators = { en: tEn, es: tEs, zh: tZh };

describe('checkSearchText', () => {
  it.each([
    ['  cell phones ', { text: 'cell phones', problem: null }],
    ['', { text: '', problem: 'Type a word or a phrase to search for.' }],
    ['   ', { text: '', problem: 'Type a word or a phrase to search for.' }],
    ['a'.repeat(200), { text: 'a'.repeat(200), problem: null }],
    ['a'.repeat(201), { text: 'a'.repeat(201), problem: 'Search text can be at most 200 characters; this is 201.' }],
  ])('%j → %j', (typed, expected) => {
    expect(checkSearchText(typed, tEn)).toEqual(expected);
  });

  it("says it in the page's language", () => {
    expect(checkSearchText('a'.repeat(201), tEs).problem).toBe(
      'El texto de búsqueda puede tener como máximo 200 caracteres; este tiene 201.',
    );
  });
});

describe('snippetParts', () => {
  it.each([
    ['plain', [{ text: 'plain', marked: false }]],
    [
      'a <mark>cell</mark> <mark>phone</mark> ban',
      [
        { text: 'a ', marked: false },
        { text: 'cell', marked: true },
        { text: ' ', marked: false },
        { text: 'phone', marked: true },
        { text: ' ban', marked: false },
      ],
    ],
    [
      '<mark>Budget</mark> · Passed',
      [
        { text: 'Budget', marked: true },
        { text: ' · Passed', marked: false },
      ],
    ],
    // Escaped text stays text: the page shows the characters, never markup.
    [
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>more</mark>',
      [
        { text: '<script>alert(1)</script> & ', marked: false },
        { text: 'more', marked: true },
      ],
    ],
    ['&amp;lt; stays &quot;&amp;lt;&quot;', [{ text: '&lt; stays "&lt;"', marked: false }]],
    ['', []],
  ])('%j', (snippet, parts) => {
    expect(snippetParts(snippet)).toEqual(parts);
  });
});

describe('quotedWords: the words searched inside the sentence’s own quotes, never doubled', () => {
  it.each([
    ['budget', 'budget'],
    ['"cell phones"', 'cell phones'],
    ['  “cell phones”  ', 'cell phones'],
    ['«presupuesto»', 'presupuesto'],
    ['"cell phones" policy', '‘cell phones’ policy'],
    ['"cell phones" "start times"', '‘cell phones’ ‘start times’'],
    ['teacher "housing', 'teacher ‘housing'],
  ])('%j → %j', (typed, quoted) => {
    expect(quotedWords(typed)).toBe(quoted);
  });
});

describe('resultsStatus', () => {
  it.each([
    [0, 'qq', false, 'No results for “qq”.'],
    [0, '"cell phones"', false, 'No results for “cell phones”.'],
    [1, 'solar', false, '1 result for “solar”.'],
    [5, 'budget', false, '5 results for “budget”.'],
    [20, 'board', true, '20 results for “board”. More are available.'],
  ])('%i for %j (more: %s) → %j', (count, text, more, expected) => {
    expect(resultsStatus(count, text, more, tEn)).toBe(expected);
  });

  // The first page's first result says how the results are ordered and how many match.
  it.each([
    ['en', { ordered: 'relevance', matches: 5, more_matches: false }, '5 matches for “budget”, best matches first.'],
    ['en', { ordered: 'newest', matches: 1234, more_matches: false }, '1,234 matches for “budget”, newest first.'],
    [
      'en',
      { ordered: 'newest', matches: 1000, more_matches: true },
      'More than 1,000 matches for “budget”, newest first.',
    ],
    [
      'es',
      { ordered: 'newest', matches: 1234, more_matches: false },
      '1.234 coincidencias para «budget», de la más reciente a la más antigua.',
    ],
    ['es', { ordered: 'relevance', matches: 1, more_matches: false }, '1 coincidencia para «budget».'],
    [
      'zh',
      { ordered: 'newest', matches: 1000, more_matches: true },
      '“budget”有超过 1,000 条匹配结果，按日期从新到旧排列。',
    ],
  ] as const)('%s %j', (locale, first, expected) => {
    const t = locale === 'en' ? tEn : locale === 'es' ? tEs : tZh;
    expect(resultsStatus(20, 'budget', true, t, first)).toBe(expected);
  });
});

describe('searchFailure', () => {
  it.each([
    ['search.too_long {"max": 200, "length": 201}', 'Search text can be at most 200 characters; this is 201.'],
    ['TypeError: Failed to fetch', 'The search could not reach the server. Check your connection and try again.'],
    [
      'AbortError: The operation was aborted',
      'The search could not reach the server. Check your connection and try again.',
    ],
    [
      'canceling statement due to statement timeout',
      'The search is not available just now. Please try again in a moment.',
    ],
    [
      '<html><body>502 Bad Gateway</body></html>',
      'The search is not available just now. Please try again in a moment.',
    ],
    ['limit.searches', 'Too many searches at once from your connection. Wait for one to finish, then search again.'],
    [
      'search.only_left_out',
      'Add a word to look for: a search only of words to leave out (-word) would list the whole record.',
    ],
    ['search.stop_words', 'Add a word to look for: every word of this search is too common to be searched for.'],
    ['search.too_many_words {"max": 10, "count": 11}', 'Search for at most 10 words at a time; this search has 11.'],
    [
      'search.too_many_left_out {"max": 5, "count": 6}',
      'Leave out at most 5 words at a time; this search leaves out 6.',
    ],
    ['search.page_size {"min": 1, "max": 50}', 'page_size must be between 1 and 50'],
    ['topic.unknown {"id": 9}', 'The search is not available just now. Please try again in a moment.'],
    ['form.conflict', 'The search is not available just now. Please try again in a moment.'],
    ['search.too_long {not json', 'The search is not available just now. Please try again in a moment.'],
    [
      'Too many searches at once from your connection. Wait for one to finish, then search again.',
      'The search is not available just now. Please try again in a moment.',
    ],
  ])('%j → %j', (reason, expected) => {
    expect(searchFailure(reason, tEn)).toBe(expected);
  });

  it.each([
    [
      'search.too_many_words {"max": 10, "count": 11}',
      'Busque como máximo 10 palabras a la vez; esta búsqueda tiene 11.',
    ],
    [
      'limit.searches',
      'Hay demasiadas búsquedas a la vez desde su conexión. Espere a que termine una y vuelva a buscar.',
    ],
    [
      'canceling statement due to statement timeout',
      'La búsqueda no está disponible en este momento. Inténtelo de nuevo en un momento.',
    ],
  ])('in Spanish: %j → %j', (reason, expected) => {
    expect(searchFailure(reason, tEs)).toBe(expected);
  });
});

describe('the search page address', () => {
  it.each([
    ['cell phones', null, '/search/records?q=cell+phones'],
    ['"a & b"', 2, '/search/records?q=%22a+%26+b%22&district=2'],
  ])('%j in %j → %j', (text, district, url) => {
    expect(recordSearchUrl(text, district)).toBe(url);
  });

  it('names the kind when one is chosen', () => {
    expect(recordSearchUrl('bond', null, 'vote')).toBe('/search/records?q=bond&kind=vote');
    expect(recordSearchUrl('bond', 3, '')).toBe('/search/records?q=bond&district=3');
  });

  it.each([
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('?district=%j → %j', (value, expected) => {
    expect(districtFilter(value)).toBe(expected);
  });
});

describe('addressQuery: what a search link asks for', () => {
  it.each([
    ['?q=budget', { text: 'budget', district: null, kind: '', order: '' }],
    ['?q=cell+phones&district=2&kind=vote', { text: 'cell phones', district: 2, kind: 'vote', order: '' }],
    ['?q=bond&district=abc&kind=bill', { text: 'bond', district: null, kind: '', order: '' }],
    ['?q=bond&order=newest', { text: 'bond', district: null, kind: '', order: 'newest' }],
    ['?q=bond&order=oldest', { text: 'bond', district: null, kind: '', order: '' }],
    ['?district=3', { text: '', district: 3, kind: '', order: '' }],
    ['', { text: '', district: null, kind: '', order: '' }],
  ])('%s', (search, expected) => {
    expect(addressQuery(search)).toEqual(expected);
  });
});

describe('the order: best matches where they can be ranked, newest first when asked', () => {
  it.each([
    ['', null],
    ['newest', 'newest'],
  ] as const)('order %j sends sort %j', (order, sort) => {
    expect(sortOf(order)).toBe(sort);
  });

  it('is in the address only when newest first was asked for', () => {
    expect(recordSearchUrl('bond', 3, 'vote', 'newest')).toBe(
      '/search/records?q=bond&district=3&kind=vote&order=newest',
    );
    expect(recordSearchUrl('bond', null, '', '')).toBe('/search/records?q=bond');
  });

  it.each([
    [
      { ordered: 'newest' },
      '',
      'Too many matches to rank by best match: narrow the search (a district, a kind of record, more words) to rank them.',
    ],
    [{ ordered: 'newest' }, 'newest', ''],
    [{ ordered: 'relevance' }, '', ''],
    [undefined, '', ''],
  ] as const)('a first row %j, asked %j, says why it is newest first: %j', (first, asked, notice) => {
    expect(orderNotice(first, asked, tEn)).toBe(notice);
  });
});

const RESULT: RecordResult = {
  kind: 'meeting',
  item_id: 7,
  district_id: 2,
  district_name: 'Fremont Unified',
  date: '2025-06-17',
  title: 'Regular <b>Board</b> Meeting',
  snippet: 'adopted the <mark>budget</mark> &lt;script&gt;',
  href: '/2?tab=meetings#meeting-7',
  cursor: 'c1',
  ordered: 'relevance',
  matches: 1,
  more_matches: false,
};

describe('resultMeta: the line above a result', () => {
  it.each([
    [true, 'en', 'Meeting · 06/17/25 · Fremont Unified'],
    [false, 'en', 'Meeting · 06/17/25'],
    [false, 'es', 'Reunión · 17 jun 2025'],
  ] as const)('site-wide %s, %s', (siteWide, locale, expected) => {
    expect(resultMeta(RESULT, locale === 'en' ? tEn : tEs, locale, siteWide)).toBe(expected);
  });
});

describe("shownSnippet: a vote's closed vocabulary in the page's language, the record's words as written", () => {
  const shown = (snippet: string, kind: 'meeting' | 'vote', locale: Locale) =>
    shownSnippet(snippetParts(snippet), kind, locale, translator(locale, { en, es, zh }[locale]))
      .map((part) => (part.marked ? `[${part.text}]` : part.text) + (part.lang ? '°' : ''))
      .join('|');
  it.each<[string, 'meeting' | 'vote', Locale, string]>([
    // English shows the record as written; so does a meeting's snippet on every page (° marks English kept).
    [
      'Budget · Passed (4-1) · No: Jane Doe · Yes: John Roe',
      'vote',
      'en',
      'Budget · Passed (4-1) · No: Jane Doe · Yes: John Roe',
    ],
    ['The board passed the <mark>budget</mark>.', 'meeting', 'es', 'The board passed the °|[budget]°|.°'],
    // A vote's category, outcome and each group's vote in the reader's words; the names as written.
    [
      'Budget · Passed (4-1) · No: Jane Doe · Yes: John Roe, Ann Lee',
      'vote',
      'es',
      'Presupuesto · Aprobada (4-1) · No: |Jane Doe°| · Sí: |John Roe, Ann Lee°',
    ],
    [
      'Budget · Passed (4-1) · No: Jane Doe · Yes: John Roe',
      'vote',
      'zh',
      '预算 · 通过（4-1） · 反对：|Jane Doe°| · 赞成：|John Roe°',
    ],
    // A matched word stays marked, translated or not.
    [
      '<mark>Budget</mark> · Failed · Yes: <mark>Jane</mark> Doe',
      'vote',
      'es',
      '[Presupuesto]| · Rechazada · Sí: |[Jane]°| Doe°',
    ],
    ['No vote recorded: Jane Doe', 'vote', 'es', 'No hay voto registrado: |Jane Doe°'],
    // What the vocabulary lacks, and a part the excerpt cut, stay as written.
    [
      'Playground shade · Sent back to staff · … Doe, John Roe',
      'vote',
      'es',
      'Playground shade°| · |Sent back to staff°| · |… Doe, John Roe°',
    ],
    ['… Jane Doe · Yes: John Roe …', 'vote', 'es', '… Jane Doe°| · Sí: |John Roe …°'],
  ])('%s (%s, %s)', (snippet, kind, locale, expected) => expect(shown(snippet, kind, locale)).toBe(expected));
});

describe('drawRecordResults: the list the page script and the island both draw', () => {
  it('draws each result as text, its title linked in the page’s language and its matching words marked', () => {
    const { document } = new JSDOM('<ol class="record-results"><li>old</li></ol>').window;
    const list = document.querySelector<HTMLElement>('ol')!;
    drawRecordResults(list, [RESULT], tEs, 'es', true);
    expect(list.children).toHaveLength(1);
    const link = list.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/es/2?tab=meetings#meeting-7');
    expect(link.textContent).toBe('Regular <b>Board</b> Meeting');
    expect(link.lang).toBe('en');
    expect(list.querySelector('b, script')).toBeNull();
    expect(list.querySelector('mark')!.textContent).toBe(
      snippetParts(RESULT.snippet).find((part) => part.marked)!.text,
    );
    expect(list.querySelector('.record-snippet')!.textContent).toBe(
      snippetParts(RESULT.snippet)
        .map((part) => part.text)
        .join(''),
    );
    drawRecordResults(list, [], tEs, 'es', true);
    expect(list.children).toHaveLength(0);
  });
});

describe("searchWords and searchWordsNotice: a search in the reader's language, and the line that says what was searched", () => {
  it.each<[Locale, string, number, string, string]>([
    // English pages search as typed and say nothing more.
    ['en', 'presupuesto', 0, 'presupuesto', ''],
    ['en', 'budget -bond', 3, 'budget -bond', ''],
    // The reader's words become the record's, and the page names them.
    ['es', 'presupuesto', 4, 'budget', 'Buscamos «budget».'],
    ['es', 'vivienda para maestros', 0, '"teacher housing"', 'Buscamos «teacher housing».'],
    ['es', 'Presupuesto y celulares', 2, 'budget "cell phones"', 'Buscamos «budget» y «cell phones».'],
    ['zh', '预算', 4, 'budget', '已按英文搜索“budget”。'],
    // Alternatives searched as either, and said so.
    ['es', 'comida', 3, 'lunch or food', 'Buscamos «lunch» o «food».'],
    ['zh', '交通', 1, 'transportation or traffic', '已按英文搜索“transportation”或“traffic”。'],
    // A word the glossary lacks is left out of the search when others were turned, and gets the advice.
    [
      'es',
      'presupuesto zapatos',
      4,
      'budget',
      'Buscamos «budget». No sabemos traducir «zapatos»: escriba en inglés lo que busca, por ejemplo "cell phones" o budget -bond.',
    ],
    // Nothing turned: searched as typed (English on a Spanish page finds what it finds, and says nothing) …
    ['es', 'budget', 5, 'budget', ''],
    // … and when that finds nothing, the advice.
    [
      'es',
      'zapatos',
      0,
      'zapatos',
      'No sabemos traducir «zapatos»: escriba en inglés lo que busca, por ejemplo "cell phones" o budget -bond.',
    ],
    ['zh', '鞋子', 0, '鞋子', '我们无法翻译“鞋子”：请用英文输入要找的内容，例如 "cell phones"或budget -bond。'],
  ])('%s %j (%d found) sends %j and says %j', (locale, typed, count, sent, notice) => {
    const words = searchWords(locale, typed);
    expect(words.sent).toBe(sent);
    expect(searchWordsNotice(words, count, translators[locale], locale)).toBe(notice);
  });
});

// The district page in every language: the words of the page (dates, numbers, counts, plurals, sorting) as each
// language writes them, and a Spanish and a Chinese page that show no English interface text, their record (names,
// titles, summaries) left in English and marked so. The view is drawn as the build draws it: to HTML, never hydrated,
// with the islands given only their messages for the one language.
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import DistrictView from '../build/DistrictView';
import TopicVoting, { topicVoteFailure } from '../islands/TopicVoting';
import { loadFailureIn } from '../islands/LiveDistrict';
import VotingTables from '../islands/VotingTables';
import { boardContent } from '../boardContent';
import type { BuiltDistrictPage } from '../document';
import type { SafeHtml } from '../../lib/sanitize';
import { catalogue } from '../../i18n/catalogues';
import { placeholders, type Catalogue } from '../../i18n/translate';
import { LOCALES, type Locale } from '../../i18n/locales';
import { islandMessages } from '../build/islandMessages';
import { TOPIC_VOTING_KEYS, VIDEO_POPUP_KEYS, VOTING_TABLES_KEYS } from '../islandKeys';
import { compareText, countText, districtWords, monthWords, percentText, voteCountText } from '../words';
import { localizeTimestampButtons } from '../view/MeetingList';
import { districtIdFromPath } from '../livePath';
import { recordsLineIn } from '../view/DistrictHeader';
import { districtGraph, meetingEvents } from '../follow/jsonLd';
import MeetingList from '../view/MeetingList';
import boardScript from '../browser/boardScript';

describe('the words of the page, as each language writes them', () => {
  it.each([
    ['en', 1000, '1000'],
    ['es', 1000, '1.000'],
    ['es', 12345, '12.345'],
    ['zh', 12345, '12,345'],
  ] as const)('a count in %s: %d → %s', (locale, count, expected) => {
    expect(countText(locale, count)).toBe(expected);
  });

  it.each([
    ['en', 999, '999'],
    ['en', 1234, '1.2k'],
    ['es', 1234, '1,2\u00a0mil'],
    ['zh', 1234, '1,234'],
    ['zh', 12345, '1.2万'],
  ] as const)("a topic's vote counter in %s: %d → %s", (locale, count, expected) => {
    expect(voteCountText(locale, count)).toBe(expected);
  });

  it.each([
    ['en', '80%'],
    ['es', '80\u00a0%'],
    ['zh', '80%'],
  ] as const)('a percentage in %s: %s', (locale, expected) => {
    expect(percentText(locale, 80)).toBe(expected);
  });

  it.each([
    ['en', { initial: 'J', short: 'Jul', name: 'July 2024' }],
    ['es', { initial: 'J', short: 'jul', name: 'julio de 2024' }],
    ['zh', { initial: '7', short: '7月', name: '2024年7月' }],
  ] as const)('a month of the topic chart in %s', (locale, expected) => {
    expect(monthWords(locale, '2024-07')).toEqual(expected);
  });

  it("sorts names the language's way", () => {
    expect(['Zoe', 'Ángel', 'Ana'].sort(compareText('es'))).toEqual(['Ana', 'Ángel', 'Zoe']);
  });

  it.each([
    [
      'en',
      'district.splits.summary',
      { splits: 1, count: 1 },
      '1 of 1 recorded vote was split: the members who voted did not all vote the same way.',
    ],
    [
      'en',
      'district.splits.summary',
      { splits: 3, count: 1200 },
      '3 of 1200 recorded votes were split: the members who voted did not all vote the same way.',
    ],
    [
      'es',
      'district.splits.summary',
      { splits: 1, count: 1 },
      '1 de 1 votación registrada estuvo dividida: los miembros que votaron no lo hicieron todos de la misma manera.',
    ],
    [
      'es',
      'district.splits.summary',
      { splits: 3, count: 1200 },
      '3 de 1.200 votaciones registradas estuvieron divididas: los miembros que votaron no lo hicieron todos de la misma manera.',
    ],
    ['es', 'district.agreement.of', { count: 12000 }, 'de 12.000 votos'],
    ['zh', 'district.agreement.of', { count: 1 }, '共 1 次投票'],
    ['en', 'member.role', { district: 'X', count: 1 }, "Board member, X. 1 vote recorded in the board's votes."],
    ['zh', 'member.role', { district: 'X', count: 2 }, 'X 教育委员会成员。教育委员会投票中记录了 2 次投票。'],
  ] as const)('%s %s %j', (locale, key, values, expected) => {
    expect(districtWords(locale, catalogue(locale))(key, values)).toBe(expected);
  });

  it.each([
    [
      'en',
      { first: '2024-06-03', last: '2025-06-17', updatedAt: '2025-06-20' },
      'Records from June 3, 2024 to June 17, 2025, last updated June 20, 2025',
    ],
    [
      'es',
      { first: '2024-06-03', last: '2025-06-17', updatedAt: null },
      'Registros del 3 de junio de 2024 al 17 de junio de 2025',
    ],
    ['zh', { first: '2025-06-17', last: '2025-06-17', updatedAt: null }, '2025年6月17日 的记录'],
  ] as const)('the records line in %s', (locale, span, expected) => {
    expect(recordsLineIn(locale, districtWords(locale, catalogue(locale)), span)).toBe(expected);
  });

  it("names a summary's time stamp buttons in the page's language, and leaves English as built", () => {
    const html =
      '<p>At <button type="button" class="video-timestamp" data-timestamp="1:02" aria-label="Play the video from 1:02">1:02</button></p>';
    expect(localizeTimestampButtons(html, 'en', districtWords('en', catalogue('en')))).toBe(html);
    expect(localizeTimestampButtons(html, 'es', districtWords('es', catalogue('es')))).toContain(
      'aria-label="Reproducir el video desde 1:02" lang="es"',
    );
  });
});

describe("failures in the page's language (the server answers codes, never words)", () => {
  it.each([
    [
      'en',
      'TimeoutError: signal timed out',
      'Your vote could not be saved: the server did not answer in time. Please try again.',
    ],
    [
      'en',
      'TypeError: Failed to fetch',
      'Your vote could not be saved: the connection to the server failed. Please try again.',
    ],
    [
      'en',
      'Service unavailable',
      'Your vote could not be saved: the server could not take it just now. Please try again.',
    ],
    [
      'en',
      'limit.topic_votes',
      'Too many votes on this topic from your connection. Please try again in a few minutes.',
    ],
    [
      'es',
      'TimeoutError: signal timed out',
      'No se pudo guardar su voto: el servidor no respondió a tiempo. Inténtelo de nuevo.',
    ],
    [
      'es',
      'TypeError: Failed to fetch',
      'No se pudo guardar su voto: falló la conexión con el servidor. Inténtelo de nuevo.',
    ],
    ['zh', 'limit.topic_votes', '您的网络连接对此议题的投票次数过多。请几分钟后再试。'],
    [
      'en',
      'Too many votes on this topic from your connection. Please try again in a few minutes.',
      'Your vote could not be saved: the server could not take it just now. Please try again.',
    ],
    ['zh', 'PGRST500 something broke', '您的投票未能保存：服务器暂时无法处理。请重试。'],
  ] as const)('a topic vote, %s: %s', (locale, reason, expected) => {
    expect(topicVoteFailure(districtWords(locale, catalogue(locale)), reason)).toBe(expected);
  });

  it.each([
    [
      'en',
      'TypeError: Failed to fetch',
      'the connection to the server failed. Check your connection and reload the page',
    ],
    ['en', 'JWT expired', 'JWT expired'],
    ['en', 'TimeoutError: signal timed out', 'the server did not answer in time. Please reload the page'],
    ['en', '<html><h1>502 Bad Gateway</h1></html>', 'the server could not send it just now. Please reload the page'],
    [
      'en',
      '{"code":"57014","message":"canceling statement due to statement timeout"}',
      'the server could not send it just now. Please reload the page',
    ],
    ['en', 'x'.repeat(200), 'the server could not send it just now. Please reload the page'],
    ['en', '', 'the server could not send it just now. Please reload the page'],
    [
      'es',
      'TypeError: Failed to fetch',
      'falló la conexión con el servidor. Revise su conexión y vuelva a cargar la página',
    ],
    ['es', 'JWT expired', 'el servidor no pudo enviarla en este momento. Vuelva a cargar la página'],
    ['zh', 'AbortError: aborted', '服务器未及时响应。请重新加载页面'],
  ] as const)('the live page, %s: %s', (locale, reason, expected) => {
    expect(loadFailureIn(locale, districtWords(locale, catalogue(locale)), reason)).toBe(expected);
  });

  it.each([
    ['en', 123, 'No district has the id 123. Check the address, or search for your district below.'],
    ['en', 900000001, 'No district has the id 900000001. Check the address, or search for your district below.'],
  ] as const)('the live page of an id no district has, %s: %i', (locale, id, expected) => {
    expect(districtWords(locale, catalogue(locale))('live.noDistrict', { id: String(id) })).toBe(expected);
  });
});

describe('the live page of a district added after the build, in every language', () => {
  it.each([
    ['/es/123', 123],
    ['/zh/7/', 7],
    ['/123', 123],
    ['/en/123', null],
    ['/fr/123', null],
    ['/es/about', null],
  ])('%s → %j', (path, id) => {
    expect(districtIdFromPath(path)).toBe(id);
  });
});

describe('search engines: the page in its language, the record in English', () => {
  it("marks the page with its language and each meeting (its name is the record's) with English", () => {
    const events = meetingEvents(page.district, page.meetings, 'https://example.org');
    const graph = districtGraph(events, {
      name: page.district.name,
      url: 'https://example.org/es/7',
      inLanguage: 'es',
    });
    expect(graph['@graph'].map((node) => [node['@type'], node.inLanguage])).toEqual([
      ['WebPage', 'es'],
      ['Event', 'en'],
      ['Event', 'en'],
    ]);
  });
});

describe('the catalogues of the district page', () => {
  const english = catalogue('en');
  const mine = (key: string) => /^(district|member|live)\./.test(key);

  it.each(LOCALES)(
    '%s has every district, member and live message of English, with the same placeholders and no other',
    (locale) => {
      const messages = catalogue(locale);
      const keys = Object.keys(messages).filter(mine);
      expect(keys).toEqual(Object.keys(english).filter(mine));
      for (const key of keys) expect([key, placeholders(messages[key])]).toEqual([key, placeholders(english[key])]);
    },
  );

  it.each(LOCALES)('%s keeps its keys sorted', (locale) => {
    const keys = Object.keys(catalogue(locale));
    expect(keys).toEqual([...keys].sort());
  });

  it('gives each island only its own messages, for its one language', () => {
    const { topicVoting, votingTables, videoPopup, liveDistrict } = islandMessages('es');
    expect(Object.keys(topicVoting)).toEqual([...TOPIC_VOTING_KEYS]);
    expect(Object.keys(votingTables)).toEqual([...VOTING_TABLES_KEYS]);
    expect(Object.keys(videoPopup)).toEqual([...VIDEO_POPUP_KEYS]);
    expect(Object.keys(liveDistrict).every((key) => /^(board|district|live)\./.test(key))).toBe(true);
    expect(topicVoting['district.topics.upvote']).toBe('A favor');
  });
});

const summary =
  '<p>The board adopted the budget at <button type="button" class="video-timestamp" data-timestamp="1:02" aria-label="Play the video from 1:02">1:02</button>.</p>' as SafeHtml;
const page: BuiltDistrictPage = {
  district: {
    id: 7,
    name: 'Alder Valley Unified',
    state: 'CA',
    county: null,
    address: '1 Main St',
    phone: '555-0100',
    totalStudents: 12345,
    records_updated_at: '2025-06-20T10:00:00Z',
  },
  meetings: [
    {
      id: 1,
      districtId: 7,
      date: '2025-06-17',
      title: 'Regular Meeting',
      topics: ['Budget', 'Facilities'],
      summary: 'x',
      summaryHtml: summary,
      meeting_type: 'normal',
      isUpcoming: false,
      youtube_link: 'https://www.youtube.com/watch?v=abcdefghijk',
      sequence: 0,
      start_time: null,
      time_zone: null,
      agenda_url: 'https://example.org/agenda.pdf',
      minutes_url: 'https://example.org/minutes.pdf',
      minutes_status: 'approved',
      full_video_url: 'https://example.org/video',
      summary_source: 'staff',
    },
    {
      id: 2,
      districtId: 7,
      date: '2025-07-01',
      title: 'Regular Meeting',
      topics: ['Budget'],
      summary: null,
      summaryHtml: null,
      meeting_type: 'normal',
      isUpcoming: true,
      youtube_link: null,
      sequence: 0,
      start_time: null,
      time_zone: null,
      agenda_url: null,
      minutes_url: null,
      minutes_status: null,
      full_video_url: null,
      summary_source: null,
    },
  ],
  topics: [
    {
      id: 3,
      districtId: 7,
      title: 'Budget 2025-26',
      descriptionHtml: '<p>The budget.</p>' as SafeHtml,
      upvotes: 1234,
      downvotes: 5,
    },
  ],
  votings: [
    {
      id: 10,
      districtId: 7,
      type: 'recent',
      voteDate: '2025-06-17',
      category: 'Budget',
      issue: 'Adopt the budget',
      outcome: 'Passed (2-1)',
      votes: [
        { name: 'Ana Ruiz', vote: 'Yes' },
        { name: 'Bo Li', vote: 'Yes' },
        { name: 'Cy Doe', vote: 'No' },
      ],
    },
    {
      id: 11,
      districtId: 7,
      type: 'past',
      voteDate: '2024-05-01',
      category: 'Facilities',
      issue: 'Roof repair',
      outcome: 'Passed (3-0)',
      votes: [
        { name: 'Ana Ruiz', vote: 'Yes' },
        { name: 'Bo Li', vote: 'Yes' },
        { name: 'Cy Doe', vote: 'Yes' },
      ],
    },
  ],
} as BuiltDistrictPage;

/** The district page in a language, as the built page draws it (its islands' server render included). */
function districtPage(locale: Locale) {
  const content = boardContent(page);
  const messages = islandMessages(locale);
  const html = renderToStaticMarkup(
    <DistrictView
      content={content}
      locale={locale}
      recordSearch={null}
      topicVoting={
        <TopicVoting districtId={7} topics={content.topicItems} locale={locale} messages={messages.topicVoting} />
      }
      votingTables={
        <VotingTables
          recent={content.recent}
          past={content.past}
          memberPaths={content.memberPaths}
          locale={locale}
          messages={messages.votingTables}
        />
      }
      subscribeForm={null}
    />,
  );
  return { html, document: new JSDOM(html).window.document };
}

/** The fixed words of the English messages the page shows (around their placeholders), long enough to be telling. */
function englishFragments(shownIn: Catalogue): string[] {
  const english = catalogue('en');
  return Object.keys(shownIn)
    .filter((key) => /^(district|live)\./.test(key) && JSON.stringify(shownIn[key]) !== JSON.stringify(english[key]))
    .flatMap((key) => {
      const message = english[key];
      return (typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) =>
        (text ?? '').split(/\{\w+\}/),
      );
    })
    .map((text) => text.trim())
    .filter((text) => text.length >= 5);
}

/** The attributes a reader hears or sees. */
const HEARD = [
  'aria-label',
  'title',
  'alt',
  'data-label',
  'data-no-vote',
  'data-copied',
  'data-copy-prompt',
  'data-expand',
  'data-minimize',
];

describe('a district page in Spanish and in Chinese', () => {
  it.each(['es', 'zh'] as const)(
    '%s: no English interface text, in the text or in the attributes a reader hears',
    (locale) => {
      const { html, document } = districtPage(locale);
      // What a reader sees or hears: the text, and the attributes read out or shown (not addresses or ids).
      const heard = [...document.querySelectorAll('*')].flatMap((element) =>
        HEARD.map((name) => element.getAttribute(name) ?? ''),
      );
      const read = [document.body.textContent ?? '', ...heard].join('\n');
      const leftovers = englishFragments(catalogue(locale)).filter((fragment) => read.includes(fragment));
      expect(leftovers).toEqual([]);
      // And the page does show its own words.
      const words = catalogue(locale);
      for (const key of [
        'district.breakdown.heading',
        'district.tabs.meetings',
        'district.voting.recent',
        'district.topics.upvote',
        'district.follow.heading',
        'district.recordLanguage',
      ])
        expect(html).toContain(words[key] as string);
    },
  );

  it.each(['es', 'zh'] as const)('%s: the record stays in English, marked lang="en"', (locale) => {
    const { document } = districtPage(locale);
    expect(document.querySelector('h1')?.getAttribute('lang')).toBe('en');
    expect(document.querySelector('.meeting-card h3')?.getAttribute('lang')).toBe('en');
    expect(document.querySelector('.meeting-card .rich-text')?.getAttribute('lang')).toBe('en');
    expect(document.querySelector('.topic-detail h3')?.getAttribute('lang')).toBe('en');
    expect(document.querySelector('.cell-issue')?.textContent).toBe('Adopt the budget');
    expect(document.querySelector('.cell-issue')?.getAttribute('lang')).toBe('en');
    // The board's closed vocabulary is the page's language: the outcome, its counts, the category and the votes.
    const board = {
      es: { outcome: 'Aprobada', detail: '(2-1)', category: 'Presupuesto', yes: 'Sí' },
      zh: { outcome: '通过', detail: '（2-1）', category: '预算', yes: '赞成' },
    }[locale];
    expect(document.querySelector('.outcome-text')?.textContent).toBe(board.outcome);
    expect(document.querySelector('.outcome-text')?.hasAttribute('lang')).toBe(false);
    expect(document.querySelector('.outcome-detail')?.textContent).toBe(board.detail);
    expect(document.querySelector('.cell-category')?.textContent).toBe(board.category);
    expect(document.querySelector('.cell-category')?.hasAttribute('lang')).toBe(false);
    expect(document.querySelector('.vote-yes')?.textContent).toBe(board.yes);
    expect(document.querySelector('.vote-yes')?.hasAttribute('lang')).toBe(false);
    // Member pages of the language.
    expect(document.querySelector('.agreement-table a')?.getAttribute('href')).toMatch(
      new RegExp(`^/${locale}/7/members/`),
    );
  });

  it('es: dates, counts and numbers the Spanish way', () => {
    const { document } = districtPage('es');
    expect(document.querySelector('.meeting-card time')?.textContent).toBe('17 jun 2025');
    expect(document.querySelector('.district-records')?.textContent).toBe(
      'Registros del 1 de mayo de 2024 al 1 de julio de 2025; última actualización: 20 de junio de 2025',
    );
    expect(document.querySelector('.vote-up .vote-count')?.textContent).toBe('1,2\u00a0mil');
    expect(document.querySelector('.cell-date')?.textContent).toBe('17 jun 2025');
    expect(document.querySelector('.district-facts dl')?.textContent).toContain('12.345');
  });

  it('zh: dates the Chinese way', () => {
    const { document } = districtPage('zh');
    expect(document.querySelector('.meeting-card time')?.textContent).toBe('2025年6月17日');
    expect(document.querySelector('.cell-date')?.textContent).toBe('2025年6月17日');
    expect(document.querySelector('.district-records')?.textContent).toBe(
      '2024年5月1日至2025年7月1日的记录，最后更新于2025年6月20日',
    );
  });

  it("en: the page as it always was, with no lang marks and no line about the record's language", () => {
    const { document, html } = districtPage('en');
    expect(document.querySelectorAll('[lang]')).toHaveLength(0);
    expect(html).not.toContain(catalogue('en')['district.recordLanguage'] as string);
    expect(document.querySelector('.meeting-card time')?.textContent).toBe('06/17/25');
    expect(document.querySelector('.vote-up .vote-count')?.textContent).toBe('1.2k');
    expect(document.querySelector('.district-facts dl')?.textContent).toContain('12,345');
  });
});

describe('the board script on a translated page', () => {
  /** Spanish meeting cards with the board script running on them, as the page's head runs it. */
  function spanishCards() {
    const html = renderToStaticMarkup(
      <MeetingList cards={boardContent(page).cards} locale="es" t={districtWords('es', catalogue('es'))} />,
    );
    const { window } = new JSDOM(`<!doctype html><html><body>${html}</body></html>`, {
      url: 'https://example.org/es/7',
      pretendToBeVisual: true,
    });
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
    window.HTMLElement.prototype.scrollIntoView = vi.fn();
    boardScript(window as unknown as Window & typeof globalThis);
    window.document.dispatchEvent(new window.Event('DOMContentLoaded'));
    return window;
  }

  it("says Expand and Minimize in the page's language", () => {
    const window = spanishCards();
    const toggle = window.document.querySelector('#meeting-06-17-25 .meeting-toggle')!;
    const verb = () => toggle.querySelector('.meeting-toggle-verb')?.textContent;
    expect(verb()).toBe('Ver más');
    toggle.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    expect([verb(), toggle.getAttribute('aria-expanded')]).toEqual(['Ver menos', 'true']);
    toggle.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    expect(verb()).toBe('Ver más');
  });

  it("copies a share link and says so in the page's language, or offers it by hand in that language", async () => {
    const window = spanishCards();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    const alert = vi.fn();
    window.alert = alert;
    const share = window.document.querySelector('#meeting-06-17-25 [data-share-path]')!;
    share.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('¡Enlace copiado al portapapeles!'));
    expect(writeText).toHaveBeenCalledWith('https://example.org/es/7?tab=Meetings#meeting-06-17-25');

    Object.defineProperty(window.navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    const prompt = vi.fn();
    window.prompt = prompt;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    share.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() =>
      expect(prompt).toHaveBeenCalledWith(
        'Copie este enlace:',
        'https://example.org/es/7?tab=Meetings#meeting-06-17-25',
      ),
    );
  });
});

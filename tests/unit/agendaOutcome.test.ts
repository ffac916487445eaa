// After the 17 June 2025 meeting: when it counts as over, which Board record is which agenda item, and how the
// Board's votes and the residents' totals read beside each item.
import { describe, expect, it } from 'vitest';
import {
  BOARD_VOTES_HREF,
  RESIDENT_TOTALS_KEYS,
  boardDecision,
  boardDecisions,
  boardVoteHref,
  boardVoteLine,
  introKey,
  issueNames,
  meetingHasPassed,
  residentTotalsParts,
  residentTotalsText,
  type BoardRecord,
} from '../../src/lib/agenda';
import { pickMessages } from '../../src/i18n/translate';
import { translator } from '../../src/i18n/translate';
import en from '../../src/i18n/messages/en.json';
import es from '../../src/i18n/messages/es.json';
import zh from '../../src/i18n/messages/zh.json';
import type { AgendaField, ResidentTotals } from '../../src/lib/data/agendaVotes';

const yes = (name: string) => ({ name, vote: 'Yes' });
const no = (name: string) => ({ name, vote: 'No' });

/** The 17 June 2025 records of the demo data, as the build reads them. */
const june17: BoardRecord[] = [
  {
    id: 1,
    voteDate: '2025-06-17',
    issue: 'Adopt the 2025-26 district budget',
    outcome: 'Passed (4-1)',
    votes: [yes('A'), no('B'), yes('C'), yes('D'), yes('E')],
  },
  {
    id: 2,
    voteDate: '2025-06-17',
    issue: 'Adopt the 2025-26 Local Control and Accountability Plan (LCAP)',
    outcome: 'Passed (5-0)',
    votes: [],
  },
  {
    id: 3,
    voteDate: '2025-06-17',
    issue: 'Award a $1.27 million contract for an accessible elementary playground',
    outcome: 'Passed (5-0)',
    votes: [],
  },
  {
    id: 4,
    voteDate: '2025-06-17',
    issue: 'Approve minutes, warrants, gifts and field trips',
    outcome: 'Approved (consent agenda)',
    votes: [],
  },
];

describe('meetingHasPassed: the meeting is over from the day after it, read in UTC', () => {
  it.each([
    ['2025-06-16T23:59:59Z', false],
    ['2025-06-17T00:00:00Z', false],
    ['2025-06-17T23:59:59Z', false],
    ['2025-06-18T00:00:00Z', true],
    ['2026-11-25T12:00:00Z', true],
  ])('on %s: %s', (now, passed) => {
    expect(meetingHasPassed(new Date(now))).toBe(passed);
  });

  it('takes another meeting date', () => {
    expect(meetingHasPassed(new Date('2030-01-01T00:00:00Z'), '2031-01-01')).toBe(false);
  });
});

describe("introKey: the page's opening sentence follows whether the Board's outcome is known", () => {
  const before = { en: /Before the Board votes/, es: /Antes de que la Junta vote/, zh: /投票之前/ };
  it.each([
    ['before the meeting (no decisions)', null, 'vote.intro.beforeMeeting', true],
    ['after the meeting (the decisions known)', {}, 'vote.intro.afterMeeting', false],
  ])('%s: %s', (_, decisions, key, asksBeforeTheVote) => {
    expect(introKey(decisions)).toBe(key);
    for (const [lang, catalogue] of [
      ['en', en],
      ['es', es],
      ['zh', zh],
    ] as const) {
      const text = String((catalogue as Record<string, unknown>)[key] ?? '');
      expect(text, `${lang} ${key}`).toBeTruthy();
      expect(before[lang].test(text), `${lang}: ${text}`).toBe(asksBeforeTheVote);
    }
  });
});

describe('issueNames: whole words, any letter case', () => {
  it.each([
    ['Adopt the 2025-26 district budget', ['budget'], true],
    ['Adopt the 2025-26 District BUDGET', ['budget'], true],
    ['Certify the second interim budget report', ['budget'], true],
    ['Adopt the 2025-26 Local Control and Accountability Plan (LCAP)', ['budget'], false],
    ['Adopt the 2025-26 Local Control and Accountability Plan (LCAP)', ['LCAP'], true],
    ['Approve the local control and accountability plan', ['LCAP', 'Local Control and Accountability Plan'], true],
    ['Budgetary guidelines', ['budget'], false],
    ['Playgrounds at three schools', ['playground'], false],
    ['Accessible playground contract', ['playground'], true],
    ['Playground.', ['playground'], true],
    [null, ['budget'], false],
    ['', ['budget'], false],
    ['a.b', ['a.b'], true],
    ['axb', ['a.b'], false],
  ] as const)('%j with %j: %s', (issue, words, named) => {
    expect(issueNames(issue, words)).toBe(named);
  });
});

describe('boardDecision: which record of the meeting day is which agenda item', () => {
  it.each([
    ['budget', { kind: 'vote', id: 1, outcome: 'Passed (4-1)' }],
    ['lcap', { kind: 'vote', id: 2, outcome: 'Passed (5-0)' }],
    ['hoover_playground', { kind: 'vote', id: 3, outcome: 'Passed (5-0)' }],
    ['esri_update', { kind: 'information' }],
    ['summer_projects', { kind: 'information' }],
  ] as [AgendaField, object][])('%s on the demo data: %j', (field, expected) => {
    expect(boardDecision(field, june17)).toMatchObject(expected);
  });

  it('carries the members’ votes of the record', () => {
    expect(boardDecision('budget', june17)).toEqual({
      kind: 'vote',
      id: 1,
      outcome: 'Passed (4-1)',
      votes: june17[0].votes,
    });
  });

  it('reads only records of the meeting day', () => {
    const other: BoardRecord = {
      id: 0,
      voteDate: '2024-06-18',
      issue: 'Adopt the 2024-25 district budget',
      outcome: 'Passed (5-0)',
      votes: [],
    };
    expect(boardDecision('budget', [other, ...june17])).toMatchObject({ id: 1 });
    expect(boardDecision('budget', [other])).toEqual({ kind: 'not-recorded' });
  });

  it('takes the lowest id when several records name the item, whatever their order', () => {
    const amended: BoardRecord = {
      id: 9,
      voteDate: '2025-06-17',
      issue: 'Amend the budget',
      outcome: 'Failed (2-3)',
      votes: [],
    };
    expect(boardDecision('budget', [amended, ...june17])).toMatchObject({ id: 1 });
  });

  it('says an item is not recorded when no record names it, and an information item stays one whatever the records say', () => {
    expect(boardDecision('lcap', [])).toEqual({ kind: 'not-recorded' });
    const odd: BoardRecord = {
      id: 7,
      voteDate: '2025-06-17',
      issue: 'Every Student Reads summer projects',
      outcome: 'Passed',
      votes: [],
    };
    expect(boardDecision('esri_update', [odd])).toEqual({ kind: 'information' });
  });

  it('gives every agenda item a decision', () => {
    expect(Object.keys(boardDecisions(june17))).toEqual([
      'budget',
      'lcap',
      'esri_update',
      'summer_projects',
      'hoover_playground',
    ]);
  });
});

describe('boardVoteLine: the members grouped by their vote, Yes first, then No, then the rest', () => {
  it.each([
    [[yes('A'), no('B'), yes('C')], 'Yes: A, C; No: B'],
    [[no('B'), yes('A')], 'Yes: A; No: B'],
    [[yes('A'), { name: 'B', vote: 'Abstain' }, no('C')], 'Yes: A; No: C; Abstain: B'],
    [[{ name: 'A', vote: 'yes' }, yes('B')], 'yes: A, B'],
    [[yes('A'), { name: 'B', vote: '-' }, { name: 'C', vote: ' ' }, { name: ' ', vote: 'No' }], 'Yes: A'],
    [[], ''],
  ])('%j → %j', (votes, line) => {
    expect(boardVoteLine(votes)).toBe(line);
  });
});

describe('links and words of the outcome', () => {
  it('links to the district’s Voting tab, and to a record in it', () => {
    expect(BOARD_VOTES_HREF).toBe('/1?tab=voting');
    expect(boardVoteHref(3)).toBe('/1?tab=voting#vote-3');
  });

  const totals = (updatedAt: string) =>
    ({
      answers: 12,
      updatedAt,
      items: Object.fromEntries(
        ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'].map((f) => [
          f,
          { support: 7, oppose: 3, neutral: 2 },
        ]),
      ),
    }) as ResidentTotals;
  const tEn = translator('en', en);

  it.each([
    ['UTC', '2026-11-25T15:04:09.123456+00:00', 'Nov 25, 2026, 3:04 PM'],
    ['America/Los_Angeles', '2026-11-25T15:04:09.123456+00:00', 'Nov 25, 2026, 7:04 AM'],
    ['America/Los_Angeles', '2026-01-01T03:00:00+00:00', 'Dec 31, 2025, 7:00 PM'],
  ])(
    'gives each item’s line its totals in the choices’ labels, how many answered and when they last changed, in the reader’s time zone (%s)',
    (zone, iso, updated) => {
      expect(
        residentTotalsText('lcap', { status: 'loaded', totals: totals(iso) }, tEn, 'en', zone).replace(/\s/g, ' '),
      ).toBe(`Support 7, Oppose 3, Neutral / Unsure 2 (12 residents answered; last updated ${updated}).`);
    },
  );

  it('writes the line in the page’s language', () => {
    expect(
      residentTotalsText(
        'lcap',
        { status: 'loaded', totals: totals('2026-11-25T15:04:09+00:00') },
        translator('zh', zh),
        'zh',
        'UTC',
      ),
    ).toBe('支持 7, 反对 3, 中立 / 不确定 2（共 12 位居民回答；最后更新：2026年11月25日 15:04）。');
  });

  it('says when totals appear, and why they are missing in plain words', () => {
    expect(residentTotalsText('budget', { status: 'loaded', totals: null }, tEn, 'en')).toBe(
      'Residents’ totals appear here once at least six residents have answered: answers are counted in groups of six or more, so nobody’s answers can be picked out.',
    );
    expect(residentTotalsText('budget', { status: 'failed', reason: 'TypeError: Failed to fetch' }, tEn, 'en')).toBe(
      'Residents’ totals could not be loaded: the connection to the server failed. Check your connection and reload the page.',
    );
    expect(residentTotalsText('budget', { status: 'failed', reason: '<html>502</html>' }, tEn, 'en')).toBe(
      'Residents’ totals could not be loaded: the server could not send it just now. Please reload the page.',
    );
    expect(residentTotalsText('budget', { status: 'loading' }, tEn, 'en')).toBe('Counting residents’ answers…');
  });

  // The page's script shows the lines with RESIDENT_TOTALS_KEYS alone: each state reads the same with only those.
  const tLine = translator('en', pickMessages(en, RESIDENT_TOTALS_KEYS));
  it.each([
    [{ status: 'idle' } as const, { label: '', text: '' }],
    [{ status: 'loading' } as const, { label: 'Residents’ answers:', text: 'Counting residents’ answers…' }],
    [
      { status: 'failed', reason: 'TimeoutError: signal timed out' } as const,
      {
        label: 'Residents’ answers:',
        text: 'Residents’ totals could not be loaded: the server did not answer in time. Please reload the page.',
      },
    ],
    [
      { status: 'loaded', totals: null } as const,
      {
        label: 'Residents’ answers:',
        text: residentTotalsText('budget', { status: 'loaded', totals: null }, tEn, 'en'),
      },
    ],
  ])('gives the line nothing while the totals are not asked for, else its label and words (%j)', (state, expected) => {
    expect(residentTotalsParts('budget', state, tLine, 'en')).toEqual(expected);
  });

  it('words a loaded line with the page script’s messages as the island does', () => {
    const state = { status: 'loaded', totals: totals('2026-11-25T15:04:09+00:00') } as const;
    expect(residentTotalsParts('lcap', state, tLine, 'en')).toEqual(residentTotalsParts('lcap', state, tEn, 'en'));
  });
});

describe('fetchAgendaVoteTotals: what agenda_vote_totals answered, or why not', async () => {
  const { fetchAgendaVoteTotals } = await import('../../src/lib/data/agendaVotes');
  type Db = Parameters<typeof fetchAgendaVoteTotals>[0];
  const answering = (data: unknown, error: { message: string } | null = null) =>
    ({ rpc: () => Promise.resolve({ data, error }) }) as unknown as Db;
  const row = (item: string, support = 1, oppose = 2, neutral = 3) => ({
    item,
    support,
    oppose,
    neutral,
    answers: 6,
    updated_at: '2026-11-25T15:04:09.123456+00:00',
  });
  const fields = ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'];

  it('is null while no row came back (no batch of answers published yet)', async () => {
    expect(await fetchAgendaVoteTotals(answering([]))).toBeNull();
  });

  it('gives each item its totals and the number of answers', async () => {
    const totals = await fetchAgendaVoteTotals(answering(fields.map((field, i) => row(field, i, 6 - i, 0))));
    expect(totals).toEqual({
      answers: 6,
      items: Object.fromEntries(fields.map((field, i) => [field, { support: i, oppose: 6 - i, neutral: 0 }])),
      updatedAt: '2026-11-25T15:04:09.123456+00:00',
    });
  });

  it.each([
    [
      'a failed request',
      answering(null, { message: 'permission denied for function agenda_vote_totals' }),
      /permission denied/,
    ],
    ['an unknown item', answering([...fields.map((f) => row(f)), row('pool')]), /unexpected shape/],
    ['a negative count', answering(fields.map((f) => row(f, -1))), /unexpected shape/],
    ['an item left out', answering(fields.slice(1).map((f) => row(f))), /left out budget/],
    ['no time of the last update', answering(fields.map((f) => ({ ...row(f), updated_at: null }))), /unexpected shape/],
    ['not a list', answering({ support: 1 }), /unexpected shape/],
  ])('throws on %s', async (_, db, message) => {
    await expect(fetchAgendaVoteTotals(db)).rejects.toThrow(message);
  });
});

describe('totalsRowProblem: one row of agenda_vote_totals checked', async () => {
  const { totalsRowProblem, parseTotalsRows } = await import('../../src/lib/data/agendaVotes');
  const good = {
    item: 'lcap',
    support: 0,
    oppose: 12,
    neutral: 3,
    answers: 15,
    updated_at: '2026-11-25T15:04:09.123456+00:00',
  };

  it.each<[string, unknown, string | null]>([
    ["an item's row", good, null],
    ['a time in UTC written Z', { ...good, updated_at: '2026-11-25T15:04:09Z' }, null],
    ['a time with an offset west of UTC', { ...good, updated_at: '2026-11-25T07:04:09-08:00' }, null],
    [
      'a time with an hours-only offset',
      { ...good, updated_at: '2026-11-25T07:04:09-08' },
      'updated_at is not a time with its offset',
    ],
    ['no object', 'lcap', 'not a row'],
    ['a list', [good], 'not a row'],
    ['null', null, 'not a row'],
    ['an unknown item', { ...good, item: 'pool' }, 'item "pool" is no agenda item'],
    ['no item', { ...good, item: undefined }, 'item undefined is no agenda item'],
    ['a negative count', { ...good, oppose: -1 }, 'oppose is not a count'],
    ['a fraction', { ...good, neutral: 1.5 }, 'neutral is not a count'],
    ['a count as text', { ...good, support: '3' }, 'support is not a count'],
    ['no answers', { ...good, answers: null }, 'answers is not a count'],
    ['no time', { ...good, updated_at: null }, 'updated_at is not a time with its offset'],
    [
      'a time without its offset',
      { ...good, updated_at: '2026-11-25T15:04:09' },
      'updated_at is not a time with its offset',
    ],
    ['a date alone', { ...good, updated_at: '2026-11-25' }, 'updated_at is not a time with its offset'],
    [
      'a day that does not exist',
      { ...good, updated_at: '2026-13-45T15:04:09Z' },
      'updated_at is not a time with its offset',
    ],
  ])('%s', (_, row, problem) => {
    expect(totalsRowProblem(row)).toBe(problem);
  });

  it('names the first bad row of an answer by its place, and takes a list of good rows as it is', () => {
    expect(parseTotalsRows([good, { ...good, item: 'pool' }, { ...good, support: -1 }])).toEqual({
      problem: 'row 2: item "pool" is no agenda item',
    });
    expect(parseTotalsRows({ rows: [good] })).toEqual({ problem: 'not a list of rows' });
    expect(parseTotalsRows([good, good])).toEqual({ rows: [good, good] });
    expect(parseTotalsRows([])).toEqual({ rows: [] });
  });
});

describe('the vote form as the server renders it', async () => {
  const { renderToStaticMarkup } = await import('react-dom/server');
  const { createElement } = await import('react');
  const { default: AgendaVoteForm, AGENDA_VOTE_KEYS } = await import('../../src/components/islands/AgendaVoteForm');
  const { catalogue } = await import('../../src/i18n/catalogues');
  const { pickMessages } = await import('../../src/i18n/translate');
  // The English page's props: its language and the form's messages in it.
  const english = { locale: 'en' as const, messages: pickMessages(catalogue('en'), AGENDA_VOTE_KEYS) };
  const text = (html: string) => html.replace(/<[^>]+>/g, '');

  it('before the meeting, shows the form alone', () => {
    const html = text(renderToStaticMarkup(createElement(AgendaVoteForm, { decisions: null, ...english })));
    expect(html).toContain('Cast Your Vote');
    expect(html).not.toContain('How the Board voted');
    expect(html).not.toContain('Residents’ answers');
  });

  it('after it, shows the Board’s decision in every card, and no count before the live totals load', () => {
    const html = renderToStaticMarkup(createElement(AgendaVoteForm, { decisions: boardDecisions(june17), ...english }));
    expect(text(html).match(/How the Board voted on 17 June:/g)).toHaveLength(5);
    expect(text(html)).toContain('How the Board voted on 17 June: Passed (4-1). Yes: A, C, D, E; No: B.');
    expect(html).toContain('href="/1?tab=voting#vote-1"');
    expect(text(html).match(/An information item: the Board heard it and took no vote\./g)).toHaveLength(2);
    expect(text(html)).not.toContain('Residents’ answers');
  });
});

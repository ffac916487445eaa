import { describe, expect, it } from 'vitest';
import { boundedRichTextJobs, checkDistrictPage, richTextJobs, withRichText, type DistrictPage } from '../document';
import { boardContent } from '../boardContent';
import type { SafeHtml } from '../../lib/sanitize';

const district = {
  id: 7,
  name: 'Oak Unified',
  state: 'CA',
  county: null,
  address: null,
  phone: null,
  totalStudents: 1200,
};
const meeting = (id: number, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  districtId: 7,
  date,
  title: null,
  topics: null,
  summary: `<p>${id}</p>`,
  meeting_type: 'normal',
  isUpcoming: false,
  youtube_link: null,
  ...extra,
});
const topic = (id: number) => ({
  id,
  districtId: 7,
  title: `Topic ${id}`,
  description: `<p>about ${id}</p>`,
  upvotes: 0,
  downvotes: 0,
});
const voting = (id: number, type: 'recent' | 'past', voteDate: string) => ({
  id,
  districtId: 7,
  type,
  voteDate,
  category: null,
  issue: `Issue ${id}`,
  outcome: 'Passed',
  votes: [{ name: 'A. Member', vote: 'Yes' }],
});

describe('checkDistrictPage: what a page can show, every bad row named by table and id', () => {
  it.each([
    [
      'a whole page',
      {
        district,
        meetings: [meeting(1, '2025-01-14')],
        topics: [topic(2)],
        votings: [voting(3, 'past', '2024-05-01')],
      },
      [],
      [],
      [1, 1, 1],
    ],
    [
      'a meeting without a valid date is left out',
      { district, meetings: [meeting(1, 'someday'), meeting(2, '2025-01-14')], topics: [], votings: [] },
      ['meetings row id=1: date: Invalid input (left out)'],
      [],
      [1, 0, 0],
    ],
    [
      'unparseable votes are kept as no votes',
      { district, meetings: [], topics: [], votings: [{ ...voting(4, 'past', '2024-05-01'), votes: '{not json' }] },
      ['votings row id=4: votes: not an array of {name, vote}; shown as no votes'],
      [],
      [0, 0, 1],
    ],
    [
      'a list that is not a list is that tab’s load error',
      { district, meetings: 'oops', topics: [], votings: [] },
      ['meetings of the page: not a list; shown as a load error'],
      ['meetings'],
      [0, 0, 0],
    ],
  ])('%s', (_case, raw, problems, broken, counts) => {
    const checked = checkDistrictPage(raw);
    expect(checked.problems).toEqual(problems);
    expect(checked.broken).toEqual(broken);
    expect([checked.page!.meetings.length, checked.page!.topics.length, checked.page!.votings.length]).toEqual(counts);
  });

  it.each([
    ['no district', { meetings: [], topics: [], votings: [] }, 'districts row id=?: row: Invalid input (left out)'],
    [
      'a district without a name',
      { district: { ...district, name: '' }, meetings: [], topics: [], votings: [] },
      'districts row id=7: name: Invalid input (left out)',
    ],
    ['nothing at all', null, 'districts row id=?: row: Invalid input (left out)'],
  ])('gives no page for %s', (_case, raw, problem) => {
    expect(checkDistrictPage(raw)).toEqual({ page: null, problems: [problem], broken: [] });
  });
});

describe('richTextJobs and withRichText: one pass of the sanitiser over a page', () => {
  const page = checkDistrictPage({
    district,
    meetings: [
      meeting(1, '2025-03-11', { youtube_link: 'https://youtu.be/dQw4w9WgXcQ' }),
      meeting(2, '2025-01-14', { summary: null }),
    ],
    topics: [topic(5), { ...topic(4), description: '' }],
    votings: [],
  }).page as DistrictPage;

  it('asks for every summary, then every description, in order; a video makes time stamps buttons', () => {
    expect(richTextJobs(page)).toEqual([
      { html: '<p>1</p>', timestamps: true },
      null,
      { html: '<p>about 5</p>', timestamps: false },
      null,
    ]);
  });

  it('puts each answer in its place and keeps no unsanitised text but a summary as recorded (for meetings.json)', () => {
    const built = withRichText(page, ['<p>one</p>', null, '<p>five</p>', null] as (SafeHtml | null)[]);
    expect(
      built.meetings.map((m) => [m.id, m.summaryHtml, m.summary === page.meetings.find((r) => r.id === m.id)!.summary]),
    ).toEqual([
      [1, '<p>one</p>', true],
      [2, null, true],
    ]);
    expect(built.topics.map((t) => [t.id, t.descriptionHtml, 'description' in t])).toEqual([
      [5, '<p>five</p>', false],
      [4, null, false],
    ]);
  });
});

describe('boundedRichTextJobs: rich text over the bounds is reported by table and id and never sanitised', () => {
  const page = checkDistrictPage({
    district,
    meetings: [meeting(1, '2025-03-11', { summary: '<b>deep</b>' }), meeting(2, '2025-01-14')],
    topics: [topic(5), { ...topic(6), description: '<b>deep too</b>' }],
    votings: [],
  }).page as DistrictPage;
  const deepIsTooDeep = (html: string) => (html.includes('deep') ? 'nests tags more than 50 levels deep' : null);

  it('leaves the piece out of the jobs and names its row', () => {
    expect(boundedRichTextJobs(page, deepIsTooDeep)).toEqual({
      jobs: [null, { html: '<p>2</p>', timestamps: false }, { html: '<p>about 5</p>', timestamps: false }, null],
      problems: [
        'meetings row id=1: summary: nests tags more than 50 levels deep; shown without a summary',
        'topics row id=6: description: nests tags more than 50 levels deep; shown without a description',
      ],
    });
  });

  it('changes nothing when every piece is within the bounds', () => {
    expect(boundedRichTextJobs(page, () => null)).toEqual({ jobs: richTextJobs(page), problems: [] });
  });
});

describe("boardContent: the tabs' content in the page's order", () => {
  const built = withRichText(
    checkDistrictPage({
      district,
      meetings: [meeting(2, '2025-03-11'), meeting(1, '2025-01-14')],
      topics: [topic(9), topic(3)],
      votings: [voting(1, 'past', '2024-01-09'), voting(2, 'recent', '2025-02-11'), voting(3, 'recent', '2025-03-11')],
    }).page!,
    ['<p>two</p>', '<p>one</p>', null, null] as (SafeHtml | null)[],
  );
  const content = boardContent(built);

  it('keeps the meetings and topics as the page orders them', () => {
    expect(content.cards.map((c) => [c.id, c.date, c.summaryHtml])).toEqual([
      [2, '03/11/25', '<p>two</p>'],
      [1, '01/14/25', '<p>one</p>'],
    ]);
    expect(content.topicItems.map((t) => t.id)).toEqual([9, 3]);
  });

  it('splits the votes into the current and past tables, newest first, without their type', () => {
    expect(content.recent.map((r) => r.id)).toEqual([3, 2]);
    expect(content.past.map((r) => r.id)).toEqual([1]);
    expect(Object.keys(content.recent[0]).sort()).toEqual(['category', 'id', 'issue', 'outcome', 'voteDate', 'votes']);
  });
});

describe('boardContent: how much of the record the page holds', () => {
  const content = (raw: Record<string, unknown>, broken: ('meetings' | 'topics' | 'votings')[] = []) => {
    const page = checkDistrictPage({ district, meetings: [], topics: [], votings: [], ...raw }).page!;
    return boardContent(
      withRichText(
        page,
        richTextJobs(page).map(() => null),
      ),
      broken,
    );
  };

  it.each([
    [
      'meetings and votes',
      { meetings: [meeting(1, '2025-01-14')], votings: [voting(2, 'past', '2024-05-01')] },
      [],
      true,
      { first: '2024-05-01', last: '2025-01-14', updatedAt: null },
    ],
    ['topics only: no records yet', { topics: [topic(3)] }, [], false, null],
    ['nothing', {}, [], false, null],
    ['meetings that could not be read: not said to have none', {}, ['meetings'], true, null],
    ['votes that could not be read: not said to have none', {}, ['votings'], true, null],
  ] as const)('%s', (_label, raw, broken, has, span) => {
    const built = content(raw, [...broken]);
    expect(built.hasRecords).toBe(has);
    expect(built.span).toEqual(span);
  });

  it('takes the last update from the district', () => {
    expect(
      content({
        district: { ...district, records_updated_at: '2026-11-26T10:00:00+00:00' },
        meetings: [meeting(1, '2025-01-14')],
      }).span?.updatedAt,
    ).toBe('2026-11-26T10:00:00+00:00');
  });
});

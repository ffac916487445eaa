// The record search (search_records) through /rest/v1 with the anon key, on two districts of its own whose words
// appear nowhere else: ranking, phrases and exclusions, the filters, paging, hostile text, the length limit, the bounds
// on a search's cost and on searches at once per client, and that nothing private is searchable.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newClientAddress, refusalOf, rest, rpc, rpcFrom, sql, superuser, type ApiError } from './helpers';
import type { RecordResult } from '../../src/search/data/records';

const NORTH = 990301;
const SOUTH = 990302;

type Result = RecordResult;

const search = async (args: Record<string, unknown>) => {
  const { status, body } = await rpc('search_records', args);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Result[];
};
const ids = (rows: Result[]) => rows.map((row) => `${row.kind}:${row.item_id}`);
// Every page of one search, each asked with the cursor of the page before, until one comes back empty: the pages in
// order (the empty one left off). A search still answering after `limit` pages fails the test.
const pagesToTheEnd = async (args: Record<string, unknown>, limit = 100) => {
  const pages: Result[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const rows: Result[] = await search({ ...args, ...(cursor ? { cursor } : {}) });
    if (rows.length === 0) return pages;
    expect(pages.length, 'pages before an empty one').toBeLessThan(limit);
    pages.push(rows);
    cursor = rows.at(-1)!.cursor;
  }
};

let meeting: Record<string, number> = {};
let topic: Record<string, number> = {};
let vote: Record<string, number> = {};

beforeAll(async () => {
  await sql('insert into public.districts (id, name, state) values ($1, $2, $5), ($3, $4, $6)', [
    NORTH,
    'Quillfeather North School District',
    SOUTH,
    'Quillfeather South School District',
    'OR',
    'WA',
  ]);
  const insertMeeting = async (
    district: number,
    date: string,
    title: string | null,
    topics: unknown,
    summary: string,
  ) =>
    (
      await sql<{ id: number }>(
        'insert into public.meetings ("districtId", date, title, topics, summary) values ($1, $2, $3, $4, $5) returning id::int',
        [district, date, title, topics === null ? null : JSON.stringify(topics), summary],
      )
    )[0].id;
  meeting = {
    title: await insertMeeting(
      NORTH,
      '2025-01-14',
      'Zephyrine Budget Workshop',
      ['Budget'],
      '<p>Reserves and staffing.</p>',
    ),
    body: await insertMeeting(
      NORTH,
      '2025-03-11',
      'Regular Board Meeting',
      ['Calendar'],
      '<p>Staff mentioned the <strong>zephyrine</strong> report in passing.</p>',
    ),
    phrase: await insertMeeting(
      NORTH,
      '2025-04-08',
      'Regular Board Meeting',
      'Technology',
      '<p>Trustees debated <em>marmoset phones</em> in classrooms and a ban.</p>',
    ),
    apart: await insertMeeting(
      NORTH,
      '2025-05-13',
      'Regular Board Meeting',
      null,
      '<p>The marmoset mascot was retired; phones were discussed later.</p>',
    ),
    headed: await insertMeeting(
      NORTH,
      '2025-06-03',
      'Regular Board Meeting',
      ['Facilities'],
      `<h3>Wombatine policy</h3><p>The board held a first reading. ${'Trustees asked about costs and timing. '.repeat(8)}</p>` +
        `<h3>Later business</h3><p>${'Several consent items passed without discussion. '.repeat(8)}The numbat wing opens in May.</p>`,
    ),
    hostile: await insertMeeting(
      NORTH,
      '2025-06-10',
      null,
      'Safety',
      `<p>Crossing <script>alert('gryphonwood')</script> safety <img src=x onerror="alert(1)"> and a &lt;b&gt;gryphonwood&lt;/b&gt; report &amp; more.</p>`,
    ),
    south: await insertMeeting(
      SOUTH,
      '2025-02-20',
      'Regular Board Meeting',
      ['Budget'],
      '<p>The zephyrine plan for the south.</p>',
    ),
  };
  const insertTopic = async (district: number, title: string, description: string) =>
    (
      await sql<{ id: number }>(
        'insert into public.topics ("districtId", title, description) values ($1, $2, $3) returning id::int',
        [district, title, description],
      )
    )[0].id;
  topic = { north: await insertTopic(NORTH, 'Zephyrine Pathways', '<p>How the zephyrine pathway works.</p>') };
  const insertVote = async (district: number, date: string, issue: string, votes: unknown) =>
    (
      await sql<{ id: number }>(
        'insert into public.votings ("districtId", type, "voteDate", category, issue, outcome, votes) values ($1, $2, $3, $4, $5, $6, $7) returning id::int',
        [district, 'recent', date, 'Policy', issue, 'Passed (4-1)', JSON.stringify(votes)],
      )
    )[0].id;
  vote = {
    north: await insertVote(NORTH, '2025-02-11', 'Adopt the zephyrine policy', [
      { name: 'Ottoline Brackwater', vote: 'Yes' },
      { name: 'Casimir Fenwright', vote: 'No' },
    ]),
    // votes kept as a JSON string, which the site reads as the list: its members are searchable too
    text: await insertVote(
      SOUTH,
      '2025-02-25',
      'Approve the lunch contract',
      JSON.stringify([{ name: 'Ottoline Brackwater', vote: 'Abstain' }]),
    ),
  };
});

afterAll(async () => {
  await sql('delete from public.districts where id in ($1, $2)', [NORTH, SOUTH]);
  await sql("delete from public.subscriptions where email = 'halcyonquill@example.com'");
});

describe('what it finds and in what order', () => {
  it('finds meetings, topics and votes, ranked by relevance (a word in the title above the same word in the text)', async () => {
    const rows = await search({ q: 'zephyrine', district_id: NORTH });
    expect(new Set(ids(rows))).toEqual(
      new Set([`meeting:${meeting.title}`, `meeting:${meeting.body}`, `topic:${topic.north}`, `vote:${vote.north}`]),
    );
    expect(ids(rows).indexOf(`meeting:${meeting.title}`)).toBeLessThan(ids(rows).indexOf(`meeting:${meeting.body}`));
    expect(rows.at(-1)).toMatchObject({ kind: 'meeting', item_id: meeting.body });
    for (const row of rows) expect(row.district_name).toBe('Quillfeather North School District');
  });

  it('links each result to its place on the district page', async () => {
    const rows = await search({ q: 'zephyrine', district_id: NORTH });
    const byId = Object.fromEntries(rows.map((row) => [`${row.kind}:${row.item_id}`, row]));
    expect(byId[`meeting:${meeting.title}`]).toMatchObject({
      href: `/${NORTH}?tab=Meetings#meeting-01-14-25`,
      date: '2025-01-14',
      title: 'Zephyrine Budget Workshop',
    });
    expect(byId[`topic:${topic.north}`]).toMatchObject({
      href: `/${NORTH}?tab=topics#topic-${topic.north}`,
      date: null,
      title: 'Zephyrine Pathways',
    });
    expect(byId[`vote:${vote.north}`]).toMatchObject({
      href: `/${NORTH}?tab=voting#vote-${vote.north}`,
      date: '2025-02-11',
      title: 'Adopt the zephyrine policy',
    });
  });

  it("says a vote's outcome and who dissented first, and a meeting's topics as words, never as JSON", async () => {
    const rows = await search({ q: 'zephyrine', district_id: NORTH });
    const byId = Object.fromEntries(rows.map((row) => [`${row.kind}:${row.item_id}`, row]));
    expect(byId[`vote:${vote.north}`].snippet).toBe(
      'Policy · Passed (4-1) · No: Casimir Fenwright · Yes: Ottoline Brackwater',
    );
    const [calendar] = await search({ q: 'staff mentioned', district_id: NORTH });
    expect(calendar.snippet).toContain('Calendar');
    expect(calendar.snippet).not.toMatch(/\[|&quot;/);
  });

  it("keeps a heading apart from its text, the topics apart from the summary, and marks with '…' where it cuts", async () => {
    const [headed] = await search({ q: 'wombatine', district_id: NORTH });
    expect(headed.snippet).toMatch(/^<mark>Wombatine<\/mark> policy — The board held a first reading\. Trustees asked/);
    expect(headed.snippet).toMatch(/ …$/);
    const [inside] = await search({ q: 'numbat', district_id: NORTH });
    expect(inside.snippet).toMatch(/^… .*The <mark>numbat<\/mark> wing opens in May\. · Facilities$/);
    // A record with no text to excerpt (a topic found by its title alone) has an empty snippet, no '…'.
    const [untold] = await sql<{ id: number }>(
      `insert into public.topics ("districtId", title, description) values ($1, 'Quokkaline review', '') returning id::int`,
      [NORTH],
    );
    const [bare] = await search({ q: 'quokkaline', district_id: NORTH });
    expect(bare).toMatchObject({ kind: 'topic', item_id: untold.id, snippet: '' });
    await sql('delete from public.topics where id = $1', [untold.id]);
    for (const { snippet } of [headed, inside]) {
      expect(snippet).not.toMatch(/ [.,;:]/);
      expect(snippet).not.toMatch(/\s{2}/);
    }
  });

  it('marks the matching words in the snippet', async () => {
    const [row] = await search({ q: 'zephyrine report', district_id: NORTH });
    expect(row).toMatchObject({ kind: 'meeting', item_id: meeting.body });
    expect(row.snippet).toContain('<mark>zephyrine</mark> <mark>report</mark>');
  });

  it('matches a quoted phrase only where its words stand together, and leaves out a -word', async () => {
    expect(ids(await search({ q: '"marmoset phones"' }))).toEqual([`meeting:${meeting.phrase}`]);
    expect(new Set(ids(await search({ q: 'marmoset phones' })))).toEqual(
      new Set([`meeting:${meeting.phrase}`, `meeting:${meeting.apart}`]),
    );
    expect(ids(await search({ q: 'marmoset -mascot' }))).toEqual([`meeting:${meeting.phrase}`]);
  });

  it('finds a member by name in the votes, kept as an array or as a JSON string', async () => {
    expect(new Set(ids(await search({ q: 'Ottoline Brackwater' })))).toEqual(
      new Set([`vote:${vote.north}`, `vote:${vote.text}`]),
    );
  });
});

describe('the filters', () => {
  it("searches every district without district_id, naming each result's district", async () => {
    const rows = await search({ q: 'zephyrine' });
    expect(new Set(rows.map((row) => row.district_id))).toEqual(new Set([NORTH, SOUTH]));
    expect(rows.find((row) => row.district_id === SOUTH)?.district_name).toBe('Quillfeather South School District');
  });

  it.each([
    [['meeting'], ['meeting']],
    [['topic'], ['topic']],
    [['vote'], ['vote']],
    [
      ['topic', 'vote'],
      ['topic', 'vote'],
    ],
  ])('kinds %j gives only %j', async (kinds, expected) => {
    const rows = await search({ q: 'zephyrine', district_id: NORTH, kinds });
    expect([...new Set(rows.map((row) => row.kind))].sort()).toEqual(expected);
  });

  it('keeps only records dated between date_from and date_to (topics have no date)', async () => {
    const rows = await search({ q: 'zephyrine', date_from: '2025-02-01', date_to: '2025-02-28' });
    expect(new Set(ids(rows))).toEqual(new Set([`vote:${vote.north}`, `meeting:${meeting.south}`]));
  });

  it("keeps only the districts of a state with state, and none of another state's", async () => {
    expect(new Set((await search({ q: 'zephyrine', state: 'WA' })).map((row) => row.district_id))).toEqual(
      new Set([SOUTH]),
    );
    expect(await search({ q: 'zephyrine', state: 'ID' })).toEqual([]);
  });

  it("gives every match newest first when sort is 'newest', and says so, paging in date order", async () => {
    const ranked = await search({ q: 'zephyrine' });
    expect(ranked[0].ordered).toBe('relevance');
    const first = await search({ q: 'zephyrine', sort: 'newest', page_size: 3 });
    expect(first[0]).toMatchObject({ ordered: 'newest', matches: ranked.length });
    const rest = await search({ q: 'zephyrine', sort: 'newest', cursor: first.at(-1)?.cursor });
    const all = [...first, ...rest];
    expect(new Set(ids(all))).toEqual(new Set(ids(ranked)));
    expect(all).toHaveLength(ranked.length);
    // Dated records newest first, then the topic, which has no date.
    const dates = all.map((row) => row.date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.at(-1)?.kind).toBe('topic');
  });

  it.each([
    [{ q: 'zephyrine', state: 'Oregon' }, { code: 'search.state' }],
    [{ q: 'zephyrine', sort: 'oldest' }, { code: 'search.sort' }],
    [{ q: 'zephyrine', kinds: ['minutes'] }, { code: 'search.kinds' }],
    [
      { q: 'zephyrine', page_size: 51 },
      { code: 'search.page_size', min: 1, max: 50 },
    ],
    [
      { q: 'zephyrine', page_size: 0 },
      { code: 'search.page_size', min: 1, max: 50 },
    ],
    [{ q: 'zephyrine', date_from: '2025-03-01', date_to: '2025-02-01' }, { code: 'search.dates' }],
    [{ q: 'zephyrine', cursor: "1|2025-01-01|meeting|1' or 1=1" }, { code: 'search.cursor' }],
    [{ q: 'zephyrine', cursor: 'x' }, { code: 'search.cursor' }],
  ])('refuses %j with a 400 and the code saying why', async (args, refusal) => {
    const { status, body } = await rpc<ApiError>('search_records', args);
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual(refusal);
  });
});

describe('paging', () => {
  it('pages through every result without repeats or gaps, in the order of one long page', async () => {
    const all = await search({ q: 'zephyrine or marmoset or gryphonwood or ottoline', page_size: 50 });
    expect(all.length).toBeGreaterThanOrEqual(9);
    const pages = await pagesToTheEnd({ q: 'zephyrine or marmoset or gryphonwood or ottoline', page_size: 2 }, 20);
    expect(pages.every((rows) => rows.length <= 2)).toBe(true);
    const paged = pages.flat();
    expect(ids(paged)).toEqual(ids(all));
    // Every match ranked: the first page says so, with the exact count; later pages carry neither.
    expect(all[0]).toMatchObject({ ordered: 'relevance', matches: all.length, more_matches: false });
    expect(paged[2]).toMatchObject({ ordered: null, matches: null });
  });

  it('answers 20 rows unless asked for fewer', async () => {
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from public.meetings where search_vector @@ to_tsquery('english', 'board')",
    );
    expect(n).toBeGreaterThan(20);
    expect(await search({ q: 'board' })).toHaveLength(20);
    expect(await search({ q: 'board', page_size: 3 })).toHaveLength(3);
  });
});

describe('hostile and heavy text', () => {
  // Every string the district search's tests try, alone and beside a real word: web search syntax reads operators
  // and wildcards as separators, so none of them errors or widens the search.
  const HOSTILE = [
    '%',
    '_',
    '\\',
    '*',
    ',',
    '(',
    ')',
    '.',
    '%%',
    '_%_',
    '.*',
    '\\%',
    '(.*)',
    "'",
    '"',
    ';',
    "' or 1=1 --",
    '&',
    '|',
    '!',
    ':*',
    '<->',
    '<script>',
    '""',
    '-',
    'or',
    '-"',
  ];

  // 'or' alone is a word too common to search for: refused with the code that says so (as 'the' is, below).
  it.each(HOSTILE.filter((text) => text !== 'or'))('%j alone answers without error and finds nothing', async (text) => {
    expect(await search({ q: text })).toEqual([]);
  });

  // Glued to a word, every character that is not web search syntax (quotes, a leading -, 'or') is a separator.
  it.each(HOSTILE.filter((text) => !/[a-z0-9"-]/i.test(text)))(
    '%j around a word still finds only that word',
    async (text) => {
      const rows = await search({ q: `${text}gryphonwood${text}`, district_id: NORTH });
      expect(ids(rows)).toEqual([`meeting:${meeting.hostile}`]);
    },
  );

  it('finds a phrase in a record too large to hold its word pairs, which holds a word saying so', async () => {
    // 20,000 different words of 24 letters and digits: their pairs (about 1.1 MB) would not fit in a tsvector beside
    // the words, so the meeting holds 'no word pairs', and a phrase search takes it in as one that may match.
    const word = (n: number) => `zq${String(n).padStart(22, '0')}`;
    const [{ id }] = await sql<{ id: number }>(
      `insert into public.meetings ("districtId", date, title, summary)
       select $1, '2025-06-20', 'Long Minutes', '<p>' || string_agg('zq' || lpad(n::text, 22, '0'), ' ' order by n) || '</p>'
         from generate_series(1, 20000) as n
       returning id::int`,
      [SOUTH],
    );
    const [{ held }] = await sql<{ held: boolean }>(
      "select search_vector @@ '''no word pairs'''::tsquery as held from public.meetings where id = $1",
      [id],
    );
    expect(held).toBe(true);
    expect(ids(await search({ q: `"${word(100)} ${word(101)}"` }))).toEqual([`meeting:${id}`]);
    expect(await search({ q: `"${word(101)} ${word(100)}"` })).toEqual([]);
  });

  it('does not treat :* as a prefix search', async () => {
    expect(await search({ q: 'gryphon:*' })).toEqual([]);
  });

  it('carries no markup from the data in its snippet, only the match marks', async () => {
    const [row] = await search({ q: 'gryphonwood', district_id: NORTH });
    expect(row.title).toBe('Board Meeting');
    const withoutMarks = row.snippet.replaceAll('<mark>', '').replaceAll('</mark>', '');
    expect(withoutMarks).not.toMatch(/[<>]/);
    expect(row.snippet).toBe('Crossing safety and a <mark>gryphonwood</mark> report &amp; more. · Safety');
  });

  it('refuses text over 200 characters with a 400, its code and the lengths, and takes 200', async () => {
    const { status, body } = await rpc<ApiError>('search_records', { q: 'a'.repeat(201) });
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual({ code: 'search.too_long', max: 200, length: 201 });
    expect(await search({ q: `${'gryphonwood '.repeat(16)}gryph`.slice(0, 200) })).toEqual(expect.any(Array));
  });

  it('answers nothing for empty text, and says so when every word is too common to search for', async () => {
    expect(await search({ q: '' })).toEqual([]);
    expect(await search({ q: '   ' })).toEqual([]);
    for (const q of ['the and of', 'or']) {
      const { status, body } = await rpc<ApiError>('search_records', { q });
      expect(status).toBe(400);
      expect(refusalOf(body)).toEqual({ code: 'search.stop_words' });
    }
  });
});

// A word in more records of a kind than are ranked (3,000): answered newest first, and paging reaches every match.
describe('a word in more than 3,000 records of a kind', () => {
  const WIDE = 990303;
  let oldest = 0;
  beforeAll(async () => {
    await sql('insert into public.districts (id, name) values ($1, $2)', [WIDE, 'Quokka Flats School District']);
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
      select $1, date '2080-01-01' + n, 'Regular Board Meeting', '<p>The quokkafest report was read.</p>' from generate_series(1, 3500) as n`,
      [WIDE],
    );
    // The best match of all (the word in its title, twice in its text), and the oldest.
    oldest = (
      await sql<{ id: number }>(
        `insert into public.meetings ("districtId", date, title, summary)
      values ($1, '2079-06-01', 'Quokkafest Hearing', '<p>Quokkafest, and quokkafest again.</p>') returning id::int`,
        [WIDE],
      )
    )[0].id;
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [WIDE]);
  });

  it('answers its newest matches first, and finds an older one in a date range', async () => {
    const rows = await search({ q: 'quokkafest', page_size: 50 });
    expect(rows).toHaveLength(50);
    expect(ids(rows)).not.toContain(`meeting:${oldest}`);
    // Newest first.
    expect(rows.every((row) => row.date! > '2089-01-01')).toBe(true);
    const older = await search({ q: 'quokkafest', date_to: '2079-12-31' });
    expect(ids(older)).toEqual([`meeting:${oldest}`]);
  });

  it('pages a phrase of common words to its oldest match, newest first, finding every one once', async () => {
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.meetings where search_vector @@ websearch_to_tsquery('english', '"quokkafest report"')`,
    );
    expect(n).toBe(3500);
    const pages = await pagesToTheEnd({ q: '"quokkafest report"', page_size: 50 });
    // The first page says how the results are ordered and how many there are (counted up to 1,000 a kind).
    expect(pages[0][0]).toMatchObject({ ordered: 'newest', matches: 1000, more_matches: true });
    const paged = pages.flat();
    expect(paged).toHaveLength(3500);
    expect(new Set(ids(paged)).size).toBe(3500);
    const dates = paged.map((row) => row.date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.at(-1)).toBe('2080-01-02');
  });

  it('answers a phrase whose words are each in every one of them but never together, with nothing', async () => {
    expect(await search({ q: '"report quokkafest"' })).toEqual([]);
    expect(await search({ q: 'quokkafest -report -hearing' })).toEqual([]);
  });
});

// Newest first across the three kinds: meetings and votes by date together, a vote without a date and the topics
// (no date) after every dated record, each reached once by paging, though a page of meetings bounds how far back the
// votes after them are walked.
describe('a common word answered newest first, across meetings, votes and topics', () => {
  const MIXED = 990304;
  let expected: string[] = [];
  beforeAll(async () => {
    await sql('insert into public.districts (id, name) values ($1, $2)', [MIXED, 'Wombatvale School District']);
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
      select $1, date '2070-01-01' + n, 'Regular Board Meeting', '<p>The wombatfair was planned.</p>' from generate_series(1, 3100) as n`,
      [MIXED],
    );
    const votes = await sql<{ id: number; day: string | null }>(
      `insert into public.votings ("districtId", type, "voteDate", category, issue, outcome)
      values ($1, 'past', '2070-01-05', 'Events', 'Wombatfair budget', 'Passed'), ($1, 'past', null, 'Events', 'Wombatfair date', 'Passed'),
             ($1, 'past', date '2070-01-01' + 3100, 'Events', 'Wombatfair tickets', 'Passed')
      returning id::int, "voteDate"::text as day`,
      [MIXED],
    );
    const topics = await sql<{ id: number }>(
      `insert into public.topics ("districtId", title, description) values ($1, 'Wombatfair', 'The fair.'), ($1, 'Wombatfair volunteers', 'Help.') returning id::int`,
      [MIXED],
    );
    const meetings = await sql<{ id: number; day: string }>(
      `select id::int, date::text as day from public.meetings where "districtId" = $1`,
      [MIXED],
    );
    // date desc (none last), then kind desc (vote, topic, meeting), then id desc.
    const rank = { vote: 3, topic: 2, meeting: 1 } as const;
    const all = [
      ...meetings.map((m) => ({ key: `meeting:${m.id}`, day: m.day, kind: 'meeting' as const, id: m.id })),
      ...votes.map((v) => ({ key: `vote:${v.id}`, day: v.day, kind: 'vote' as const, id: v.id })),
      ...topics.map((t) => ({ key: `topic:${t.id}`, day: null, kind: 'topic' as const, id: t.id })),
    ];
    all.sort((a, b) => (b.day ?? '').localeCompare(a.day ?? '') || rank[b.kind] - rank[a.kind] || b.id - a.id);
    expected = all.map((row) => row.key);
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [MIXED]);
  });

  it('pages through every meeting, vote and topic in that order, each once', async () => {
    const pages = await pagesToTheEnd({ q: 'wombatfair', page_size: 50 });
    // 3,100 meetings, 2 votes and 2 topics: the meetings, counted first, have more than 1,000, so the votes and
    // topics are not counted.
    expect(pages[0][0]).toMatchObject({ ordered: 'newest', matches: 1000, more_matches: true });
    // The vote on the newest meeting's day comes before it (vote, then meeting, on one day); the vote days after
    // the oldest meeting is not walked for this page, which the meetings fill.
    expect(pages[0].slice(0, 2).map((row) => [row.kind, row.date])).toEqual([
      ['vote', '2078-06-28'],
      ['meeting', '2078-06-28'],
    ]);
    expect(ids(pages.flat())).toEqual(expected);
  });
});

// The count of a newest-first search: up to 1,000 a kind, exact when no kind has more, though together they do.
describe('the count of matches answered newest first', () => {
  const COUNTED = 990305;
  beforeAll(async () => {
    await sql('insert into public.districts (id, name) values ($1, $2)', [COUNTED, 'Wallabyton School District']);
    // 3,100 meetings hold both words, more than are ranked; 800 of them hold the phrase with its words left out.
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
      select $1, date '2060-01-01' + n, 'Regular Board Meeting',
             case when n <= 800 then '<p>The wallabyfest of the report.</p>' else '<p>The report of the wallabyfest.</p>' end
        from generate_series(1, 3100) as n`,
      [COUNTED],
    );
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", category, issue, outcome)
      select $1, 'past', date '2060-01-01' + n, 'Events', 'Wallabyfest of the report', 'Passed' from generate_series(1, 434) as n`,
      [COUNTED],
    );
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [COUNTED]);
  });

  it('says 1,234 matches, newest first, for 800 meetings and 434 votes, and pages through each once', async () => {
    const first = await search({ q: '"wallabyfest of the report"' });
    expect(first[0]).toMatchObject({ ordered: 'newest', matches: 1234, more_matches: false });
    // Each kind, counted in full, is gathered through the GIN index and sorted: the newest 20 meetings of the phrase.
    const [{ newest }] = await sql<{ newest: string[] }>(
      `select array_agg(d::text order by d desc) as newest from (
         select date as d from public.meetings where "districtId" = $1 and summary like '%wallabyfest of%'
         order by date desc limit 20) m`,
      [COUNTED],
    );
    expect(first.map((row) => row.date)).toEqual(newest);
    const paged = (await pagesToTheEnd({ q: '"wallabyfest of the report"', page_size: 50 })).flat();
    expect(new Set(ids(paged)).size).toBe(1234);
    const dates = paged.map((row) => row.date!);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

// A phrase newest first, whose meetings are walked (more than 1,000 match) while its votes and topics, few, are read
// from the rows holding its words, on the first page and on each later one after the cursor: one order across the
// kinds, a day's vote before its meeting, the topics (no date) last, every row once.
describe('a phrase paged across kinds, the few read apart from the many', () => {
  const PAGED = 990306;
  const phrase = '"numbatfest of the report"';
  beforeAll(async () => {
    await sql('insert into public.districts (id, name) values ($1, $2)', [PAGED, 'Numbatvale School District']);
    // 3,100 meetings hold both words, 1,100 of them the phrase; 48 votes on the days of the phrase's meetings and 4
    // topics hold it too. Pages of 50: the 23rd ends on the second topic, so the last page follows a topic's cursor.
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
      select $1, date '2050-01-01' + n, 'Regular Board Meeting',
             case when n <= 1100 then '<p>The numbatfest of the report.</p>' else '<p>The report of the numbatfest.</p>' end
        from generate_series(1, 3100) as n`,
      [PAGED],
    );
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", category, issue, outcome)
      select $1, 'past', date '2050-01-01' + 23 * n, 'Events', 'Numbatfest of the report, part ' || n, 'Passed'
        from generate_series(1, 48) as n`,
      [PAGED],
    );
    await sql(
      `insert into public.topics ("districtId", title, description)
      select $1, 'Numbatfest ' || n, 'The numbatfest of the report.' from generate_series(1, 4) as n`,
      [PAGED],
    );
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [PAGED]);
  });

  it('pages through 1,100 meetings, 48 votes and 4 topics in one order, each once', async () => {
    const expected = await sql<{ key: string }>(
      `select kind || ':' || id as key from (
         select 'meeting' as kind, id, date as day from public.meetings where "districtId" = $1 and search_vector @@ $2
         union all
         select 'vote', id, "voteDate" from public.votings where "districtId" = $1 and search_vector @@ $2
         union all
         select 'topic', id, null from public.topics where "districtId" = $1 and search_vector @@ $2) r
        order by day desc nulls last, kind desc, id desc`,
      [PAGED, `${"'numbatfest' <3> 'report'"}`],
    );
    expect(expected).toHaveLength(1152);
    const pages = await pagesToTheEnd({ q: phrase, page_size: 50 });
    // The meetings, counted first, have more than 1,000: the votes and topics after them are not counted.
    expect(pages[0][0]).toMatchObject({ ordered: 'newest', matches: 1000, more_matches: true });
    expect(pages.map((rows) => rows.length)).toEqual([...Array.from({ length: 23 }, () => 50), 2]);
    expect(pages[22].at(-1)!.kind).toBe('topic');
    expect(ids(pages.flat())).toEqual(expected.map((row) => row.key));
  });
});

// Words with a word left out, newest first. A walk down the date index until it has its page reads on to the end when
// the matches are few among the rows holding the words (`board -meeting`: every meeting holding 'board' holds
// 'meeting'), so the walk stops at its window (the newest 5,000 rows); when the window holds fewer than a quarter of
// what is still wanted the rest come from the GIN index, sorted, else the walk goes on. Each way must give the order a
// reference query gives, on the first page and after a cursor.
describe('a word with a word left out, few or many among the rows holding it', () => {
  const LEFT = 990307;
  beforeAll(async () => {
    await sql('insert into public.districts (id, name) values ($1, $2)', [LEFT, 'Bilbyford School District']);
    // 6,200 meetings hold 'bilbyx'; all but the newest 100 and the oldest 300 hold 'quokkax' too, and nine in ten of
    // those 'dunnartx'.
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
      select $1, date '2070-01-01' + n, 'Regular Board Meeting',
             case when n <= 300 or n > 6100 then '<p>The bilbyx report.</p>'
                  when n % 10 = 0 then '<p>The bilbyx and quokkax report.</p>'
                  else '<p>The bilbyx, quokkax and dunnartx report.</p>' end
        from generate_series(1, 6200) as n`,
      [LEFT],
    );
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [LEFT]);
  });

  it.each([
    // The window's 5,000 rows hold 100 matches: the other 300 are read through the GIN index, on the first page (which
    // counts them) and on the third (after a cursor), whose window after the newest 100 holds none.
    ['bilbyx -quokkax', 400, false],
    // The window holds 590 of the 1,001 a count wants, many enough: the walk goes on past it.
    ['bilbyx -dunnartx', 980, false],
    // Every row matches: the window holds the page.
    ['bilbyx -wombatx', 1000, true],
  ])('pages %j newest first to its last match, each once, counting %i', async (q, matches, more) => {
    const expected = await sql<{ key: string }>(
      `select 'meeting:' || id as key from public.meetings
        where "districtId" = $1 and search_vector @@ websearch_to_tsquery('english', $2)
        order by date desc, id desc`,
      [LEFT, q],
    );
    const pages = await pagesToTheEnd({ q, district_id: LEFT, page_size: 50 }, 130);
    expect(pages[0][0]).toMatchObject({ ordered: 'newest', matches, more_matches: more });
    expect(ids(pages.flat())).toEqual(expected.map((row) => row.key));
    expect(expected).toHaveLength(more ? 6200 : matches);
  });
});

// One client once held every database connection with searches of 28 excluded words and nothing to look for (each
// read the whole record for 1-2 s): 20 at once all ended in 500, and a plain read waited 7 s.
describe('a bounded cost, and a limit on searches at once per client', () => {
  it.each([
    ['-board', { code: 'search.only_left_out' }],
    ['the', { code: 'search.stop_words' }],
    ['and of the', { code: 'search.stop_words' }],
    ['-board -school -meeting -trustee -budget -staff', { code: 'search.only_left_out' }],
    ['zephyrine or -marmoset', { code: 'search.only_left_out' }],
    [
      'zephyrine -board -school -meeting -trustee -budget -staff',
      { code: 'search.too_many_left_out', max: 5, count: 6 },
    ],
    [
      'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo',
      { code: 'search.too_many_words', max: 10, count: 11 },
    ],
  ])('refuses %j with a 400 and the code saying why', async (q, refusal) => {
    const { status, body } = await rpc<ApiError>('search_records', { q, page_size: 50 });
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual(refusal);
  });

  it('takes 10 words to look for and 5 to leave out, a word repeated counting once', async () => {
    expect(
      ids(
        await search({
          q: 'zephyrine -board -school -meeting -trustee -"lunch contract"',
          district_id: NORTH,
          kinds: ['topic'],
        }),
      ),
    ).toEqual([`topic:${topic.north}`]);
    expect(
      await search({ q: 'zephyrine pathways how the works decided so far what comes next public comment trustees' }),
    ).toEqual([]);
    expect(ids(await search({ q: 'zephyrine zephyrine zephyrine pathway pathways', kinds: ['topic'] }))).toEqual([
      `topic:${topic.north}`,
    ]);
  });

  it("answers a client's fourth search at once with 429 and plain words at once, while another client searches and reads", async () => {
    const busy = newClientAddress();
    const other = newClientAddress();
    // While the meetings are locked, every search that reaches them waits there, holding its place.
    const lock = await superuser();
    const waiting = async () =>
      (
        await sql<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%search_records%'",
        )
      )[0].n;
    // A search's answer: its results (200) or the refusal (429), which the assertions below tell apart by status.
    type Answer = { status: number; body: Result[] | ApiError };
    const answered: Answer[] = [];
    let searches: Promise<Answer>[];
    let refused: Answer[];
    try {
      await lock.query('begin');
      await lock.query('lock table public.meetings in access exclusive mode');
      searches = Array.from({ length: 6 }, async () => {
        const answer = await rpcFrom<Result[] | ApiError>(busy, 'search_records', { q: 'zephyrine' });
        answered.push(answer);
        return answer;
      });
      await vi.waitFor(() => expect(answered.length).toBe(3), { timeout: 2000, interval: 20 });
      // Answered while three of them wait: the other three.
      refused = [...answered];
      const elsewhere = rpcFrom<Result[] | ApiError>(other, 'search_records', { q: 'zephyrine' });
      await vi.waitFor(async () => expect(await waiting()).toBe(4), { timeout: 2000, interval: 20 });
      expect(await rest('/districts?select=id&id=eq.' + NORTH)).toEqual({ status: 200, body: [{ id: NORTH }] });
      await lock.query('rollback');
      searches.push(elsewhere);
    } finally {
      await lock.query('rollback');
      await lock.end();
    }
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(refusalOf(answer.body as ApiError)).toEqual({ code: 'limit.searches' });
    }
    const all = await Promise.all(searches);
    expect(all.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 429, 429, 429]);
    for (const answer of all.filter((a) => a.status === 200))
      expect(ids(answer.body as Result[])).toContain(`meeting:${meeting.title}`);
    // Its searches done, the client searches again.
    expect((await rpcFrom(busy, 'search_records', { q: 'zephyrine' })).status).toBe(200);
  });
});

describe('privacy', () => {
  it('searches only the public record: no subscriber address or private table is found', async () => {
    await sql("insert into public.subscriptions (district_id, email) values ($1, 'halcyonquill@example.com')", [NORTH]);
    expect(await search({ q: 'halcyonquill' })).toEqual([]);
    expect(await search({ q: 'halcyonquill@example.com' })).toEqual([]);
  });

  it("reads as its owner only behind the public function, which runs with the caller's rights", async () => {
    const rows = await sql<{ name: string; definer: boolean }>(
      "select p.oid::regprocedure::text as name, p.prosecdef as definer from pg_proc p where p.proname = 'search_records' order by 1",
    );
    expect(rows).toEqual([
      { name: 'private.search_records(text,bigint,text[],date,date,integer,text,text,text)', definer: true },
      { name: 'search_records(text,bigint,text[],date,date,integer,text,text,text)', definer: false },
    ]);
  });
});

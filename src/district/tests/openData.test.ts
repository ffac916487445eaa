// Open data per district: all votes as CSV (one row per member vote, safe in a spreadsheet), read back with a real
// CSV parser, and as Open Civic Data VoteEvents.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { MemberVoting } from '../boardMembers';
import {
  CSV_COLUMNS,
  csvCell,
  ocdOption,
  voteEventsPath,
  votesCsvPath,
  schoolYear,
  voteEvents,
  voteResult,
  votesCsv,
} from '../follow/openData';

const record = (
  id: number,
  voteDate: string | null,
  votes: [string, string][],
  over: Partial<MemberVoting> = {},
): MemberVoting => ({
  id,
  type: 'recent',
  voteDate,
  category: 'Budget',
  issue: `Issue ${id}`,
  outcome: 'Passed',
  votes: votes.map(([name, vote]) => ({ name, vote })),
  ...over,
});

describe('csvCell: RFC 4180 quoting, and no cell a spreadsheet would run as a formula', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [42, '42'],
    ['a, b', '"a, b"'],
    ['say "yes"', '"say ""yes"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['a=1', 'a=1'],
  ])('%j → %j', (value, cell) => expect(csvCell(value)).toBe(cell));
});

describe('votesCsv: one row per member vote, read back by csv-parse', () => {
  const votings = [
    record(
      1,
      '2024-09-10',
      [
        ['Ann Lee', 'Yes'],
        ['Bo Park', 'No'],
      ],
      { type: 'past', outcome: 'Passed (1-1)' },
    ),
    record(
      2,
      '2025-03-04',
      [
        ['Ann Lee', 'Yes'],
        ['Bo Park', '-'],
        ['Cy "CJ" Diaz', 'Absent'],
      ],
      { issue: 'Adopt budget, 2025-26\nsecond reading', category: '=cmd|calc' },
    ),
    record(3, null, [], { issue: 'No roll call' }),
    record(4, '2025-03-04', [['Ann Lee', 'yes']], { outcome: null, category: null }),
  ];
  const rows: string[][] = parse(votesCsv(votings), { relax_column_count: false });

  it('has the header, then a row per member vote, newest records first', () => {
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      ['2025-03-04', "'=cmd|calc", 'Adopt budget, 2025-26\nsecond reading', 'Passed', 'Ann Lee', 'Yes', '2', 'recent'],
      ['2025-03-04', "'=cmd|calc", 'Adopt budget, 2025-26\nsecond reading', 'Passed', 'Bo Park', '', '2', 'recent'],
      [
        '2025-03-04',
        "'=cmd|calc",
        'Adopt budget, 2025-26\nsecond reading',
        'Passed',
        'Cy "CJ" Diaz',
        'Absent',
        '2',
        'recent',
      ],
      ['2025-03-04', '', 'Issue 4', '', 'Ann Lee', 'yes', '4', 'recent'],
      ['2024-09-10', 'Budget', 'Issue 1', 'Passed (1-1)', 'Ann Lee', 'Yes', '1', 'past'],
      ['2024-09-10', 'Budget', 'Issue 1', 'Passed (1-1)', 'Bo Park', 'No', '1', 'past'],
    ]);
  });

  it('ends every line with CRLF', () => {
    const csv = votesCsv(votings);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parse(csv, { record_delimiter: '\r\n' })).toHaveLength(rows.length);
  });

  it('no cell starts with a formula character', () => {
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('is only the header for a district without votes', () => expect(parse(votesCsv([]))).toEqual([[...CSV_COLUMNS]]));
});

describe('ocdOption: Open Civic Data vote options', () => {
  it.each([
    ['Yes', 'yes'],
    ['YES', 'yes'],
    ['no', 'no'],
    ['Abstain', 'abstain'],
    ['Absent', 'absent'],
    ['Excused', 'excused'],
    ['Recused', 'not voting'],
    ['-', 'not voting'],
    ['', 'not voting'],
    ['Paired', 'paired'],
    ['Present', 'other'],
  ])('%j → %s', (vote, option) => expect(ocdOption(vote)).toBe(option));
});

describe('voteResult: the outcome text when clear, else a majority of Yes', () => {
  it.each([
    ['Passed', 0, 5, 'pass'],
    ['Approved (consent agenda)', 0, 0, 'pass'],
    ['Adopted', 0, 0, 'pass'],
    ['Motion carried', 0, 0, 'pass'],
    ['Failed (2-3)', 5, 0, 'fail'],
    ['Rejected', 0, 0, 'fail'],
    ['Tabled', 0, 0, 'fail'],
    ['Not approved', 5, 0, 'fail'],
    ['Motion failed; substitute approved', 3, 2, 'pass'],
    ['Motion failed; substitute approved', 2, 3, 'fail'],
    ['Information only', 0, 0, 'fail'],
    [null, 4, 1, 'pass'],
    [null, 2, 2, 'fail'],
    ['', 1, 2, 'fail'],
    ['Decision (4-1)', 0, 0, 'pass'],
    ['Decision (1-4-0)', 0, 0, 'fail'],
    ['Decision (4-1)', 1, 3, 'fail'],
    ['Passover discussion', 0, 0, 'fail'],
  ])('%j with %i yes, %i no → %s', (outcome, yes, no, result) => expect(voteResult(outcome, { yes, no })).toBe(result));
});

describe('schoolYear: July to June', () => {
  it.each([
    ['2025-03-04', '2024-2025'],
    ['2025-06-30', '2024-2025'],
    ['2025-07-01', '2025-2026'],
    ['2024-12-31', '2024-2025'],
  ])('%s → %s', (date, year) => expect(schoolYear(date)).toBe(year));
});

describe('voteEvents: each record as an Open Civic Data VoteEvent', () => {
  const district = { id: 1, name: 'Palo Alto Unified School District' };
  const votings = [
    record(
      7,
      '2025-03-04',
      [
        ['Ann Lee', 'Yes'],
        ['Bo Park', 'No'],
        ['Cy Diaz', 'Absent'],
        ['Di Fox', '-'],
        ['Ed Gu', 'yes'],
      ],
      { outcome: null },
    ),
    record(
      9,
      '2025-06-17',
      [
        ['Ann Lee', 'No'],
        ['Bo Park', 'No'],
      ],
      { outcome: 'Tabled', type: 'past' },
    ),
  ];
  // Read back as a consumer would: through JSON.
  const events = JSON.parse(JSON.stringify(voteEvents(district, votings, 'https://example.org'))) as ReturnType<
    typeof voteEvents
  >;

  it('is newest first', () => expect(events.map((event) => event.identifier)).toEqual(['vote-9', 'vote-7']));

  it('carries the shape Open Civic Data names', () => {
    expect(events[1]).toEqual({
      identifier: 'vote-7',
      motion_text: 'Issue 7',
      motion_classification: [],
      start_date: '2025-03-04',
      result: 'pass',
      organization: 'Palo Alto Unified School District',
      legislative_session: '2024-2025',
      counts: [
        { option: 'yes', value: 2 },
        { option: 'no', value: 1 },
        { option: 'absent', value: 1 },
        { option: 'not voting', value: 1 },
      ],
      votes: [
        { option: 'yes', voter_name: 'Ann Lee' },
        { option: 'no', voter_name: 'Bo Park' },
        { option: 'absent', voter_name: 'Cy Diaz' },
        { option: 'not voting', voter_name: 'Di Fox' },
        // A vote worded otherwise than its option keeps its words in the note, so the file loads back as it was.
        { option: 'yes', voter_name: 'Ed Gu', note: 'yes' },
      ],
      sources: [
        { url: 'https://example.org/1?tab=Voting#vote-7', note: 'Palo Alto Unified School District board votes' },
      ],
      extras: { record_id: 7, district_id: 1, table: 'recent', category: 'Budget', outcome: null },
    });
  });

  it('reads the result from the outcome first', () =>
    expect(events[0]).toMatchObject({
      result: 'fail',
      counts: [
        { option: 'yes', value: 0 },
        { option: 'no', value: 2 },
      ],
    }));

  it('counts equal the votes listed', () => {
    for (const event of events) {
      const total = event.counts.reduce((sum, count) => sum + count.value, 0);
      expect(total).toBe(event.votes.length);
    }
  });
});

describe('where the open data is published', () => {
  it.each([
    [1, '/1/votes.csv', '/1/votes.json'],
    [4031, '/4031/votes.csv', '/4031/votes.json'],
  ])('district %i', (id, csv, json) => {
    expect(votesCsvPath(id)).toBe(csv);
    expect(voteEventsPath(id)).toBe(json);
  });
});

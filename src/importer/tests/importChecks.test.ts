// The import's rules (npm run import): how a spreadsheet's cells are read and what makes a row wrong, each in the
// words a volunteer reads.
import { describe, expect, it } from 'vitest';
import {
  countLine,
  describeProblem,
  firstTimestamp,
  isTimeZone,
  looksLikeFormula,
  memberKey,
  memberName,
  outcomeMismatch,
  parseChoice,
  parseCount,
  parseDate,
  parseFlag,
  parseWebLink,
  isHttpLink,
  parseTime,
  parseTopics,
  parseVideoLink,
  quoteValue,
  suggestColumn,
  unguardCell,
  voteTable,
  SUMMARY_SOURCES,
} from '../importChecks';
import { exitCode, reportCsv, reportLines } from '../importReport';

const value = <T>(result: { ok: true; value: T } | { ok: false; message: string }) =>
  result.ok ? result.value : `! ${result.message}`;

describe('parseDate: dates as a spreadsheet writes them', () => {
  it.each([
    ['2025-06-17', '2025-06-17'],
    ['6/17/2025', '2025-06-17'],
    ['06/07/2025', '2025-06-07'],
    [' 2024-2-29 ', '2024-02-29'],
    ['2/29/2024', '2024-02-29'],
  ])('%s reads as %s', (cell, expected) => expect(value(parseDate(cell))).toBe(expected));

  it.each([
    ['2025-02-29', 'is not a day on the calendar'],
    ['6/31/2025', 'is not a day on the calendar'],
    ['13/1/2025', 'is not a day on the calendar'],
    ['17/06/2025', 'is not a day on the calendar'],
    ['June 17, 2025', 'is not a date. Write it as 2025-06-17 or 6/17/2025.'],
    ['2025-06-17T18:00', 'is not a date'],
    ['', 'is not a date'],
  ])('%s is refused: %s', (cell, message) => expect(value(parseDate(cell))).toContain(message));
});

describe('parseCount: whole numbers with thousands separators', () => {
  it.each([
    ['12345', 12345],
    ['12,345', 12345],
    ['1,234,567', 1234567],
    [' 0 ', 0],
    ['12 345', 12345],
  ])('%s reads as %d', (cell, expected) => expect(value(parseCount(cell))).toBe(expected));
  it.each(['12,34', '1.5', '-3', 'ten', '', '99999999999'])('%s is refused', (cell) =>
    expect(String(value(parseCount(cell)))).toMatch(/^! /),
  );
});

describe('parseTime: a start time as 18:00 or 6:00 PM', () => {
  it.each([
    ['18:00', '18:00'],
    ['6:00 PM', '18:00'],
    ['6 pm', '18:00'],
    ['6:30pm', '18:30'],
    ['12:00 am', '00:00'],
    ['12:15 p.m.', '12:15'],
    ['9:05', '09:05'],
  ])('%s reads as %s', (cell, expected) => expect(value(parseTime(cell))).toBe(expected));
  it.each(['25:00', '13:00 pm', '6', 'evening', '18:60'])('%s is refused', (cell) =>
    expect(String(value(parseTime(cell)))).toMatch(/^! /),
  );
});

describe('the other cells', () => {
  it.each([
    ['America/Los_Angeles', true],
    ['America/Indiana/Indianapolis', true],
    ['UTC', true],
    ['Pacific Time', false],
    ['America/Nowhere', false],
    ['PST', false],
  ])('isTimeZone(%s) is %s', (zone, expected) => expect(isTimeZone(zone)).toBe(expected));

  it.each([
    ['TRUE', true],
    ['yes', true],
    ['1', true],
    ['False', false],
    ['no', false],
    ['0', false],
  ])('parseFlag(%s) is %s', (cell, expected) => expect(value(parseFlag(cell))).toBe(expected));
  it('parseFlag refuses anything else', () => expect(value(parseFlag('maybe'))).toContain('is not yes or no'));

  it.each([
    ['https://pausd.org/agenda.pdf', 'https://pausd.org/agenda.pdf'],
    ['http://pausd.org/agenda.pdf', 'http://pausd.org/agenda.pdf'],
    ['javascript:alert(1)', '! is not a web address (https:// or http://)'],
    ['file:///etc/passwd', '! is not a web address (https:// or http://)'],
    ['pausd.org/agenda', '! is not a web address'],
  ])('parseWebLink(%s)', (cell, expected) => expect(String(value(parseWebLink(cell)))).toContain(expected));
  it.each([
    ['http://pausd.org/agenda.pdf', true],
    ['HTTP://pausd.org/agenda.pdf', true],
    ['https://pausd.org/agenda.pdf', false],
  ])('isHttpLink(%s) is %s', (url, expected) => expect(isHttpLink(url)).toBe(expected));

  it.each([
    ['https://www.youtube.com/watch?v=aBcDeFgHiJ1', true],
    ['https://youtu.be/Qx7mN2pLk4Z', true],
    ['https://www.youtube.com/embed/Zt3vWq8Rb5K', true],
    ['https://vimeo.com/123456', false],
    ['https://www.youtube.com/watch?v=short', false],
  ])('parseVideoLink(%s) playable: %s', (cell, playable) => expect(parseVideoLink(cell).ok).toBe(playable));

  it.each([
    ['Budget, LCAP', 'Budget, LCAP'],
    ['["Budget", "LCAP"]', ['Budget', 'LCAP']],
    ['[Budget', '! starts with [ but is not a list of topics'],
  ])('parseTopics(%s)', (cell, expected) => {
    const got = value(parseTopics(cell));
    if (typeof expected === 'string' && expected.startsWith('!')) expect(got).toContain(expected);
    else expect(got).toEqual(expected);
  });

  it.each([
    ['AI_VIDEO', 'ai_video'],
    ['staff', 'staff'],
    ['minutes', 'minutes'],
  ])('parseChoice(%s) among the summary sources', (cell, expected) =>
    expect(value(parseChoice(cell, SUMMARY_SOURCES))).toBe(expected),
  );
  it('parseChoice names the choices when the cell is none of them', () =>
    expect(value(parseChoice('robot', SUMMARY_SOURCES))).toBe('! is not one of staff, ai_video, minutes.'));
});

describe('formula-like cells are refused unless written as text with a quote, which goes', () => {
  it.each([
    ['=SUM(A1:A3)', true],
    ['+1 (650) 555-0100', false],
    ['+cmd|x', true],
    ['@mention', true],
    ['-IMPORTXML(x)', true],
    ['-', false],
    ['-5', false],
    ['Budget', false],
  ])('looksLikeFormula(%s) is %s', (cell, expected) => expect(looksLikeFormula(cell)).toBe(expected));

  it.each([
    ["'=SUM(A1)", '=SUM(A1)'],
    ["'-5", '-5'],
    ["'quoted", "'quoted"],
    ['plain', 'plain'],
  ])('unguardCell(%s) is %s', (cell, expected) => expect(unguardCell(cell)).toBe(expected));
});

describe('members, outcomes, time stamps and tables', () => {
  it.each([
    ['Maria Okafor', 'maria okafor '],
    ['Maria  Okafor', 'MARIA OKAFOR'],
  ])('%j and %j are one member spelt two ways', (a, b) => {
    expect(memberKey(a)).toBe(memberKey(b));
    expect(memberName(a) === memberName(b)).toBe(false);
  });

  it.each([
    ['Passed (4-1)', ['Yes', 'Yes', 'Yes', 'Yes', 'No'], null],
    [
      'Passed (4-1)',
      ['Yes', 'Yes', 'Yes', 'No', 'No'],
      "contradicts its votes: 'Passed (4-1)' counts 4-1-0 but the votes are 3 Yes, 2 No, 0 other. Correct the outcome or the votes.",
    ],
    ['Failed (2-3)', ['Yes', 'Yes', 'No', 'No', 'No'], null],
    ['Tabled', [], null],
    [
      'Tabled',
      ['Yes'],
      "contradicts its votes: 'Tabled' says no decision was taken but 1 Yes or No votes are recorded. Correct the outcome or the votes.",
    ],
  ])('outcomeMismatch(%s, %j)', (outcome, votes, expected) =>
    expect(
      outcomeMismatch(
        outcome,
        votes.map((vote) => ({ vote })),
      ),
    ).toBe(expected),
  );

  it.each([
    ['<p>Public comment began at 1:05:10.</p>', '1:05:10'],
    ['<p>Staff presented at <strong>12:45</strong>.</p>', '12:45'],
    ['<p>The meeting began at 6:00 p.m.</p>', null],
    ['<p>Passed 4-1.</p>', null],
  ])('firstTimestamp(%s) is %s', (html, expected) => expect(firstTimestamp(html)).toBe(expected));

  it.each([
    ['2025-03-11', '2025-06-17', 'recent'],
    ['2024-08-13', '2025-06-17', 'recent'],
    ['2024-06-18', '2025-06-17', 'past'],
    ['2025-08-12', '2025-08-12', 'recent'],
  ])('voteTable(%s, newest %s) is %s', (date, newest, expected) => expect(voteTable(date, newest)).toBe(expected));

  it.each([
    ['summery', ['date', 'title', 'summary'], 'summary'],
    ['Vote Date', ['date', 'voteDate', 'issue'], 'voteDate'],
    ['district', ['district_id', 'date'], 'district_id'],
    ['zzzz', ['date', 'title'], null],
  ])('suggestColumn(%s) is %s', (header, known, expected) => expect(suggestColumn(header, known)).toBe(expected));
});

describe('the report', () => {
  const problem = {
    severity: 'error' as const,
    file: '1/votes.csv',
    row: 7,
    column: 'outcome',
    value: 'Passed (4-1)',
    message: 'contradicts its votes.',
  };

  it('names the file, the row as a spreadsheet shows it, the column and the value', () => {
    expect(describeProblem(problem)).toBe(
      'ERROR 1/votes.csv, row 7, column outcome: "Passed (4-1)" contradicts its votes.',
    );
    expect(describeProblem({ ...problem, severity: 'warning', row: null, column: null, value: null })).toBe(
      'warning 1/votes.csv: contradicts its votes.',
    );
    expect(quoteValue('x'.repeat(100))).toHaveLength(78);
  });

  it('counts each kind, and says when a run wrote nothing', () => {
    expect(countLine('votings', { added: 2, changed: 1, unchanged: 30, removed: 0 })).toBe(
      'votes: 2 added, 1 changed, 30 unchanged',
    );
    expect(countLine('meetings', { added: 0, changed: 0, unchanged: 5, removed: 2 }, 1)).toBe(
      'meetings: 0 added, 0 changed, 5 unchanged, 2 removed, 1 skipped',
    );
    const counts = { added: 0, changed: 0, unchanged: 0, removed: 0 };
    const run = {
      status: 'refused' as const,
      counts: { districts: counts, meetings: counts, topics: counts, votings: counts },
      skipped: { districts: 0, meetings: 0, topics: 0, votings: 1 },
      problems: [problem],
      removed: [],
    };
    expect(reportLines(run, 'the database')[0]).toBe(
      'Nothing was written to the database: 1 problem below must be fixed first (or run again with --skip-invalid to write the other rows).',
    );
    expect(exitCode(run)).toBe(1);
    expect(exitCode({ status: 'written', problems: [problem] })).toBe(2);
    expect(exitCode({ status: 'written', problems: [{ ...problem, severity: 'warning' }] })).toBe(0);
  });

  it('writes the problems as CSV, formula-guarded, to open beside the spreadsheet', () => {
    expect(reportCsv([{ ...problem, value: '=HYPERLINK("x")' }])).toBe(
      'severity,file,row,column,value,reason\r\nerror,1/votes.csv,7,outcome,"\'=HYPERLINK(""x"")",contradicts its votes.\r\n',
    );
  });
});

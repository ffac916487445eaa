// Reading Open Civic Data as the field publishes it: a pupa scrape folder (tests/fixtures/ocd/pupa-scrape), the OCD
// documentation's example Event and Open States API v3 votes, each file as published, and the rules of a member's
// vote, a record's outcome and an event's start.
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { findImportFiles, readImportFile } from '../node/importFiles';
import { resetReadContext, readContext } from '../node/importRows';
import { setAsideProblem } from '../node/importRun';
import { ocdStart } from '../importChecks';
import { outcomeFromOcd, voteFromOcd } from '../../lib/record/ocdVotes';
import { readWrittenFolder } from './writtenFolder';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/ocd');

function readFixture(folder: string) {
  const found = findImportFiles([join(FIXTURES, folder)]);
  const reads = found.files.map(readImportFile);
  return {
    found,
    reads,
    rows: reads.flatMap((read) => read.rows),
    problems: reads.flatMap((read) => read.problems.map((p) => `${p.severity} ${p.file} ${p.column}: ${p.message}`)),
  };
}

beforeEach(() => resetReadContext());

describe('voteFromOcd: the option is the vote, the note only a note', () => {
  it.each([
    ['yes', '', 'Yes'],
    ['yes', undefined, 'Yes'],
    ['no', '', 'No'],
    ['abstain', '', 'Abstain'],
    ['absent', '', 'Absent'],
    ['excused', '', 'Excused'],
    ['not voting', '', ''],
    ['not voting', undefined, '-'],
    ['paired', '', 'Paired'],
    ['other', '', 'Other'],
    ['yes', 'by proxy', 'Yes'],
    ['YES', null, 'Yes'],
    // The site's own export keeps the record's words in the note when they name the same option.
    ['not voting', 'Recused', 'Recused'],
    ['not voting', '-', '-'],
    ['other', 'Present', 'Present'],
    ['yes', 'yes', 'yes'],
    ['aye', '', 'aye'],
  ])('%j with note %j → %j', (option, note, vote) => expect(voteFromOcd(option, note)).toBe(vote));
});

describe('outcomeFromOcd: the result and counts as the site writes an outcome', () => {
  it.each([
    [
      'pass',
      [
        { option: 'yes', value: 42 },
        { option: 'no', value: 0 },
      ],
      'Passed (42-0)',
    ],
    ['passed', [{ option: 'yes', value: 3 }], 'Passed (3-0)'],
    [
      'fail',
      [
        { option: 'yes', value: 2 },
        { option: 'no', value: 3 },
        { option: 'abstain', value: 1 },
        { option: 'absent', value: 1 },
        { option: 'not voting', value: 2 },
      ],
      'Failed (2-3-1)',
    ],
    ['pass', [], 'Passed'],
    [null, [{ option: 'yes', value: 5 }], '(5-0)'],
    [undefined, [], null],
    ['withdrawn', [], 'Withdrawn'],
  ])('%j with %j → %j', (result, counts, outcome) => expect(outcomeFromOcd(result, counts)).toBe(outcome));
});

describe('ocdStart: a time with an offset is placed in the zone, never shifted', () => {
  it.each([
    ['2025-06-18T01:00:00+00:00', 'America/Los_Angeles', { date: '2025-06-17', time: '18:00', offset: true }],
    ['2025-06-18T01:00:00Z', 'America/Los_Angeles', { date: '2025-06-17', time: '18:00', offset: true }],
    ['2025-06-17T18:00:00-07:00', 'America/Los_Angeles', { date: '2025-06-17', time: '18:00', offset: true }],
    ['2014-02-12T19:00:00-05:00', 'America/New_York', { date: '2014-02-12', time: '19:00', offset: true }],
    ['2025-01-15T00:30:00Z', 'America/New_York', { date: '2025-01-14', time: '19:30', offset: true }],
    ['2025-06-17T18:00', 'America/Chicago', { date: '2025-06-17', time: '18:00', offset: false }],
    ['2025-06-17', null, { date: '2025-06-17', time: null, offset: false }],
  ])('%s in %s', (value, zone, start) => expect(ocdStart(value, zone)).toEqual({ ok: true, value: start }));

  it('refuses what is not a start', () => {
    expect(ocdStart('June 17', 'America/Los_Angeles').ok).toBe(false);
    expect(ocdStart('2025-02-30', null).ok).toBe(false);
  });
});

describe('a pupa scrape folder as it comes', () => {
  it('reads its events and vote events, sets the rest aside, and keeps every member vote and the result', () => {
    resetReadContext('America/Los_Angeles');
    const { reads, rows, problems } = readFixture('pupa-scrape');
    expect(problems).toEqual([
      'warning 1/event_4f5a6b7c-5d6f-11ef-9c1a-0242ac120002.json media: is an http:// address (not encrypted). It is kept as published and the card links to it; give its https:// address if the district has one.',
    ]);
    const setAside: Record<string, number> = {};
    for (const read of reads)
      for (const [type, count] of Object.entries(read.setAside ?? {})) setAside[type] = (setAside[type] ?? 0) + count;
    expect(setAside).toEqual({ bill: 1, jurisdiction: 1, organization: 1, person: 2 });
    expect(setAsideProblem(setAside).value).toBe('1 bill, 1 jurisdiction, 1 organization, 2 person');
    const votes = rows.filter((row) => row.kind === 'votings').map((row) => row.data);
    expect(votes).toEqual([
      {
        districtId: 1,
        voteDate: '2025-06-17',
        issue: 'Resolution 24-25-17: Adopt the 2025-26 budget',
        outcome: 'Passed (2-1-1)',
        type: 'recent',
        votes: [
          { name: 'Maria Okafor', vote: 'Yes' },
          { name: 'James Lindqvist', vote: 'Yes' },
          { name: 'Priya Raman', vote: 'No' },
          { name: 'Daniel Cho', vote: 'Abstain' },
          { name: 'Elena Petrova', vote: 'Absent' },
        ],
      },
      {
        districtId: 1,
        voteDate: '2025-06-17',
        issue: 'Approve the consent calendar',
        outcome: 'Passed (5-0)',
        type: 'recent',
        votes: [],
      },
    ]);
    const [meeting] = rows.filter((row) => row.kind === 'meetings').map((row) => row.data);
    expect(meeting).toMatchObject({
      date: '2025-06-17',
      title: 'Regular Board Meeting',
      start_time: '18:00',
      time_zone: 'America/Los_Angeles',
      full_video_url: 'http://media.example-usd.org/board/2025-06-17.mp4',
      agenda_url: 'https://www.example-usd.org/board/2025-06-17-agenda.pdf',
      topics: ['Adopt the 2025-26 budget'],
    });
  });

  it('places a UTC time in the time zone districts.csv gives, or the state’s, and says once when there is none', () => {
    readContext.districtZones.set(1, 'America/New_York');
    expect(readFixture('pupa-scrape').rows.find((row) => row.kind === 'meetings')!.data).toMatchObject({
      date: '2025-06-17',
      start_time: '21:00',
      time_zone: 'America/New_York',
    });
    resetReadContext();
    readContext.districtStates.set(1, 'CO');
    expect(readFixture('pupa-scrape').rows.find((row) => row.kind === 'meetings')!.data).toMatchObject({
      start_time: '19:00',
      time_zone: 'America/Denver',
    });
    resetReadContext();
    const none = readFixture('pupa-scrape');
    expect(none.problems.filter((p) => p.startsWith('error'))).toEqual([
      "error 1/event_4f5a6b7c-5d6f-11ef-9c1a-0242ac120002.json timezone: is missing and district 1 has no time zone in the files, but the start has a time (2025-06-18T01:00:00+00:00). Give the event's timezone, a time_zone column in districts.csv, or --time-zone America/Los_Angeles.",
    ]);
  });
});

describe("a vote event's day", () => {
  /** One pupa vote event of district 1 with this start_date, as the scrape writes it; its day, or its errors. */
  const dayOf = (startDate: string, zone?: string) => {
    resetReadContext(zone);
    const event = {
      _type: 'vote_event',
      motion_text: 'Adopt the 2025-26 budget',
      start_date: startDate,
      result: 'pass',
      votes: [{ option: 'yes', voter_name: 'Maria Okafor', note: '' }],
      counts: [{ option: 'yes', value: 1 }],
      extras: {},
    };
    const { reads, rows } = readWrittenFolder({ '1/vote_event_1.json': JSON.stringify(event) });
    const errors = reads.flatMap((read) => read.problems.filter((p) => p.severity === 'error').map((p) => p.message));
    return errors.length ? errors : rows.map((row) => row.data.voteDate);
  };
  it.each<[string, string | undefined, string[]]>([
    ['2025-06-17', undefined, ['2025-06-17']],
    // A UTC time is placed in the district's zone, never read off the UTC day: 6 pm on June 17 in California.
    ['2025-06-18T01:00:00+00:00', 'America/Los_Angeles', ['2025-06-17']],
    ['2025-06-17T19:30:00-07:00', 'America/Los_Angeles', ['2025-06-17']],
    ['2025-06-18T01:00:00Z', 'America/New_York', ['2025-06-17']],
    // Midnight UTC is a day written as a time, and keeps its day.
    ['2025-06-17T00:00:00+00:00', 'America/Los_Angeles', ['2025-06-17']],
    // A time of the clock (no offset) is the district's own: its day as written.
    ['2025-06-17T19:30:00', undefined, ['2025-06-17']],
    [
      '2025-06-18T01:00:00+00:00',
      undefined,
      [
        "has a time with a UTC offset, and district 1 has no time zone in the files, so the vote's day there is not known. Give a time_zone column in districts.csv, or --time-zone America/Los_Angeles.",
      ],
    ],
    ['June 17', undefined, ['is not a date (YYYY-MM-DD, or a date and time).']],
  ])('%s (zone %s)', (startDate, zone, expected) => expect(dayOf(startDate, zone)).toEqual(expected));
});

describe("the OCD documentation's example Event", () => {
  it('reads start_time as start_date, says so once, and keeps its http:// recording, saying so', () => {
    const { rows, problems } = readFixture('docs-example');
    expect(problems).toEqual([
      'warning 1/event-example.json start_time: is the older Open Civic Data name of start_date; it is read as start_date (here and in every event of this file).',
      'warning 1/event-example.json media: is an http:// address (not encrypted). It is kept as published and the card links to it; give its https:// address if the district has one.',
    ]);
    expect(rows[0].data).toMatchObject({
      date: '2014-02-12',
      title: 'Meeting of the Board of Education',
      summary: 'The Board of Education meets to discuss the budget.',
      start_time: '19:00',
      time_zone: 'America/New_York',
      full_video_url: 'http://example.com/board/2014-02-12.mp4',
      topics: ['Budget hearing'],
    });
  });
});

describe('Open States API v3 votes', () => {
  it("import every member's vote, the result and the counts, with the bill beside the motion", () => {
    const { rows, problems } = readFixture('openstates-v3');
    expect(problems).toEqual([]);
    expect(rows.map((row) => row.data)).toEqual([
      {
        districtId: 1,
        voteDate: '2025-06-02',
        issue: 'AB 1234: Assembly Third Reading',
        outcome: 'Passed (2-1-1)',
        type: 'recent',
        votes: [
          { name: 'Alvarez', vote: 'Yes' },
          { name: 'Berman', vote: 'Yes' },
          { name: 'Chen', vote: 'No' },
          { name: 'Dixon', vote: '-' },
          { name: 'Essayli', vote: 'Excused' },
        ],
      },
    ]);
  });
});

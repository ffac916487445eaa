// How much of a board's record the site holds: the span of its dates, the records line, and a board with none yet.
import { describe, expect, it } from 'vitest';
import { hasRecords, recordSpan, recordsLine, subscribeHeading } from '../recordSpan';

const meetings = (...dates: string[]) => dates.map((date) => ({ date }));
const votes = (...dates: (string | null)[]) => dates.map((voteDate) => ({ voteDate }));

describe('recordSpan: the earliest and latest dates of the meetings and votes', () => {
  it.each([
    ['no meeting and no vote', meetings(), votes(), null, null],
    ['only undated votes: no date to give', meetings(), votes(null, null), null, null],
    [
      'meetings only',
      meetings('2025-06-17', '2024-08-13', '2025-01-14'),
      votes(),
      '2026-11-26T10:00:00Z',
      { first: '2024-08-13', last: '2025-06-17', updatedAt: '2026-11-26T10:00:00Z' },
    ],
    [
      'votes only',
      meetings(),
      votes('2025-03-11', '2025-02-11'),
      null,
      { first: '2025-02-11', last: '2025-03-11', updatedAt: null },
    ],
    [
      'a vote before the first meeting widens the span',
      meetings('2025-06-17'),
      votes('2024-05-01', null),
      null,
      { first: '2024-05-01', last: '2025-06-17', updatedAt: null },
    ],
    [
      'a meeting after the last vote widens the span',
      meetings('2025-09-01'),
      votes('2025-06-17'),
      undefined,
      { first: '2025-06-17', last: '2025-09-01', updatedAt: null },
    ],
    [
      'one date',
      meetings('2025-06-17', '2025-06-17'),
      votes('2025-06-17'),
      null,
      { first: '2025-06-17', last: '2025-06-17', updatedAt: null },
    ],
  ] as const)('%s', (_label, m, v, updatedAt, expected) => {
    expect(recordSpan([...m], [...v], updatedAt)).toEqual(expected);
  });
});

describe('recordsLine: dates written long, as the page writes them', () => {
  it.each([
    [
      'a span, last updated',
      { first: '2024-08-13', last: '2025-06-17', updatedAt: '2026-11-26T10:00:00.123+00:00' },
      'Records from August 13, 2024 to June 17, 2025, last updated November 26, 2026',
    ],
    [
      'a span, update not known',
      { first: '2024-08-13', last: '2025-06-17', updatedAt: null },
      'Records from August 13, 2024 to June 17, 2025',
    ],
    [
      'one date',
      { first: '2025-06-17', last: '2025-06-17', updatedAt: '2025-06-18' },
      'Records of June 17, 2025, last updated June 18, 2025',
    ],
    [
      'the update read in UTC, never the day before',
      { first: '2025-01-01', last: '2025-12-31', updatedAt: '2026-01-01T00:30:00Z' },
      'Records from January 1, 2025 to December 31, 2025, last updated January 1, 2026',
    ],
  ] as const)('%s', (_label, span, expected) => {
    expect(recordsLine(span)).toBe(expected);
  });
});

describe('a board with no records yet', () => {
  it.each([
    ['meetings and votes', [1], [1], true],
    ['meetings only', [1], [], true],
    ['votes only', [], [1], true],
    ['neither', [], [], false],
  ] as const)('has records with %s: %s', (_label, m, v, expected) => {
    expect(hasRecords(m, v)).toBe(expected);
  });

  it.each([
    [true, 'Get Summaries In Your Email'],
    [false, 'Tell Me When This Board Is Covered'],
  ])('the subscribe box, when it has records (%s), is headed %j', (covered, heading) => {
    expect(subscribeHeading(covered)).toBe(heading);
  });
});

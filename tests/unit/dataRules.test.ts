// Row rules of the snapshot: votes parsing and row validation, table-driven.
import { describe, expect, it } from 'vitest';
import { parseVotes, checkVoting } from '../../src/lib/data/votings';
import { checkMeeting } from '../../src/lib/data/meetings';
import { checkDistrict } from '../../src/lib/data/districts';
import { formatEnrollment } from '../../src/lib/format';
import { districtImage, DEFAULT_DISTRICT_IMAGE } from '../../src/lib/paths';

const yes = { name: 'A', vote: 'Yes' };

describe('parseVotes: an array, or a JSON string parsing to one; anything else is empty', () => {
  it.each([
    ['an array', [yes], [yes], true],
    ['a JSON string of an array', JSON.stringify([yes]), [yes], true],
    ['an unparseable string', 'not json', [], false],
    ['a JSON string of an object', '{"name":"A"}', [], false],
    ['null', null, [], true],
    ['an empty array', [], [], true],
    ['an array with a bad item', [yes, { name: 'B' }], [yes], false],
    ['a number', 42, [], false],
  ])('%s', (_label, input, votes, ok) => {
    expect(parseVotes(input)).toEqual({ votes, ok });
  });
});

describe('row validation', () => {
  it('keeps a votings row with unparseable votes, as no votes, and says why', () => {
    const { row, problems } = checkVoting({
      id: 7,
      districtId: 1,
      type: 'past',
      voteDate: '2025-01-02',
      category: null,
      issue: 'x',
      outcome: 'Passed',
      votes: 'oops',
    });
    expect(row?.votes).toEqual([]);
    expect(problems).toEqual(['votes: not an array of {name, vote}; shown as no votes']);
  });

  it('leaves out a meeting without a valid date, naming the field', () => {
    const { row, problems } = checkMeeting({ id: 3, districtId: 1, date: '2025-13-45' });
    expect(row).toBeNull();
    expect(problems[0]).toMatch(/^date: /);
  });

  it('leaves out a district without a name', () => {
    expect(checkDistrict({ id: 4, name: '' }).row).toBeNull();
  });

  it('fills defaults for optional district fields', () => {
    expect(checkDistrict({ id: 4, name: 'X' }).row).toEqual({
      id: 4,
      name: 'X',
      state: null,
      county: null,
      address: null,
      phone: null,
      totalStudents: null,
      records_updated_at: null,
    });
  });
});

describe('formatEnrollment: total students with thousands separators', () => {
  it.each([
    [10631, '10,631'],
    [999, '999'],
    [1234567, '1,234,567'],
    [0, '0'],
    [null, 'Not listed'],
  ])('%s → %s', (input, expected) => {
    expect(formatEnrollment(input)).toBe(expected);
  });
});

describe('districtImage: chosen by district id, with a fallback', () => {
  it.each([
    [1, '/images/districts/1.svg'],
    [2, DEFAULT_DISTRICT_IMAGE],
    [99999, DEFAULT_DISTRICT_IMAGE],
  ])('district %s → %s', (id, expected) => {
    expect(districtImage(id)).toBe(expected);
  });
});

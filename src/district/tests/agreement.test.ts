// Who votes together: for every pair of members, the votes both cast and how many of those were the same, as a
// percentage with the count it rests on; and the split votes, newest first.
import { describe, expect, it } from 'vitest';
import { agreementMatrix, agreementPercent, agreementText, splitVotes } from '../agreement';
import type { MemberVoting } from '../boardMembers';

const record = (
  id: number,
  voteDate: string | null,
  votes: string,
  over: Partial<MemberVoting> = {},
): MemberVoting => ({
  id,
  type: 'recent',
  voteDate,
  category: null,
  issue: `Issue ${id}`,
  outcome: null,
  votes: votes
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [name, vote] = pair.split('=');
      return { name, vote };
    }),
  ...over,
});

describe('agreementPercent: whole percentages that never round to always or never', () => {
  it.each([
    [0, 0, null],
    [3, 3, 100],
    [0, 3, 0],
    [2, 3, 67],
    [1, 2, 50],
    [199, 200, 99],
    [1, 200, 1],
    [4, 5, 80],
  ])('%i of %i → %j', (same, shared, percent) => expect(agreementPercent(same, shared)).toBe(percent));
});

describe('agreementText: the percentage with the count it rests on', () => {
  it.each([
    [{ shared: 5, same: 4, percent: 80 }, '80% of 5 votes'],
    [{ shared: 1, same: 1, percent: 100 }, '100% of 1 vote'],
    [{ shared: 0, same: 0, percent: null }, 'No shared votes'],
  ])('%j → %s', (cell, text) => expect(agreementText(cell)).toBe(text));
});

describe('agreementMatrix: pairs counted over the records where both cast a vote', () => {
  const votings = [
    record(1, '2025-01-01', 'A=Yes,B=Yes,C=No'),
    record(2, '2025-02-01', 'A=Yes,B=yes,C=Yes'),
    record(3, '2025-03-01', 'A=No,B=Yes,C=Absent'),
    record(4, '2025-04-01', 'A=Yes,B=-,C=Yes,D=Abstain'),
    record(5, '2025-05-01', 'E=Absent'),
  ];
  const { members, cells } = agreementMatrix(votings);
  const cell = (a: string, b: string) => cells[members.indexOf(a)][members.indexOf(b)];

  it('takes the members from the records, in order of first appearance', () =>
    expect(members).toEqual(['A', 'B', 'C', 'D', 'E']));

  it.each([
    ['A', 'B', { shared: 3, same: 2, percent: 67 }],
    ['A', 'C', { shared: 3, same: 2, percent: 67 }],
    ['B', 'C', { shared: 2, same: 1, percent: 50 }],
    ['A', 'D', { shared: 1, same: 0, percent: 0 }],
    ['C', 'D', { shared: 1, same: 0, percent: 0 }],
    ['B', 'D', { shared: 0, same: 0, percent: null }],
    ['A', 'E', { shared: 0, same: 0, percent: null }],
    ['A', 'A', { shared: 4, same: 4, percent: 100 }],
    ['E', 'E', { shared: 0, same: 0, percent: null }],
  ])('%s with %s', (a, b, expected) => {
    expect(cell(a, b)).toEqual(expected);
    expect(cell(b, a)).toEqual(expected);
  });

  it('keeps the members it is given, in their order, ignoring names outside them', () => {
    const only = agreementMatrix(votings, ['C', 'A']);
    expect(only.members).toEqual(['C', 'A']);
    expect(only.cells[0][1]).toEqual({ shared: 3, same: 2, percent: 67 });
    expect(only.cells).toHaveLength(2);
  });

  it('is empty for a district without votes', () => expect(agreementMatrix([])).toEqual({ members: [], cells: [] }));
});

describe('splitVotes: records whose cast votes are not all the same, newest first', () => {
  const votings = [
    record(1, '2024-09-10', 'A=Yes,B=Yes,C=No', { type: 'past', outcome: 'Passed (2-1)' }),
    record(2, '2025-03-04', 'A=Yes,B=YES,C=yes'),
    record(3, '2025-05-06', 'A=No,B=Yes,C=Yes'),
    record(4, '2024-11-12', 'A=Absent,B=Yes,C=Yes'),
    record(5, null, 'A=Yes,B=Abstain,C=Yes'),
    record(6, '2025-01-14', 'A=Yes,B=Yes,C=No,D=No'),
    record(7, '2025-02-01', ''),
  ];

  it('lists only split records, undated last', () =>
    expect(splitVotes(votings).map((s) => s.id)).toEqual([3, 6, 1, 5]));

  it('gives each side its vote as written and who cast it, largest side first', () => {
    const [latest, tie, , abstain] = splitVotes(votings);
    expect(latest.sides).toEqual([
      { vote: 'Yes', names: ['B', 'C'], majority: true },
      { vote: 'No', names: ['A'], majority: false },
    ]);
    expect(tie.sides.map((side) => side.majority)).toEqual([true, true]);
    expect(abstain.sides[1]).toEqual({ vote: 'Abstain', names: ['B'], majority: false });
  });

  it('carries what the list shows of the record', () => {
    expect(splitVotes(votings)[2]).toMatchObject({
      id: 1,
      date: '2024-09-10',
      issue: 'Issue 1',
      outcome: 'Passed (2-1)',
      table: 'past',
    });
  });
});

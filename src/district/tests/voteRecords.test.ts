// Voting table rules: member columns, '-' for a missing vote, tones, sort order.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  boardMembers,
  memberVote,
  nextSort,
  sortDirectionLabel,
  sortVotings,
  voteTone,
  votingTables,
  type SortState,
  type VotingRow,
} from '../voteRecords';

const row = (id: number, voteDate: string | null, over: Partial<VotingRow> = {}): VotingRow => ({
  id,
  voteDate,
  category: null,
  issue: null,
  outcome: null,
  votes: [],
  ...over,
});

describe('boardMembers: one column per member found in the records, in order of appearance', () => {
  it.each([
    [
      'names across records',
      [
        [
          { name: 'A', vote: 'Yes' },
          { name: 'B', vote: 'No' },
        ],
        [
          { name: 'C', vote: 'Yes' },
          { name: 'A', vote: 'No' },
        ],
      ],
      ['A', 'B', 'C'],
    ],
    ['no records', [], []],
    ['records without votes', [[], []], []],
    ['names with stray spaces', [[{ name: ' A ', vote: 'Yes' }], [{ name: 'A', vote: 'No' }]], ['A']],
  ])('%s', (_label, votesList, names) => {
    expect(boardMembers(votesList.map((votes, i) => row(i, null, { votes })))).toEqual(names);
  });
});

describe("memberVote: the member's vote, or '-' when the record has none", () => {
  const record = row(1, null, {
    votes: [
      { name: 'A', vote: 'Yes' },
      { name: 'B', vote: '' },
    ],
  });
  it.each([
    ['A', 'Yes'],
    ['B', '-'],
    ['C', '-'],
  ])('%s → %s', (name, vote) => {
    expect(memberVote(record, name)).toBe(vote);
  });
});

describe('voteTone: Yes green, No red, anything else neutral', () => {
  it.each([
    ['Yes', 'yes'],
    ['yes', 'yes'],
    [' YES ', 'yes'],
    ['No', 'no'],
    ['no', 'no'],
    ['Abstain', 'other'],
    ['Absent', 'other'],
    ['Nope', 'other'],
    ['-', 'other'],
  ])('%j → %s', (vote, tone) => {
    expect(voteTone(vote)).toBe(tone);
  });
});

describe('nextSort: a new column sorts ascending, the same column again reverses', () => {
  it.each([
    [DEFAULT_SORT, 'date', { key: 'date', direction: 'ascending' }],
    [{ key: 'date', direction: 'ascending' }, 'date', { key: 'date', direction: 'descending' }],
    [DEFAULT_SORT, 'category', { key: 'category', direction: 'ascending' }],
    [{ key: 'category', direction: 'ascending' }, 'category', { key: 'category', direction: 'descending' }],
    [{ key: 'category', direction: 'descending' }, 'member:A', { key: 'member:A', direction: 'ascending' }],
  ] as [SortState, SortState['key'], SortState][])('%j, click %s → %j', (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });

  it('starts at date descending', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'date', direction: 'descending' });
  });
});

describe('sortVotings: by a column, empty values last, ties in the order given', () => {
  const rows = [
    row(1, '2024-08-13', {
      category: 'budget',
      issue: 'Item 10',
      outcome: 'Passed',
      votes: [{ name: 'A', vote: 'Yes' }],
    }),
    row(2, '2025-06-17', {
      category: 'Policy',
      issue: 'Item 9',
      outcome: 'Failed',
      votes: [{ name: 'A', vote: 'No' }],
    }),
    row(3, null, { category: null, issue: 'Item 2', outcome: null, votes: [] }),
    row(4, '2025-01-28', {
      category: 'Budget',
      issue: 'item 1',
      outcome: 'Tabled',
      votes: [{ name: 'A', vote: 'Abstain' }],
    }),
  ];
  it.each([
    [{ key: 'date', direction: 'descending' }, [2, 4, 1, 3]],
    [{ key: 'date', direction: 'ascending' }, [1, 4, 2, 3]],
    // Case does not matter; equal categories keep their order.
    [{ key: 'category', direction: 'ascending' }, [1, 4, 2, 3]],
    [{ key: 'category', direction: 'descending' }, [2, 1, 4, 3]],
    // Numbers inside text sort by value (Item 2 < Item 9 < Item 10).
    [{ key: 'issue', direction: 'ascending' }, [4, 3, 2, 1]],
    [{ key: 'outcome', direction: 'ascending' }, [2, 1, 4, 3]],
    [{ key: 'member:A', direction: 'ascending' }, [4, 2, 1, 3]],
    [{ key: 'member:A', direction: 'descending' }, [1, 2, 4, 3]],
  ] as [SortState, number[]][])('%j → %j', (sort, ids) => {
    expect(sortVotings(rows, sort).map((r) => r.id)).toEqual(ids);
  });

  it('does not change the rows it is given', () => {
    const before = rows.map((r) => r.id);
    sortVotings(rows, { key: 'issue', direction: 'ascending' });
    expect(rows.map((r) => r.id)).toEqual(before);
  });
});

describe("votingTables: 'recent' and 'past' records, each newest first", () => {
  it('splits by type and sorts by date descending', () => {
    const records = [
      { ...row(1, '2024-01-01'), type: 'past' as const },
      { ...row(2, '2025-03-01'), type: 'recent' as const },
      { ...row(3, '2025-05-01'), type: 'recent' as const },
      { ...row(4, '2024-06-01'), type: 'past' as const },
    ];
    const { recent, past } = votingTables(records);
    expect(recent.map((r) => r.id)).toEqual([3, 2]);
    expect(past.map((r) => r.id)).toEqual([4, 1]);
  });
});

describe('sortDirectionLabel: what the phone sort control calls each direction', () => {
  it.each([
    ['date', 'descending', 'Newest first'],
    ['date', 'ascending', 'Oldest first'],
    ['category', 'ascending', 'A to Z'],
    ['issue', 'descending', 'Z to A'],
    ['member:Priya Raman', 'ascending', 'A to Z'],
  ] as const)('%s %s → %s', (key, direction, label) => expect(sortDirectionLabel(key, direction)).toBe(label));
});

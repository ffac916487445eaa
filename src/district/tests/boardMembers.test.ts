// A board member's page: their slug and address, every vote they cast, the votes where they were in the minority
// first, and their counts of yes, no, other and no vote recorded.
import { describe, expect, it } from 'vitest';
import {
  castVote,
  districtMembers,
  inMinority,
  memberPath,
  memberRecord,
  memberRecords,
  memberSlugBase,
  memberSlugs,
  voteKind,
  type MemberVoting,
} from '../boardMembers';
import { NO_VOTE } from '../../lib/record/outcomes';
import { boardMembers, memberVote, votingTables } from '../voteRecords';

const v = (pairs: string): { name: string; vote: string }[] =>
  pairs
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [name, vote] = pair.split('=');
      return { name, vote };
    });

const record = (
  id: number,
  voteDate: string | null,
  votes: string,
  over: Partial<MemberVoting> = {},
): MemberVoting => ({
  id,
  type: 'recent',
  voteDate,
  category: `Category ${id}`,
  issue: `Issue ${id}`,
  outcome: 'Passed',
  votes: v(votes),
  ...over,
});

describe('voteKind: Yes/No in any case, a blank or - is no vote recorded, any other word is other', () => {
  it.each([
    ['Yes', 'yes'],
    [' yes ', 'yes'],
    ['YES', 'yes'],
    ['No', 'no'],
    ['no', 'no'],
    ['Abstain', 'other'],
    ['Absent', 'other'],
    ['Aye', 'other'],
    ['-', 'none'],
    [' - ', 'none'],
    ['', 'none'],
    [null, 'none'],
    [undefined, 'none'],
  ])('%j → %s', (vote, kind) => expect(voteKind(vote)).toBe(kind));
});

describe('castVote: what a member cast, compared without case; absence is not a cast vote', () => {
  it.each([
    ['Yes', 'yes'],
    ['NO ', 'no'],
    ['Abstain', 'abstain'],
    ['Not  voting', 'not voting'],
    ['Absent', null],
    ['excused', null],
    ['Recused', null],
    ['-', null],
    ['', null],
  ])('%j → %j', (vote, cast) => expect(castVote(vote)).toBe(cast));
});

describe('inMinority: the record is split and the member cast something other than the most common vote', () => {
  it.each([
    ['the lone No of 4-1', 'A=Yes,B=Yes,C=Yes,D=Yes,E=No', 'E', true],
    ['a Yes of 4-1', 'A=Yes,B=Yes,C=Yes,D=Yes,E=No', 'A', false],
    ['unanimous', 'A=Yes,B=Yes,C=Yes', 'A', false],
    ['case does not split a vote', 'A=Yes,B=yes,C=YES', 'B', false],
    ['an Abstain beside Yes votes', 'A=Yes,B=Yes,C=Abstain', 'C', true],
    ['absent is not a dissent', 'A=Yes,B=Yes,C=Absent', 'C', false],
    ['absent does not split the others', 'A=Yes,B=Yes,C=Absent', 'A', false],
    ['no vote recorded', 'A=Yes,B=No,C=Yes,D=-', 'D', false],
    ['a tie: neither side is the minority', 'A=Yes,B=Yes,C=No,D=No', 'C', false],
    ['a tie: the third option is', 'A=Yes,B=Yes,C=No,D=No,E=Abstain', 'E', true],
    ['a member the record does not name', 'A=Yes,B=No,C=No', 'Z', false],
    ['the minority of a failed motion voted Yes', 'A=Yes,B=No,C=No', 'A', true],
  ])('%s', (_label, votes, name, minority) => expect(inMinority(record(1, null, votes), name)).toBe(minority));
});

describe('memberSlugBase: letters and digits, accents dropped, words joined by -', () => {
  it.each([
    ['Jane Doe', 'jane-doe'],
    ['  Jane   Doe ', 'jane-doe'],
    ['José Núñez', 'jose-nunez'],
    ["Mary O'Brien", 'mary-obrien'],
    ['Anne-Marie Smith, Jr.', 'anne-marie-smith-jr'],
    ['Dr. Lee (Trustee 2)', 'dr-lee-trustee-2'],
    ['李', 'member'],
    ['---', 'member'],
  ])('%j → %s', (name, slug) => expect(memberSlugBase(name)).toBe(slug));
});

describe('memberSlugs: unique within a district, whatever order the names come in', () => {
  it.each([
    ['distinct names', ['Jane Doe', 'Sam Roe'], { 'Jane Doe': 'jane-doe', 'Sam Roe': 'sam-roe' }],
    ['two spellings of one slug', ['jane doe', 'Jane Doe'], { 'Jane Doe': 'jane-doe', 'jane doe': 'jane-doe-2' }],
    [
      'three alike',
      ['Jane-Doe', 'jane doe', 'Jane Doe'],
      { 'Jane Doe': 'jane-doe', 'Jane-Doe': 'jane-doe-2', 'jane doe': 'jane-doe-3' },
    ],
    [
      "a suffix never takes another name's base",
      ['Jane Doe 2', 'Jane Doe', 'jane doe'],
      { 'Jane Doe': 'jane-doe', 'Jane Doe 2': 'jane-doe-2', 'jane doe': 'jane-doe-3' },
    ],
    ['names that leave no letters', ['李', '王'], { 李: 'member', 王: 'member-2' }],
  ])('%s', (_label, names, expected) => {
    const slugs = memberSlugs(names);
    expect(Object.fromEntries(slugs)).toEqual(expected);
    expect(Object.fromEntries(memberSlugs([...names].reverse()))).toEqual(expected);
    expect(new Set(slugs.values()).size).toBe(slugs.size);
  });
});

describe('memberPath: /{id}/members/{slug}', () => {
  const slugs = memberSlugs(['Jane Doe', 'jane doe']);
  it.each([
    [1, 'Jane Doe', '/1/members/jane-doe'],
    [1, ' jane doe ', '/1/members/jane-doe-2'],
    [4031, 'Jane Doe', '/4031/members/jane-doe'],
  ])('%i, %j → %s', (id, name, path) => expect(memberPath(id, name, slugs)).toBe(path));

  it('refuses a name that is not a member, rather than link to a page that does not exist', () => {
    expect(() => memberPath(1, 'Sam Roe', slugs)).toThrow(/Sam Roe/);
  });
});

describe('districtMembers: every name in both tables, in order of first appearance, with their pages', () => {
  it('lists members of recent and past records once', () => {
    const votings = [record(1, '2025-01-01', 'B=Yes,A=No'), record(2, '2024-01-01', 'A=Yes,C=Yes', { type: 'past' })];
    expect(districtMembers(7, votings)).toEqual([
      { name: 'B', slug: 'b', path: '/7/members/b' },
      { name: 'A', slug: 'a', path: '/7/members/a' },
      { name: 'C', slug: 'c', path: '/7/members/c' },
    ]);
  });
});

describe("memberRecord: every record of their column, '-' where a record does not name them, minority votes first, each part newest first", () => {
  const votings = [
    record(1, '2024-09-10', 'A=Yes,B=Yes,C=No', { type: 'past' }),
    record(2, '2025-03-04', 'A=Yes,B=Yes,C=Yes'),
    record(3, '2025-05-06', 'A=No,B=Yes,C=Yes', { outcome: 'Passed (2-1)' }),
    record(4, '2024-11-12', 'A=-,B=Yes,C=Yes', { type: 'past' }),
    record(5, '2025-01-14', 'A=Abstain,B=Yes,C=Yes'),
    record(6, '2025-06-17', 'B=Yes,C=Yes'),
    record(7, null, 'A=Absent,B=No,C=No'),
    record(8, '2025-02-11', 'A=yes,B=No,C=No'),
  ];

  it.each([
    // Record 6 does not name A: the Current Board Votes table shows '-' in A's column, and so does A's page.
    ['A', [3, 8, 5, 6, 2, 4, 1, 7], { yes: 3, no: 1, other: 2, none: 2 }, 3],
    ['C', [1, 6, 3, 2, 8, 5, 4, 7], { yes: 5, no: 3, other: 0, none: 0 }, 1],
    ['Z', [], { yes: 0, no: 0, other: 0, none: 0 }, 0],
  ])('%s', (name, ids, counts, minorityCount) => {
    const result = memberRecord(name, votings);
    expect(result.votes.map((row) => row.id)).toEqual(ids);
    expect(result.counts).toEqual(counts);
    expect(result.minorityCount).toBe(minorityCount);
    expect(result.votes.slice(0, minorityCount).every((row) => row.minority)).toBe(true);
    expect(result.votes.slice(minorityCount).some((row) => row.minority)).toBe(false);
  });

  it('gives each vote its date, category, issue, outcome, the vote and the table', () => {
    const [first] = memberRecord('A', votings).votes;
    expect(first).toEqual({
      id: 3,
      date: '2025-05-06',
      category: 'Category 3',
      issue: 'Issue 3',
      outcome: 'Passed (2-1)',
      vote: 'No',
      kind: 'no',
      table: 'recent',
      minority: true,
    });
    expect(memberRecord('A', votings).votes.find((row) => row.id === 4)).toMatchObject({
      vote: '-',
      kind: 'none',
      table: 'past',
      minority: false,
    });
    expect(memberRecord('A', votings).votes.find((row) => row.id === 6)).toMatchObject({
      vote: '-',
      kind: 'none',
      table: 'recent',
      minority: false,
    });
  });

  it("counts as 'No vote recorded' exactly the '-' cells of the member's column in the board's tables", () => {
    const tables = votingTables(votings);
    for (const name of ['A', 'B', 'C']) {
      const dashes = [...tables.recent, ...tables.past].filter(
        (row) =>
          boardMembers(row.type === 'recent' ? tables.recent : tables.past).includes(name) &&
          memberVote(row, name) === NO_VOTE,
      ).length;
      expect(memberRecord(name, votings).counts.none).toBe(dashes);
    }
  });

  it('leaves out a table whose records never name the member (their column is not in it)', () => {
    const split = [record(1, '2024-09-10', 'A=Yes,B=Yes', { type: 'past' }), record(2, '2025-03-04', 'B=Yes,C=No')];
    expect(memberRecord('A', split).votes.map((row) => row.id)).toEqual([1]);
    expect(memberRecord('C', split).votes.map((row) => row.id)).toEqual([2]);
  });

  it('counts every vote it lists exactly once', () => {
    const { votes, counts } = memberRecord('A', votings);
    expect(counts.yes + counts.no + counts.other + counts.none).toBe(votes.length);
  });
});

describe('memberRecords: every member at once, the same as one at a time', () => {
  const votings = [
    record(1, '2024-09-10', 'A=Yes,B=Yes,C=No', { type: 'past' }),
    record(2, '2025-03-04', 'A=Yes,B=No,C=No,D=Absent'),
    record(3, null, 'A=-,B=Yes,C=Yes'),
    record(4, '2025-03-04', 'B=Yes,C=Yes,A=Abstain,A=No'),
  ];
  const all = memberRecords(votings);

  it('has a record for every member named', () => expect([...all.keys()]).toEqual(['A', 'B', 'C', 'D']));

  it.each(['A', 'B', 'C', 'D'])('%s', (name) => expect(all.get(name)).toEqual(memberRecord(name, votings)));

  it("reads a member's first entry when a record names them twice, as the voting table does", () => {
    expect(all.get('A')!.votes.find((row) => row.id === 4)).toMatchObject({ vote: 'Abstain', minority: true });
    expect(all.get('A')!.counts).toEqual({ yes: 2, no: 0, other: 1, none: 1 });
  });

  it('is empty for a district without votes', () => expect(memberRecords([]).size).toBe(0));
});

// Roll-call sheets and other people's headers: a column map beside a CSV (<name>.columns.json), the site's own
// vote-table headers with one column per member, and a message that says what it sees when neither fits.
import { describe, expect, it } from 'vitest';
import { readWrittenFolder } from './writtenFolder';

function readFolder(files: Record<string, string>) {
  const { reads, found } = readWrittenFolder(files);
  return {
    ignored: found.ignored,
    rows: reads.flatMap((read) => read.rows.map((row) => row.data)),
    problems: reads.flatMap((read) =>
      read.problems.map((p) => `${p.severity} ${p.file} ${p.row ?? '-'} ${p.value ?? ''}: ${p.message}`),
    ),
  };
}

const BUDGET = {
  districtId: 1,
  voteDate: '2025-06-17',
  issue: 'Adopt the budget',
  type: 'recent',
  category: 'Budget',
  outcome: 'Passed (2-1)',
  votes: [
    { name: 'Maria Okafor', vote: 'Yes' },
    { name: 'James Lindqvist', vote: 'Yes' },
    { name: 'Priya Raman', vote: 'No' },
    { name: 'Daniel Cho', vote: '-' },
  ],
};

describe('roll-call sheets', () => {
  it("a sheet with the site's own vote-table headers and one column per member needs no map", () => {
    const { rows, problems } = readFolder({
      '1/votes.csv':
        'Date,Category,Issue (Brief Description),Outcome,Maria Okafor,James Lindqvist,Priya Raman,Daniel Cho\r\n2025-06-17,Budget,Adopt the budget,Passed (2-1),Yes,Yes,No,\r\n',
    });
    expect(problems).toEqual([]);
    expect(rows).toEqual([BUDGET]);
  });

  it('a column map names the headers, one column per member, and lists the headers it leaves out once', () => {
    const { rows, problems } = readFolder({
      '1/votes-lausd.csv':
        'event_date,matter_type_name,title,action,Okafor,Lindqvist,Raman,Cho,page_url\r\n6/17/2025,Budget,Adopt the budget,Passed (2-1),Yes,Yes,No,,https://example.org/1\r\n',
      '1/votes-lausd.columns.json': JSON.stringify({
        date: 'event_date',
        category: 'matter_type_name',
        issue: 'title',
        outcome: 'action',
        members: ['Okafor', 'Lindqvist', 'Raman', 'Cho'],
      }),
    });
    expect(problems).toEqual([
      'warning 1/votes-lausd.csv 1 page_url: is a header the column map (votes-lausd.columns.json) leaves out: not read.',
    ]);
    expect(rows).toEqual([
      {
        ...BUDGET,
        votes: [
          { name: 'Okafor', vote: 'Yes' },
          { name: 'Lindqvist', vote: 'Yes' },
          { name: 'Raman', vote: 'No' },
          { name: 'Cho', vote: '-' },
        ],
      },
    ]);
  });

  it.each([
    ['roll-call-2025.csv', 'roll-call-2025.columns.json'],
    ['LAUSD Roll Calls.CSV', 'LAUSD Roll Calls.columns.json'],
  ])("a clerk's sheet named %s is read as votes when its map (%s) names the member columns", (sheet, map) => {
    const { rows, problems, ignored } = readFolder({
      [`1/${sheet}`]:
        'event_date,matter_type_name,title,action,Okafor,Lindqvist,Raman,Cho\r\n6/17/2025,Budget,Adopt the budget,Passed (2-1),Yes,Yes,No,\r\n',
      [`1/${map}`]: JSON.stringify({
        date: 'event_date',
        category: 'matter_type_name',
        issue: 'title',
        outcome: 'action',
        members: ['Okafor', 'Lindqvist', 'Raman', 'Cho'],
      }),
    });
    expect(problems).toEqual([]);
    expect(ignored).toEqual([]);
    expect(rows.map((row) => (row as typeof BUDGET).votes.map((vote) => vote.vote))).toEqual([
      ['Yes', 'Yes', 'No', '-'],
    ]);
  });

  it('a CSV of another name is not read when its map names no member columns, nor when it has no map', () => {
    const { rows, ignored } = readFolder({
      '1/agenda-2025.csv': 'when,what\r\n2025-06-17,Adopt the budget\r\n',
      '1/agenda-2025.columns.json': JSON.stringify({ date: 'when', issue: 'what' }),
      '1/notes.csv': 'Okafor,Lindqvist\r\nYes,No\r\n',
    });
    expect(rows).toEqual([]);
    expect(ignored).toEqual(['1/agenda-2025.csv', '1/notes.csv']);
  });

  it('a sheet with headers the importer does not know says what it sees, never "has no header row"', () => {
    const { problems } = readFolder({
      '1/votes.csv': 'Meeting,Item,Okafor,Lindqvist\r\n2025-06-17,Adopt the budget,Yes,No\r\n',
    });
    expect(problems).toEqual([
      'error 1/votes.csv 1 Meeting,Item,Okafor,Lindqvist: has a header row, but none of its headers is a column of votes.csv (district_id, date, category, issue, outcome, member, …). One column per member? Add a column map beside it (votes.columns.json, see docs/import.md), or rename the headers.',
    ]);
  });

  it('a map naming a header the file does not have is refused, and nothing of the file is read', () => {
    const { rows, problems } = readFolder({
      '1/votes.csv': 'when,what,Okafor\r\n2025-06-17,Adopt the budget,Yes\r\n',
      '1/votes.columns.json': JSON.stringify({ date: 'when', issue: 'title', members: ['Okafor'] }),
    });
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      'error 1/votes.csv 1 title: is named in votes.columns.json but not in the header. Correct the map or the header.',
    ]);
  });
});

// Voting table rules: member columns, vote tones and sorting (a vote's date is formatDate's 'vote' form). What an outcome says against the
// votes is the record's own rule (src/lib/record/outcomes.ts), which the importer applies too.
import type { Voting } from '../lib/data/votings';
import { NO_VOTE } from '../lib/record/outcomes.ts';

/** One row of a voting table, as the page and the island receive it. */
export type VotingRow = Pick<Voting, 'id' | 'voteDate' | 'category' | 'issue' | 'outcome' | 'votes'>;

export type SortDirection = 'ascending' | 'descending';
/** A column to sort by: a fixed column, or a board member's column (`member:Name`). */
export type SortKey = 'date' | 'category' | 'issue' | 'outcome' | `member:${string}`;
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** The window event that wakes the Voting tab's island (client:demand), sent on the first interaction with it. */
export const VOTING_TABLES_DEMAND = 'voting-tables-demand';

/** The tables open sorted by date, newest first. */
export const DEFAULT_SORT: SortState = { key: 'date', direction: 'descending' };

/** What the phone's sort control calls each direction of a column (dates read as newest/oldest first). */
export function sortDirectionLabel(key: SortKey, direction: SortDirection): string {
  if (key === 'date') return direction === 'descending' ? 'Newest first' : 'Oldest first';
  return direction === 'ascending' ? 'A to Z' : 'Z to A';
}

/** What a screen reader hears for a '-' cell: the member has no vote recorded in that record. */
export const NO_VOTE_RECORDED = 'No vote recorded';

/** The board members of a table: every name found in its records, in the order they first appear. */
export function boardMembers(rows: Pick<VotingRow, 'votes'>[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const item of row.votes) if (item.name.trim()) names.add(item.name.trim());
  return [...names];
}

/** A member's vote in a record, or '-' when the record has none for them. */
export function memberVote(row: Pick<VotingRow, 'votes'>, name: string): string {
  const vote = row.votes.find((item) => item.name.trim() === name)?.vote.trim();
  return vote || NO_VOTE;
}

/** How a vote is styled: Yes green, No red, anything else neutral. */
export function voteTone(vote: string): 'yes' | 'no' | 'other' {
  const word = vote.trim().toLowerCase();
  return word === 'yes' ? 'yes' : word === 'no' ? 'no' : 'other';
}

/** A header click: the same column again reverses the order, another column sorts ascending. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: 'ascending' };
}

function sortValue(row: VotingRow, key: SortKey): string | null {
  switch (key) {
    case 'date':
      return row.voteDate;
    case 'category':
      return row.category?.trim() || null;
    case 'issue':
      return row.issue?.trim() || null;
    case 'outcome':
      return row.outcome?.trim() || null;
    default: {
      const vote = memberVote(row, key.slice('member:'.length));
      return vote === NO_VOTE ? null : vote;
    }
  }
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The rows sorted by a column. Empty values go last in either direction; ties keep the order they came in
 * (the sort is stable), so rows with equal values stay newest first. Text is compared by `compare`: English's order
 * unless the page's language gives its own (Intl.Collator of that language).
 */
export function sortVotings<T extends VotingRow>(
  rows: T[],
  sort: SortState,
  compare: (a: string, b: string) => number = collator.compare,
): T[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const items = rows.map((row, index) => ({ row, index, value: sortValue(row, sort.key) }));
  items.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value === b.value) return a.index - b.index;
      return a.value === null ? 1 : -1;
    }
    // ISO dates sort correctly as text.
    const order =
      sort.key === 'date' ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : compare(a.value, b.value);
    return order * sign || a.index - b.index;
  });
  return items.map((item) => item.row);
}

/** The two tables: 'Current Board Votes' (type recent) and 'Past Board Votes' (type past), each newest first. */
export function votingTables<T extends VotingRow & Pick<Voting, 'type'>>(records: T[]): { recent: T[]; past: T[] } {
  const sorted = sortVotings(records, DEFAULT_SORT);
  return { recent: sorted.filter((r) => r.type === 'recent'), past: sorted.filter((r) => r.type === 'past') };
}

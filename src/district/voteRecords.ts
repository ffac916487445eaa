// Voting table rules: M/D/YY dates in UTC, member columns, vote tones, outcome lines and sorting.
import type { Voting } from '../lib/data/votings';

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


/** What a cell shows when a member has no vote in a record. */
export const NO_VOTE = '-';

/** A vote date as M/D/YY, read in UTC; a missing date shows as '-'. */
export function formatVoteDate(value: string | null | undefined): string {
  if (!value) return NO_VOTE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
}

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

/** An outcome of the form 'text (detail)' is shown on two lines: 'Passed (4-1)' → 'Passed' and '(4-1)'. */
export function splitOutcome(outcome: string | null | undefined): { text: string; detail: string | null } {
  const value = outcome?.trim() ?? '';
  const match = /^(.*\S)\s*(\([^()]*\))$/.exec(value);
  return match ? { text: match[1], detail: match[2] } : { text: value, detail: null };
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
export function sortVotings<T extends VotingRow>(rows: T[], sort: SortState, compare: (a: string, b: string) => number = collator.compare): T[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const items = rows.map((row, index) => ({ row, index, value: sortValue(row, sort.key) }));
  items.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value === b.value) return a.index - b.index;
      return a.value === null ? 1 : -1;
    }
    // ISO dates sort correctly as text.
    const order = sort.key === 'date' ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : compare(a.value, b.value);
    return order * sign || a.index - b.index;
  });
  return items.map((item) => item.row);
}

/** The two tables: 'Current Board Votes' (type recent) and 'Past Board Votes' (type past), each newest first. */
export function votingTables<T extends VotingRow & Pick<Voting, 'type'>>(records: T[]): { recent: T[]; past: T[] } {
  const sorted = sortVotings(records, DEFAULT_SORT);
  return { recent: sorted.filter((r) => r.type === 'recent'), past: sorted.filter((r) => r.type === 'past') };
}

/** How a record's members voted: Yes, No, another vote cast (such as Abstain), and no vote recorded ('-', Absent, blank). */
export function voteCounts(votes: readonly { vote: string }[]): { yes: number; no: number; other: number; none: number } {
  const counts = { yes: 0, no: 0, other: 0, none: 0 };
  for (const { vote } of votes) {
    const word = vote.trim().toLowerCase();
    if (word === 'yes') counts.yes += 1;
    else if (word === 'no') counts.no += 1;
    else if (word === '' || word === NO_VOTE || word === 'absent') counts.none += 1;
    else counts.other += 1;
  }
  return counts;
}

// Outcome words by what they claim: a decision for, a decision against, or no decision taken.
const PASSED = /^(passed|approved|adopted|carried|ratified|accepted)\b/i;
const FAILED = /^(failed|defeated|rejected)\b/i;
const NOT_DECIDED = /^(tabled|postponed|withdrawn|continued|no action)\b/i;

/**
 * Why an outcome does not agree with the votes beside it, or null when it does. Counts in the outcome ('Passed (4-1)',
 * '(4-0-1)') are the Yes, No and other votes cast, exactly; Passed and Approved need more Yes than No, Failed no more
 * Yes than No (a tie fails), and Tabled or Postponed no Yes or No at all. An outcome it does not know is not judged.
 */
export function outcomeProblem(outcome: string | null | undefined, votes: readonly { vote: string }[]): string | null {
  const { text, detail } = splitOutcome(outcome);
  const { yes, no, other } = voteCounts(votes);
  const counts = detail ? /^\((\d+)-(\d+)(?:-(\d+))?\)$/.exec(detail) : null;
  if (counts) {
    const [shownYes, shownNo, shownOther] = [Number(counts[1]), Number(counts[2]), Number(counts[3] ?? 0)];
    if (shownYes !== yes || shownNo !== no || shownOther !== other) {
      return `'${outcome}' counts ${shownYes}-${shownNo}-${shownOther} but the votes are ${yes} Yes, ${no} No, ${other} other`;
    }
  }
  if (PASSED.test(text) && yes <= no) return `'${outcome}' says it passed but the votes are ${yes} Yes, ${no} No`;
  if (FAILED.test(text) && (yes > no || yes + no === 0)) return `'${outcome}' says it failed but the votes are ${yes} Yes, ${no} No`;
  if (NOT_DECIDED.test(text) && yes + no > 0) return `'${outcome}' says no decision was taken but ${yes + no} Yes or No votes are recorded`;
  return null;
}

/** Whether an outcome agrees with the votes beside it (see outcomeProblem). */
export function outcomeAgreesWithVotes(outcome: string | null | undefined, votes: readonly { vote: string }[]): boolean {
  return outcomeProblem(outcome, votes) === null;
}

// How much of a board's record the site holds: the first and last dates of its meetings and votes and when an import
// last changed them ('Records from June 3, 2024 to June 17, 2025, last updated June 20, 2025'), or that it holds none
// yet, so a board not yet covered does not look like a board that never meets. A district's records are its
// meetings and its votes; the district search marks the same districts (search_districts' has_records).
import type { Meeting } from '../lib/data/meetings';
import type { Voting } from '../lib/data/votings';
import { formatDate } from '../i18n/dates';

/** The dates a district's records span (YYYY-MM-DD) and when they last changed (ISO 8601, null when not known). */
export interface RecordSpan {
  first: string;
  last: string;
  updatedAt: string | null;
}

/** What the page says of a district that has no meetings and no votes on the site yet. */
export const NO_RECORDS_YET = 'No records yet: this board’s meetings and votes have not been added to the site.';

/**
 * The span of a district's records: the earliest and latest dates among its meetings and dated votes, with when they
 * last changed. Null when it has no meeting and no vote (a vote without a date still counts as a record, but gives no
 * date: with only such votes the span is null too).
 */
export function recordSpan(
  meetings: Pick<Meeting, 'date'>[],
  votings: Pick<Voting, 'voteDate'>[],
  updatedAt: string | null | undefined,
): RecordSpan | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const date of [...meetings.map((meeting) => meeting.date), ...votings.map((voting) => voting.voteDate)]) {
    if (!date) continue;
    if (first === null || date < first) first = date;
    if (last === null || date > last) last = date;
  }
  return first && last ? { first, last, updatedAt: updatedAt ?? null } : null;
}

/** Whether a district has any record at all (a meeting or a vote). */
export function hasRecords(meetings: readonly unknown[], votings: readonly unknown[]): boolean {
  return meetings.length > 0 || votings.length > 0;
}

/**
 * The records line of a district page, dates written long ('June 17, 2025'): 'Records from {first} to {last}, last
 * updated {date}', without the last part when that date is not known, and 'Records of {date}' when there is one date.
 */
export function recordsLine(span: RecordSpan): string {
  const first = formatDate('en', span.first, 'long');
  const last = formatDate('en', span.last, 'long');
  const range = span.first === span.last ? `Records of ${first}` : `Records from ${first} to ${last}`;
  return span.updatedAt ? `${range}, last updated ${formatDate('en', span.updatedAt, 'long')}` : range;
}

/** What the subscribe box offers: the summaries, or for a board with no records yet, word when it is covered. */
export function subscribeHeading(hasRecords: boolean): string {
  return hasRecords ? 'Get Summaries In Your Email' : 'Tell Me When This Board Is Covered';
}

/** Beneath that heading for a board with no records yet: what the email will be. */
export const NOT_COVERED_NOTE =
  'Leave your email and we will write when this board’s first meeting summaries are added.';

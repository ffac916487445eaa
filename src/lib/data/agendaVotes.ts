// The agenda_votes table: written only through submit_agenda_vote, which validates every field and answers
// {ok, errors, form_errors}; read only as totals through agenda_vote_totals, which counts only answers published in
// batches from at least six senders.
// Operators count it in full with `npm run votes:report`.
import type { FormResult } from './formResult';
import type { RpcDb } from './client';
import { callFormFunction } from './formCall';
import { QueryError } from './queryError';
import { reasonOf } from './serverAnswer';

/** The five agenda items' field names, in the order the form shows them. */
export const AGENDA_FIELDS = ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'] as const;
export type AgendaField = (typeof AGENDA_FIELDS)[number];

/** A resident's answer on one item. */
export const CHOICES = ['support', 'oppose', 'neutral'] as const;
export type Choice = (typeof CHOICES)[number];

/** The most characters a comment may hold: the agenda_votes table's check on comments, which the form's box keeps to. */
export const COMMENTS_MAX = 2000;

/** One submission as submit_agenda_vote takes it. */
export type AgendaVoteSubmission = Record<AgendaField, Choice> & {
  idempotency_key: string;
  /** The board meeting the answers are for (ISO date). */
  meeting_date: string;
  email: string | null;
  comments: string | null;
};

/** One item's counts of each answer. */
export interface ItemTotals {
  support: number;
  oppose: number;
  neutral: number;
}

/** What agenda_vote_totals() answered: the number of answers, each item's totals, and when they last changed. */
export interface ResidentTotals {
  answers: number;
  items: Record<AgendaField, ItemTotals>;
  /** When the last batch of answers was published (ISO 8601). */
  updatedAt: string;
}

export const TABLE = 'agenda_votes';
export const SUBMIT_FUNCTION = 'submit_agenda_vote';

/** The refusals submit_agenda_vote answers, by code: its fields' problems, the form's, and its limit. */
export const SUBMIT_ANSWERS = [
  'field.required',
  'field.meeting_date',
  'field.choice',
  'field.choice_value',
  'field.text',
  'field.max_length',
  'field.local_part',
  'field.email_invalid',
  'field.plain_text',
  'field.no_control',
  'form.not_object',
  'form.unknown_fields',
  'form.idempotency_key',
  'form.conflict',
  'limit.forms',
] as const;
export const TOTALS_FUNCTION = 'agenda_vote_totals';

/**
 * Sends one submission. Resolves with the function's answer (ok, or the errors to show); throws a QueryError
 * when the request fails or the answer is not the documented shape, so a failure is never taken for success.
 */
export async function submitAgendaVote(
  db: RpcDb,
  submission: AgendaVoteSubmission,
  options: { signal?: AbortSignal } = {},
): Promise<FormResult> {
  // The function's one parameter is unnamed: the whole body is the submission.
  return callFormFunction(db, TABLE, SUBMIT_FUNCTION, submission, options.signal);
}

/** One row of agenda_vote_totals: an item's counts, the number of answers, and when they last changed. */
export interface TotalsRow {
  item: AgendaField;
  support: number;
  oppose: number;
  neutral: number;
  answers: number;
  updated_at: string;
}

const COUNTS = ['support', 'oppose', 'neutral', 'answers'] as const;
// A timestamptz as PostgREST writes it: '2026-11-25T15:04:09.123456+00:00'.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * What is wrong with one row of agenda_vote_totals' answer, in a few words; null when it is an agenda item's row.
 * Checked here by hand, not with the row schemas' library (validate.ts): this is the one answer /votingPAUSD reads
 * at once, and the page's script budget has no room for that whole library for one small answer.
 */
export function totalsRowProblem(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return 'not a row';
  const fields = row as Record<string, unknown>;
  if (!(AGENDA_FIELDS as readonly unknown[]).includes(fields.item))
    return `item ${JSON.stringify(fields.item)} is no agenda item`;
  const count = COUNTS.find((name) => !Number.isSafeInteger(fields[name]) || (fields[name] as number) < 0);
  if (count) return `${count} is not a count`;
  if (
    typeof fields.updated_at !== 'string' ||
    !TIMESTAMP.test(fields.updated_at) ||
    Number.isNaN(Date.parse(fields.updated_at))
  )
    return 'updated_at is not a time with its offset';
  return null;
}

/** The rows of agenda_vote_totals' answer, or what is wrong with it (the first bad row, by its place). */
export function parseTotalsRows(raw: unknown): { rows: TotalsRow[] } | { problem: string } {
  if (!Array.isArray(raw)) return { problem: 'not a list of rows' };
  for (const [index, row] of raw.entries()) {
    const problem = totalsRowProblem(row);
    if (problem) return { problem: `row ${index + 1}: ${problem}` };
  }
  return { rows: raw as TotalsRow[] };
}

/**
 * The residents' totals per agenda item, or null before the first batch of answers is published (the function then
 * answers no row). Throws a QueryError when the request fails or the answer is not one row per item.
 */
export async function fetchAgendaVoteTotals(
  db: RpcDb,
  options: { signal?: AbortSignal } = {},
): Promise<ResidentTotals | null> {
  let request = db.rpc(TOTALS_FUNCTION, {});
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, reasonOf(error));
  const parsed = parseTotalsRows(data);
  if ('problem' in parsed) throw new QueryError(TABLE, `the totals came in an unexpected shape (${parsed.problem})`);
  const { rows } = parsed;
  if (rows.length === 0) return null;
  const items = Object.fromEntries(
    rows.map(({ item, support, oppose, neutral }) => [item, { support, oppose, neutral }]),
  ) as Partial<Record<AgendaField, ItemTotals>>;
  const missing = AGENDA_FIELDS.filter((field) => !items[field]);
  if (missing.length > 0) throw new QueryError(TABLE, `the totals left out ${missing.join(', ')}`);
  return { answers: rows[0].answers, items: items as Record<AgendaField, ItemTotals>, updatedAt: rows[0].updated_at };
}

// The agenda_votes table: written only through submit_agenda_vote, which validates every field and answers
// {ok, errors, form_errors}; read only as totals through agenda_vote_totals, which counts only answers published in
// batches from at least six senders.
// Operators count it in full with `npm run votes:report`.
import * as z from 'zod/mini';
import type { FormResult } from './formResult';
import type { Db } from './client';
import { callFormFunction } from './formCall';
import { describeIssues } from './validate';
import { QueryError } from './queryError';

/** The five agenda items' field names, in the order the form shows them. */
export const AGENDA_FIELDS = ['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'] as const;
export type AgendaField = (typeof AGENDA_FIELDS)[number];

/** A resident's answer on one item. */
export const CHOICES = ['support', 'oppose', 'neutral'] as const;
export type Choice = (typeof CHOICES)[number];

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
export const TOTALS_FUNCTION = 'agenda_vote_totals';

/**
 * Sends one submission. Resolves with the function's answer (ok, or the errors to show); throws a QueryError
 * when the request fails or the answer is not the documented shape, so a failure is never taken for success.
 */
export async function submitAgendaVote(db: Db, submission: AgendaVoteSubmission, options: { signal?: AbortSignal } = {}): Promise<FormResult> {
  // The function's one parameter is unnamed: the whole body is the submission.
  return callFormFunction(db, TABLE, SUBMIT_FUNCTION, submission, options.signal);
}

const count = z.number().check(z.int(), z.nonnegative());
const totalsRowsSchema = z.array(
  z.object({ item: z.enum(AGENDA_FIELDS), support: count, oppose: count, neutral: count, answers: count, updated_at: z.iso.datetime({ offset: true }) }),
);

/**
 * The residents' totals per agenda item, or null before the first batch of answers is published (the function then
 * answers no row). Throws a QueryError when the request fails or the answer is not one row per item.
 */
export async function fetchAgendaVoteTotals(db: Db, options: { signal?: AbortSignal } = {}): Promise<ResidentTotals | null> {
  let request = db.rpc(TOTALS_FUNCTION, {});
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, error.message);
  const parsed = totalsRowsSchema.safeParse(data);
  if (!parsed.success) throw new QueryError(TABLE, `the totals came in an unexpected shape (${describeIssues(parsed.error).join('; ')})`);
  if (parsed.data.length === 0) return null;
  const items = Object.fromEntries(parsed.data.map(({ item, support, oppose, neutral }) => [item, { support, oppose, neutral }])) as Partial<Record<AgendaField, ItemTotals>>;
  const missing = AGENDA_FIELDS.filter((field) => !items[field]);
  if (missing.length > 0) throw new QueryError(TABLE, `the totals left out ${missing.join(', ')}`);
  return { answers: parsed.data[0].answers, items: items as Record<AgendaField, ItemTotals>, updatedAt: parsed.data[0].updated_at };
}

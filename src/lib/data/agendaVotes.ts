// The agenda_votes table: written only through submit_agenda_vote, which validates every field and answers
// {ok, errors, form_errors}. Nobody reads it through the API; operators count it with `npm run votes:report`.
import type { AgendaVoteSubmission } from '../agenda';
import type { FormResult } from '../formResult';
import type { Db } from './client';
import { callFormFunction } from './formCall';

export const TABLE = 'agenda_votes';
export const SUBMIT_FUNCTION = 'submit_agenda_vote';

/**
 * Sends one submission. Resolves with the function's answer (ok, or the errors to show); throws a QueryError
 * when the request fails or the answer is not the documented shape, so a failure is never taken for success.
 */
export async function submitAgendaVote(db: Db, submission: AgendaVoteSubmission, options: { signal?: AbortSignal } = {}): Promise<FormResult> {
  // The function's one parameter is unnamed: the whole body is the submission.
  return callFormFunction(db, TABLE, SUBMIT_FUNCTION, submission, options.signal);
}

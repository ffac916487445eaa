// The agenda_votes table: written only through submit_agenda_vote, which validates every field and answers
// {ok, errors, form_errors}. Nobody reads it through the API; operators count it with `npm run votes:report`.
import type { AgendaVoteSubmission } from '../agenda';
import { parseFormResult, type FormResult } from '../formResult';
import type { Db } from './client';
import { QueryError } from './validate';

export const TABLE = 'agenda_votes';
export const SUBMIT_FUNCTION = 'submit_agenda_vote';

/**
 * Sends one submission. Resolves with the function's answer (ok, or the errors to show); throws a QueryError
 * when the request fails or the answer is not the documented shape, so a failure is never taken for success.
 */
export async function submitAgendaVote(db: Db, submission: AgendaVoteSubmission, options: { signal?: AbortSignal } = {}): Promise<FormResult> {
  // The function's one parameter is unnamed: the whole body is the submission.
  let request = db.rpc(SUBMIT_FUNCTION, submission);
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, error.message);
  const result = parseFormResult(data);
  if (!result) throw new QueryError(TABLE, 'the server gave an unexpected answer');
  return result;
}

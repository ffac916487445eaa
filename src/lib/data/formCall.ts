// Calls one of our write functions (submit_agenda_vote, subscribe) and checks its answer has the documented shape.
import { parseFormResult, type FormResult } from './formResult.ts';
import type { RpcDb } from './client';
import { QueryError, UNEXPECTED_ANSWER } from './queryError.ts';
import { reasonOf } from './serverAnswer.ts';

/**
 * Resolves with the function's answer (ok, or the errors to show); throws a QueryError naming the table when
 * the request fails or the answer is not the documented shape, so a failure is never taken for success.
 */
export async function callFormFunction(
  db: RpcDb,
  table: string,
  fn: string,
  args: object,
  signal?: AbortSignal,
): Promise<FormResult> {
  let request = db.rpc(fn, args);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new QueryError(table, reasonOf(error));
  const result = parseFormResult(data);
  if (!result) throw new QueryError(table, UNEXPECTED_ANSWER);
  return result;
}

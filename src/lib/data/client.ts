// The smallest interfaces the table modules need. `Db` is what supabase-js (build) and postgrest-js (browser) both
// satisfy: tables and functions. `RpcDb` is only the database functions, as our writes and searches call them;
// supabase-js and postgrest-js satisfy it too, and so does the browser's small function client (browser/rpcApi.ts),
// which pages that call functions and read no table use instead of the whole query builder.
import type { PostgrestClient } from '@supabase/postgrest-js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Pick<PostgrestClient<any, any, any>, 'from' | 'rpc'>;

/**
 * A function's answer: its JSON, or why the call failed (PostgREST's message and details: a refusal's code and its
 * parameters as JSON; or the network error's name and message).
 */
export type RpcAnswer =
  { data: unknown; error: null } | { data: null; error: { message: string; details?: string | null } };

/** One call of a database function: awaited for its answer, or given a signal first to give up on it. */
export interface RpcRequest extends PromiseLike<RpcAnswer> {
  abortSignal(signal: AbortSignal): RpcRequest;
}

/** Calls the database's functions (POST /rpc/<name> with the arguments as a JSON object). */
export interface RpcDb {
  rpc(fn: string, args: object): RpcRequest;
}

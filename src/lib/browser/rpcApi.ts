// The browser's client for the database's functions: one POST to PostgREST's /rpc/<name> with the arguments as JSON,
// answered as { data, error } the way postgrest-js answers (a refusal carries PostgREST's message and details: the
// database's code and its parameters; a network failure, a timeout or an abort is an error with the failure's name
// and message, never a throw). The forms, the searches and
// the email links' pages call functions and read no table: the query builder (postgrest-js) would buy
// them nothing but script to download. Islands that read tables (the
// district page's live data, the topic votes) keep api().
import type { RpcAnswer, RpcDb, RpcRequest } from '../data/client';

type Fetch = typeof fetch;

/** Why a fetch failed, in postgrest-js's words ('TypeError: Failed to fetch', 'TimeoutError: signal timed out'). */
function failure(error: unknown): RpcAnswer {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `FetchError: ${String(error)}`;
  return { data: null, error: { message } };
}

/** The answer of one response: its JSON when it succeeded, else PostgREST's message and details (or the body, or the status). */
export function answerOf(status: number, statusText: string, body: string): RpcAnswer {
  let json: unknown = null;
  let parsed = body === '';
  if (!parsed) {
    try {
      json = JSON.parse(body);
      parsed = true;
    } catch {
      // Not JSON: a proxy's page or plain text; said below as it came.
    }
  }
  if (status >= 200 && status < 300) {
    return parsed
      ? { data: json, error: null }
      : { data: null, error: { message: `The answer was not JSON: ${body.slice(0, 200)}` } };
  }
  const { message, details } =
    json && typeof json === 'object' ? (json as { message?: unknown; details?: unknown }) : {};
  if (typeof message !== 'string')
    return { data: null, error: { message: body.trim() || `${status} ${statusText}`.trim() } };
  return { data: null, error: typeof details === 'string' ? { message, details } : { message } };
}

/** A function client for PostgREST at `restUrl` (…/rest/v1) with the public anon key. */
export function rpcClient(restUrl: string, key: string, fetchImpl: Fetch = (...args) => fetch(...args)): RpcDb {
  const call = async (fn: string, args: object, signal: AbortSignal | undefined): Promise<RpcAnswer> => {
    try {
      const response = await fetchImpl(`${restUrl}/rpc/${encodeURIComponent(fn)}`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
        signal,
      });
      return answerOf(response.status, response.statusText, await response.text());
    } catch (error) {
      return failure(error);
    }
  };
  const request = (fn: string, args: object, signal?: AbortSignal): RpcRequest => ({
    abortSignal: (next) => request(fn, args, next),
    then: (onfulfilled, onrejected) => call(fn, args, signal).then(onfulfilled, onrejected),
  });
  return { rpc: (fn, args) => request(fn, args) };
}

let client: RpcDb | undefined;

/** The shared function client of the site's database, created on first use. */
export function rpcApi(): RpcDb {
  client ??= rpcClient(`${import.meta.env.PUBLIC_SUPABASE_URL}/rest/v1`, import.meta.env.PUBLIC_SUPABASE_ANON_KEY);
  return client;
}

// When the build reads the district pages, a busy database can cancel a read at its statement timeout (hosted
// Supabase gives the anonymous role 3 s; PostgREST answers 500 with Postgres's code 57014) or its gateway can give up
// waiting (504). Such a read is asked again after a wait, up to three times, before the build stops. The PostgREST
// client already asks again itself when a read gets no answer at all or a 503 or 520; any other failure (a wrong key,
// a missing view) stops the build at once, since asking again would not change the answer.

/** The waits before each new attempt, in ms: a busy moment usually passes within seconds. */
export const READ_RETRY_WAITS_MS = [1_000, 2_000, 4_000] as const;

const STATEMENT_TIMEOUT = '57014';
const GATEWAY_TIMEOUT = 504;

/** How long to wait before attempt `attempt + 1` of a read that failed so (attempt counts from 1); null: give up now. */
export function readRetryWait(failure: { status: number; code?: string }, attempt: number): number | null {
  const passing = failure.code === STATEMENT_TIMEOUT || failure.status === GATEWAY_TIMEOUT;
  return passing ? (READ_RETRY_WAITS_MS[attempt - 1] ?? null) : null;
}

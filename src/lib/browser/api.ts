// The browser's connection to the database's tables: PostgREST through the query builder inside supabase-js
// (postgrest-js, about 5 KB), with the public anon key: the district page's live data and its topic votes. Islands that only call
// database functions use rpcApi.ts instead.
import { PostgrestClient } from '@supabase/postgrest-js';

const url = import.meta.env.PUBLIC_SUPABASE_URL;
const key = import.meta.env.PUBLIC_SUPABASE_ANON_KEY;

let client: PostgrestClient | undefined;

/** The shared PostgREST client, created on first use. */
export function api(): PostgrestClient {
  client ??= new PostgrestClient(`${url}/rest/v1`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  return client;
}

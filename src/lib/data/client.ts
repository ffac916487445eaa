// The smallest interface the table modules need: both supabase-js (build) and postgrest-js (browser) satisfy it.
import type { PostgrestClient } from '@supabase/postgrest-js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Pick<PostgrestClient<any, any, any>, 'from' | 'rpc'>;

// The districts table: its row shape, validation, and the queries the site makes.
import * as z from 'zod/mini';
import type { RpcDb } from './client';
import { checkRow, optionalText, type Checked } from './validate';
import { QueryError } from './queryError';
import { reasonOf } from './serverAnswer';

export const TABLE = 'districts';

export const districtSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  state: optionalText,
  county: optionalText,
  address: optionalText,
  phone: optionalText,
  totalStudents: z._default(z.nullable(z.number().check(z.int(), z.nonnegative())), null),
  /** When an import last added, changed or removed any of the district's records (ISO 8601); null before any import. */
  records_updated_at: optionalText,
});
export type District = z.infer<typeof districtSchema>;

/** One suggestion of the district search. */
export interface DistrictSuggestion {
  id: number;
  name: string;
  state: string | null;
  county: string | null;
  /** Whether any meeting or vote of the district is on the site (false: the suggestion says it has no records yet). */
  has_records: boolean;
}

/** Validates a districts row: without an id or a name it cannot be shown and is left out. */
export function checkDistrict(raw: unknown): Checked<District> {
  return checkRow(districtSchema, raw);
}

/** District search: names containing the text (literally, case-insensitively), optionally in one state. */
export async function searchDistricts(
  db: RpcDb,
  text: string,
  state: string | null,
  signal?: AbortSignal,
): Promise<DistrictSuggestion[]> {
  let call = db.rpc('search_districts', { search_text: text, state_code: state || null });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw new QueryError(TABLE, reasonOf(error));
  return (data ?? []) as DistrictSuggestion[];
}

// Row validation shared by the four table modules: a bad row is reported by table and id, never thrown.
import * as z from 'zod/mini';

/** The outcome of checking one row: the usable row (or null when it must be left out) and what was wrong. */
export interface Checked<T> {
  row: T | null;
  problems: string[];
}

// zod/mini rather than zod: the same rules at a fraction of the size, since islands validate live rows too.

/** A text column that may be missing: null when absent. */
export const optionalText = z._default(z.nullable(z.string()), null);

/** Describes a zod failure in one line per field: "date: Invalid ISO date". */
export function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || 'row'}: ${issue.message}`);
}

/** Validates a row with a schema; an invalid row is left out with its problems listed. */
export function checkRow<T>(schema: z.ZodMiniType<T>, raw: unknown): Checked<T> {
  const result = schema.safeParse(raw);
  return result.success ? { row: result.data, problems: [] } : { row: null, problems: describeIssues(result.error) };
}

// Row validation shared by the four table modules: a bad row is reported by table and id, never thrown.
import type { z } from 'zod';

/** The outcome of checking one row: the usable row (or null when it must be left out) and what was wrong. */
export interface Checked<T> {
  row: T | null;
  problems: string[];
}

/** Describes a zod failure in one line per field: "date: Invalid ISO date". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`);
}

/** Validates a row with a schema; an invalid row is left out with its problems listed. */
export function checkRow<T>(schema: z.ZodType<T>, raw: unknown): Checked<T> {
  const result = schema.safeParse(raw);
  return result.success ? { row: result.data, problems: [] } : { row: null, problems: describeIssues(result.error) };
}

/** The error every data module throws when a query fails: the table and the reason, never swallowed. */
export class QueryError extends Error {
  constructor(table: string, reason: string) {
    super(reason);
    this.name = `QueryError(${table})`;
  }
}

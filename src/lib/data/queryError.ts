// The error every data module throws when a query fails: the table and the reason, never swallowed. Its own module,
// apart from the row checks (validate.ts): an island that only calls a database function must not load the schema
// library with it.

/** The reason of a call whose answer is not the shape its function documents. */
export const UNEXPECTED_ANSWER = 'the server gave an unexpected answer';

export class QueryError extends Error {
  constructor(table: string, reason: string) {
    super(reason);
    this.name = `QueryError(${table})`;
  }
}

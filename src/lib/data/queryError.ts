// The error every data module throws when a query fails: the table and the reason, never swallowed. Its own module,
// apart from the row checks (validate.ts): an island that only calls a database function must not load the schema
// library with it.

export class QueryError extends Error {
  constructor(table: string, reason: string) {
    super(reason);
    this.name = `QueryError(${table})`;
  }
}

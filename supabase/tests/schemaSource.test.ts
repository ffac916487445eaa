// The applied database differs from its source in nothing: every function of the schemas public and private (those
// an extension owns aside) has exactly one definition in the migrations, with the same body; every function and view
// the migrations define is in the database; and each view's query is the one its definition writes.
import { describe, expect, it } from 'vitest';
import { normalised, objectName, schemaSource } from './schemaSource';
import { sql, superuser } from './helpers';

const source = schemaSource();
const functions = source.filter((object) => object.kind === 'function');
const views = source.filter((object) => object.kind === 'view');

interface DatabaseFunction {
  name: string;
  args: string[];
  body: string;
}

describe('the database and its source', () => {
  it('hold the same functions, each once, with the same body', async () => {
    const applied = await sql<DatabaseFunction>(
      `select n.nspname || '.' || p.proname as name, array(select t::regtype::text from unnest(p.proargtypes::oid[]) as t) as args, p.prosrc as body
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')
          and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    );
    // The source's types as the database spells them ('integer', 'subscriptions'), read in one query.
    const written = [...new Set(functions.flatMap((f) => f.args))];
    const spelled = new Map(
      (
        await sql<{ written: string; spelled: string }>(
          'select t as written, t::regtype::text as spelled from unnest($1::text[]) as t',
          [written],
        )
      ).map((r) => [r.written, r.spelled]),
    );
    const key = (name: string, args: string[]) => `${name}(${args.join(', ')})`;
    const defined = new Map<string, typeof functions>();
    for (const f of functions) {
      const k = key(
        f.name,
        f.args.map((type) => spelled.get(type) ?? type),
      );
      defined.set(k, [...(defined.get(k) ?? []), f]);
    }

    const problems: string[] = [];
    for (const f of applied) {
      const k = key(f.name, f.args);
      const found = defined.get(k) ?? [];
      if (found.length !== 1) problems.push(`${k}: ${found.length} definitions in the source`);
      else if (normalised(found[0].body) !== normalised(f.body))
        problems.push(`${k}: its body differs from ${found[0].file}:${found[0].line}`);
    }
    const inDatabase = new Set(applied.map((f) => key(f.name, f.args)));
    for (const [k, found] of defined)
      if (!inDatabase.has(k)) problems.push(`${k}: in ${found[0].file}:${found[0].line}, not in the database`);
    expect(problems).toEqual([]);
    expect(applied.length).toBe(functions.length);
  });

  it('hold the same views, each once, with the same query', async () => {
    const applied = await sql<{ name: string; query: string }>(
      `select n.nspname || '.' || c.relname as name, pg_get_viewdef(c.oid) as query from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('v', 'm') and n.nspname in ('public', 'private') order by 1`,
    );
    expect(applied.map((view) => view.name)).toEqual(views.map((view) => view.name).sort());
    // Each source query made into a view of its own, in a transaction undone after: Postgres writes both alike.
    const client = await superuser();
    try {
      await client.query('begin');
      for (const view of views) {
        await client.query(`create temporary view source_view as ${view.body}`);
        const [{ query }] = (
          await client.query<{ query: string }>("select pg_get_viewdef('source_view'::regclass) as query")
        ).rows;
        expect(normalised(query), objectName(view)).toBe(
          normalised(applied.find((found) => found.name === view.name)!.query),
        );
        await client.query('drop view source_view');
      }
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});

// One definition of every database object: across supabase/migrations (and the Supabase CLI's declared `schemas`
// folder beside it, should the project adopt one) each function (by schema, name and argument types), view, table, trigger and policy is created
// once, in its final form, so reading an object means reading one statement. Nothing is deployed from an older
// history, so a change edits the object's one definition.
import { describe, expect, it } from 'vitest';
import {
  argumentTypes,
  objectName,
  schemaSource,
  statements,
  type SourceObject,
} from '../../supabase/tests/schemaSource';

describe('the migrations', () => {
  const objects = schemaSource();

  it('create each function, view, table, trigger and policy once', () => {
    const places = new Map<string, SourceObject[]>();
    for (const object of objects) {
      const key = `${object.kind} ${objectName(object)}`;
      places.set(key, [...(places.get(key) ?? []), object]);
    }
    const twice = [...places]
      .filter(([, found]) => found.length > 1)
      .map(([key, found]) => `${key}: ${found.map((o) => `${o.file}:${o.line}`).join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('are read in full: they create every kind of object, and every function has its body', () => {
    const kinds = new Set(objects.map((object) => object.kind));
    expect([...kinds].sort()).toEqual(['function', 'policy', 'table', 'trigger', 'view']);
    expect(objects.filter((object) => object.kind === 'function' && object.body.trim() === '').map(objectName)).toEqual(
      [],
    );
  });
});

describe('reading SQL', () => {
  it.each([
    ['jsonb', ['jsonb']],
    ["email text, district_id bigint, language text default 'en'", ['text', 'bigint', 'text']],
    ["action text, subject text default ''", ['text', 'text']],
    ['query tsquery, out looked_for integer, out left_out integer', ['tsquery']],
    ['run_id uuid, max_count integer default 1, kinds text[] default null', ['uuid', 'integer', 'text[]']],
    ['subscription public.subscriptions, kind text, payload jsonb', ['public.subscriptions', 'text', 'jsonb']],
    ["unchanged jsonb default '{}'", ['jsonb']],
    ["kinds text[] default array['meeting', 'topic']", ['text[]']],
    ['', []],
  ])('the argument types of (%s): %j', (list, types) => {
    expect(argumentTypes(list)).toEqual(types);
  });

  it('splits statements at the semicolons outside quotes, dollar quotes and comments', () => {
    const sql = [
      '-- a comment; not a statement',
      "create function private.f(a text) returns text language sql as $$ select 'x;' || a; $$;",
      '/* a block; /* nested; */ still a comment */',
      "comment on function private.f(text) is 'one; two';",
      'create policy "Anyone; really" on public.t for select using (true);',
    ].join('\n');
    expect(statements(sql).map((statement) => [statement.line, statement.sql.slice(0, 24)])).toEqual([
      [2, 'create function private.'],
      [4, 'comment on function priv'],
      [5, 'create policy "Anyone; r'],
    ]);
  });

  it("names each object it finds, with a function's types and body and a view's query", () => {
    const found = schemaSource([
      {
        file: 'a.sql',
        text: [
          'create function private.f(a text, out b integer) returns integer language sql as $body$ select 1 $body$;',
          'create or replace view public.v with (security_invoker = true) as select 1 as one;',
          'create unlogged table private.rows (id bigint);',
          'create trigger t_note after insert or update of x on public.meetings for each row execute function private.f();',
          'create policy "Anyone can read" on public.topics for select to anon using (true);',
          'alter table public.topics enable row level security;',
        ].join('\n'),
      },
    ]);
    expect(found.map((object) => [object.kind, objectName(object), object.body.trim(), object.line])).toEqual([
      ['function', 'private.f(text)', 'select 1', 1],
      ['view', 'public.v', 'select 1 as one', 2],
      ['table', 'private.rows', '', 3],
      ['trigger', 't_note on public.meetings', '', 4],
      ['policy', '"Anyone can read" on public.topics', '', 5],
    ]);
  });
});

// The database's source as the migrations write it: every function, view, table, trigger and policy they create,
// with the file and line, and a function's body or a view's query. Read by the test that keeps one definition of each
// object (tests/unit/schemaSource.test.ts) and by the one that finds the applied database equal to its source
// (schemaSource.test.ts here).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
/** Where the source is: the migrations, and the declared schemas when the project has them. */
const SOURCE_DIRS = [join(ROOT, 'supabase', 'migrations'), join(ROOT, 'supabase', 'schemas')];

export type SourceKind = 'function' | 'view' | 'table' | 'trigger' | 'policy';

export interface SourceObject {
  kind: SourceKind;
  /** schema.name; a trigger's or a policy's name with its table ('raise_sequence on public.meetings'). */
  name: string;
  /** A function's input argument types as written ('text', 'bigint[]', 'public.subscriptions'). */
  args: string[];
  /** A function's body (the text between its dollar quotes), or a view's query. */
  body: string;
  /** The file, from the repository's root, and the line the statement starts on. */
  file: string;
  line: number;
}

/** One statement of a SQL file, its comments taken out (those inside quotes and dollar quotes stay). */
interface Statement {
  sql: string;
  line: number;
}

/** Splits SQL into statements at the semicolons outside quotes, dollar quotes and comments. */
export function statements(text: string): Statement[] {
  const found: Statement[] = [];
  let current = '';
  let line = 1;
  let start = 1;
  let i = 0;
  const take = (n: number) => {
    const piece = text.slice(i, i + n);
    current += piece;
    line += piece.split('\n').length - 1;
    i += n;
  };
  while (i < text.length) {
    const rest = text.slice(i);
    if (current.trim() === '') start = line;
    if (rest.startsWith('--')) {
      const end = rest.indexOf('\n');
      i += end === -1 ? rest.length : end;
      continue;
    }
    if (rest.startsWith('/*')) {
      let depth = 0;
      let j = 0;
      do {
        if (rest.startsWith('/*', j)) {
          depth += 1;
          j += 2;
        } else if (rest.startsWith('*/', j)) {
          depth -= 1;
          j += 2;
        } else j += 1;
      } while (depth > 0 && j < rest.length);
      line += rest.slice(0, j).split('\n').length - 1;
      current += ' ';
      i += j;
      continue;
    }
    const dollar = /^\$([A-Za-z_]\w*)?\$/.exec(rest);
    if (dollar) {
      const end = rest.indexOf(dollar[0], dollar[0].length);
      take(end === -1 ? rest.length : end + dollar[0].length);
      continue;
    }
    if (rest[0] === "'" || rest[0] === '"') {
      let j = 1;
      while (j < rest.length && !(rest[j] === rest[0] && rest[j + 1] !== rest[0])) j += rest[j] === rest[0] ? 2 : 1;
      take(j + 1);
      continue;
    }
    if (rest[0] === ';') {
      if (current.trim()) found.push({ sql: current.trim(), line: start });
      current = '';
      i += 1;
      continue;
    }
    take(1);
  }
  if (current.trim()) found.push({ sql: current.trim(), line: start });
  return found;
}

/** The text inside the parentheses that open at `open`, and where they close. */
function parenthesised(sql: string, open: number): { inside: string; end: number } {
  let depth = 0;
  for (let i = open; i < sql.length; i += 1) {
    if (sql[i] === "'") {
      i = sql.indexOf("'", i + 1);
      continue;
    }
    if (sql[i] === '(') depth += 1;
    if (sql[i] === ')' && --depth === 0) return { inside: sql.slice(open + 1, i), end: i };
  }
  throw new Error(`unbalanced parentheses in: ${sql.slice(0, 80)}`);
}

/** Splits an argument list at its commas (not those inside parentheses, brackets or quotes). */
function splitArguments(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < list.length; i += 1) {
    const char = list[i];
    if (char === "'") {
      const end = list.indexOf("'", i + 1);
      current += list.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char === '(' || char === '[') depth += 1;
    if (char === ')' || char === ']') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const MODES = new Set(['in', 'out', 'inout', 'variadic']);

/** The input argument types of a function's argument list (an out argument is part of its result, not its name). */
export function argumentTypes(list: string): string[] {
  return splitArguments(list).flatMap((argument) => {
    const declared = argument.replace(/\s+(default|=)\s[\s\S]*$/i, '').trim();
    const words = declared.split(/\s+/);
    const mode = MODES.has(words[0].toLowerCase()) ? words.shift()!.toLowerCase() : 'in';
    if (mode === 'out') return [];
    return [(words.length > 1 ? words.slice(1) : words).join(' ').toLowerCase()];
  });
}

const NAME = String.raw`([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)`;

/** The objects one statement creates (none, or one). */
function created(statement: Statement, file: string): SourceObject | null {
  const { sql, line } = statement;
  const base = { args: [] as string[], body: '', file, line };
  let match = new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?function\s+${NAME}\s*\(`, 'i').exec(sql);
  if (match) {
    const { inside, end } = parenthesised(sql, match[0].length - 1);
    const body = /\$([A-Za-z_]\w*)?\$([\s\S]*?)\$\1\$/.exec(sql.slice(end));
    return {
      ...base,
      kind: 'function',
      name: match[1].toLowerCase(),
      args: argumentTypes(inside),
      body: body ? body[2] : '',
    };
  }
  match = new RegExp(
    String.raw`^create\s+(?:or\s+replace\s+)?view\s+${NAME}(?:\s+with\s*\([^)]*\))?\s+as\s+([\s\S]*)$`,
    'i',
  ).exec(sql);
  if (match) return { ...base, kind: 'view', name: match[1].toLowerCase(), body: match[2] };
  match = new RegExp(String.raw`^create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?${NAME}`, 'i').exec(sql);
  if (match) return { ...base, kind: 'table', name: match[1].toLowerCase() };
  match = new RegExp(
    String.raw`^create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+([a-z_][a-z0-9_]*)\s[\s\S]*?\bon\s+${NAME}`,
    'i',
  ).exec(sql);
  if (match) return { ...base, kind: 'trigger', name: `${match[1].toLowerCase()} on ${match[2].toLowerCase()}` };
  match = new RegExp(String.raw`^create\s+policy\s+"([^"]+)"\s+on\s+${NAME}`, 'i').exec(sql);
  if (match) return { ...base, kind: 'policy', name: `"${match[1]}" on ${match[2].toLowerCase()}` };
  return null;
}

/** The SQL files of the source, in the order they are applied. */
export function sourceFiles(): { file: string; text: string }[] {
  return SOURCE_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => ({ file: relative(ROOT, join(dir, name)), text: readFileSync(join(dir, name), 'utf8') })),
  );
}

/** Every object the source creates, in the order it creates them. */
export function schemaSource(files = sourceFiles()): SourceObject[] {
  return files.flatMap(({ file, text }) => statements(text).flatMap((statement) => created(statement, file) ?? []));
}

/** How an object is named in a message: a function with its argument types. */
export function objectName(object: Pick<SourceObject, 'kind' | 'name' | 'args'>): string {
  return object.kind === 'function' ? `${object.name}(${object.args.join(', ')})` : object.name;
}

/** Text compared without regard to its white space. */
export function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

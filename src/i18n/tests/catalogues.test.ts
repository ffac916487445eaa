// The catalogues are complete: Spanish and Chinese have exactly English's keys with the same placeholders, every file
// is sorted (so the three can be joined by key), no message is empty, and every key is named by the code. The rules
// themselves are checked on small tables first.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../catalogues';
import { catalogueProblems, keysNamed, unusedKeys } from '../catalogueCheck';
import { LOCALES } from '../locales';
import type { Catalogue } from '../translate';

describe('the rules', () => {
  const english: Catalogue = {
    'a.one': 'One {x}',
    'a.two': { one: '{count} two', other: '{count} twos' },
    'b.three': 'Three',
  };

  it.each([
    ['a complete translation', { 'a.one': 'Uno {x}', 'a.two': { other: '{count} dos' }, 'b.three': 'Tres' }, {}],
    ['a missing key', { 'a.one': 'Uno {x}', 'a.two': { other: '{count} dos' } }, { missing: ['b.three'] }],
    [
      'a key English lacks',
      { 'a.one': 'Uno {x}', 'a.two': { other: '{count} dos' }, 'b.three': 'Tres', 'b.four': 'Cuatro' },
      { extra: ['b.four'], unsorted: ['b.four after b.three'] },
    ],
    [
      'a placeholder renamed',
      { 'a.one': 'Uno {y}', 'a.two': { other: '{count} dos' }, 'b.three': 'Tres' },
      { placeholders: ['a.one: {x} in English, {y} here'] },
    ],
    [
      'a placeholder dropped from a plural form',
      { 'a.one': 'Uno {x}', 'a.two': { other: 'dos' }, 'b.three': 'Tres' },
      { placeholders: ['a.two: {count} in English, {} here'] },
    ],
    [
      'an empty message',
      { 'a.one': 'Uno {x}', 'a.two': { other: '{count} dos' }, 'b.three': ' ' },
      { empty: ['b.three'] },
    ],
  ] as const)('%s', (_, other, expected) => {
    expect(catalogueProblems(english, other as Catalogue)).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
      unsorted: [],
      empty: [],
      ...expected,
    });
  });

  it('finds the keys the code names, quoted or built in a template, and the ones it does not', () => {
    const named = keysNamed("t('a.one'); t(\"a.two\"); t(`b.${name}.title`); 'c.not-a-namespace'", ['a', 'b']);
    expect([...named.literal]).toEqual(['a.one', 'a.two']);
    expect(unusedKeys(['a.one', 'a.two', 'b.x.title', 'b.x.text', 'a.three'], named)).toEqual(['b.x.text', 'a.three']);
  });
});

/** Every source file under a folder (not its tests): where a key must be named for it to be used. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' || name === 'messages' ? [] : sources(path);
    return /\.(ts|tsx|astro|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the catalogues', () => {
  const english = catalogue('en');

  it.each(LOCALES)('%s has every key of English, no other, the same placeholders, sorted, none empty', (locale) => {
    expect(catalogueProblems(english, catalogue(locale))).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
      unsorted: [],
      empty: [],
    });
  });

  it('has no key the code does not use', () => {
    const namespaces = [...new Set(Object.keys(english).map((key) => key.split('.')[0]))];
    // The site's sources and the Edge Functions' (the feeds word their answers from the catalogues too).
    const code = [...sources(resolve('src')), ...sources(resolve('supabase/functions'))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(unusedKeys(Object.keys(english), keysNamed(code, namespaces))).toEqual([]);
  });
});

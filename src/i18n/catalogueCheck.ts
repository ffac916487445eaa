// What keeps the catalogues complete (run by src/i18n/tests/catalogues.test.ts in `npm test`): every language has
// exactly English's keys, with the same placeholders in every form, sorted; and every key is used by the code. Pure
// functions over the catalogues and the source text, so each rule has its own table of cases.
import { placeholders, type Catalogue } from './translate';

/** What one catalogue gets wrong against English: keys it lacks, keys English does not have, placeholders that differ. */
export interface CatalogueProblems {
  missing: string[];
  extra: string[];
  placeholders: string[];
  unsorted: string[];
  empty: string[];
}

/** A catalogue's problems against English (English against itself: only its order and empty messages). */
export function catalogueProblems(english: Catalogue, other: Catalogue): CatalogueProblems {
  const keys = Object.keys(other);
  const missing = Object.keys(english).filter((key) => !(key in other));
  const extra = keys.filter((key) => !(key in english));
  const differing = keys
    .filter((key) => key in english)
    .filter((key) => placeholders(english[key]).join() !== placeholders(other[key]).join())
    .map(
      (key) =>
        `${key}: {${placeholders(english[key]).join('}, {')}} in English, {${placeholders(other[key]).join('}, {')}} here`,
    );
  const unsorted = keys
    .filter((key, at) => at > 0 && keys[at - 1] > key)
    .map((key) => `${key} after ${keys[keys.indexOf(key) - 1]}`);
  const empty = keys.filter((key) => {
    const message = other[key];
    return typeof message === 'string'
      ? !message.trim()
      : !message.other?.trim() || Object.values(message).some((form) => !form?.trim());
  });
  return { missing, extra, placeholders: differing, unsorted, empty };
}

/**
 * The message keys a source file names: quoted keys ('site.name', "nav.home"), and keys built in a template literal
 * (`home.offerings.${name}.title`), returned as patterns with the interpolations as wildcards.
 */
export function keysNamed(source: string, namespaces: readonly string[]): { literal: Set<string>; patterns: RegExp[] } {
  const ns = namespaces.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const literal = new Set(
    [...source.matchAll(new RegExp(`['"]((?:${ns})\\.[A-Za-z0-9_.]+)['"]`, 'g'))].map((match) => match[1]),
  );
  const patterns = [...source.matchAll(new RegExp(`\`((?:${ns})\\.[^\`]*\\$\\{[^\`]*)\``, 'g'))].map(
    (match) =>
      new RegExp(
        `^${match[1]
          .split(/\$\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[A-Za-z0-9_]+')}$`,
      ),
  );
  return { literal, patterns };
}

/** The catalogue's keys no source names. */
export function unusedKeys(keys: readonly string[], named: { literal: Set<string>; patterns: RegExp[] }): string[] {
  return keys.filter((key) => !named.literal.has(key) && !named.patterns.some((pattern) => pattern.test(key)));
}

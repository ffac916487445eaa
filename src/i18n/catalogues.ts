// The message catalogues, one JSON file per language in messages/ (a volunteer translator edits only those), read from
// disk at build time: nothing of them reaches the browser but the messages an island shows (given in its props, or
// bundled with it: islandMessages.ts). Read from disk rather than imported, so a catalogue is no code Astro renders
// every page again for; instead each route's cacheKey carries catalogueVersion() of the messages it uses (their
// namespaces), and a changed message renders again only the pages in its language that use it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type English from './messages/en.json';
import { translator, type Catalogue, type MessageValues } from './translate.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/** A message's key, as the English catalogue names them ('district.meetings.loading'). */
export type MessageKey = keyof typeof English;
/** A translator whose keys are checked against the English catalogue. */
export type T = (key: MessageKey, values?: MessageValues) => string;

/** Where the catalogues are: src/i18n/messages/ of the project being built. */
export const CATALOGUE_DIR = resolve('src/i18n/messages');

const read = new Map<Locale, Catalogue>();

/** A language's catalogue, read once per build. */
export function catalogue(locale: Locale, dir = CATALOGUE_DIR): Catalogue {
  let found = dir === CATALOGUE_DIR ? read.get(locale) : undefined;
  if (!found) {
    found = JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Catalogue;
    if (dir === CATALOGUE_DIR) read.set(locale, found);
  }
  return found;
}

/**
 * Gives the catalogues to code that runs where src/i18n/messages/ is no folder to read: the search page's Netlify
 * function, which bundles them (imported as JSON) and gives them here before it draws anything.
 */
export function provideCatalogues(given: Record<Locale, Catalogue>): void {
  for (const locale of LOCALES) read.set(locale, given[locale]);
}

const translators = new Map<Locale, T>();

/** The translator of a language, over its whole catalogue (made once per build). */
export function useTranslations(locale: Locale): T {
  let found = translators.get(locale);
  if (!found) translators.set(locale, (found = translator(locale, catalogue(locale)) as T));
  return found;
}

/** A key's namespace: its first part ('district' of 'district.meetings.loading'). */
export const namespaceOf = (key: string) => key.split('.')[0];

const versions = new Map<string, string>();

/**
 * A hash of the messages of the given namespaces in a language: what a route's pages show of the catalogue, and so
 * part of their cacheKey. A message changed in another namespace, or in another language, leaves it as it was.
 */
export function catalogueVersion(locale: Locale, namespaces: readonly string[], dir = CATALOGUE_DIR): string {
  // Asked for every page a route makes: hashed once per build, as the catalogues are read once.
  const key = `${dir}\n${locale}\n${namespaces.join(' ')}`;
  let found = dir === CATALOGUE_DIR ? versions.get(key) : undefined;
  if (found === undefined) {
    const wanted = new Set(namespaces);
    const entries = Object.entries(catalogue(locale, dir))
      .filter(([name]) => wanted.has(namespaceOf(name)))
      .sort(([a], [b]) => a.localeCompare(b));
    found = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
    if (dir === CATALOGUE_DIR) versions.set(key, found);
  }
  return found;
}

/** Every language but English, in the order of LOCALES. */
export const TRANSLATIONS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

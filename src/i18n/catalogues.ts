// The message catalogues, one JSON file per language in messages/ (a volunteer translator edits only those), read from
// disk at build time: nothing of them reaches the browser but the messages an island is given. Read from disk rather
// than imported, so a catalogue is no code Astro renders every page again for; instead each route's cacheKey carries
// catalogueVersion() of the messages it uses (their namespaces), and a changed message renders again only the pages
// in its language that use it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type English from './messages/en.json';
import { translator, type Catalogue, type MessageValues } from './translate';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

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

/** The translator of a language, over its whole catalogue. */
export function useTranslations(locale: Locale): T {
  return translator(locale, catalogue(locale)) as T;
}

/** A key's namespace: its first part ('district' of 'district.meetings.loading'). */
export const namespaceOf = (key: string) => key.split('.')[0];

/**
 * A hash of the messages of the given namespaces in a language: what a route's pages show of the catalogue, and so
 * part of their cacheKey. A message changed in another namespace, or in another language, leaves it as it was.
 */
export function catalogueVersion(locale: Locale, namespaces: readonly string[], dir = CATALOGUE_DIR): string {
  const wanted = new Set(namespaces);
  const entries = Object.entries(catalogue(locale, dir)).filter(([key]) => wanted.has(namespaceOf(key))).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
}

/** Every language but English, in the order of LOCALES. */
export const TRANSLATIONS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

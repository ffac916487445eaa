// The catalogue messages each alerts island is given, for its one language: the form's and the management page's,
// and the words they share (kinds, frequencies, the plain description of an alert, the database's answers).
import { catalogue } from '../../i18n/catalogues';
import type { Locale } from '../../i18n/locales';
import type { Catalogue } from '../../i18n/translate';

const SHARED = ['alerts.describe.', 'alerts.kinds.', 'alerts.frequency.', 'alerts.error.'];

const picked = new Map<string, Catalogue>();

/** The messages of a language whose keys start with one of these prefixes, picked once per build (every page asks). */
function messagesStartingWith(locale: Locale, prefixes: readonly string[]): Catalogue {
  const key = `${locale} ${prefixes.join(' ')}`;
  let found = picked.get(key);
  if (!found) picked.set(key, (found = Object.fromEntries(Object.entries(catalogue(locale)).filter(([name]) => prefixes.some((prefix) => name.startsWith(prefix))))));
  return found;
}

/** What the alert form shows. */
export const formMessages = (locale: Locale) => messagesStartingWith(locale, [...SHARED, 'alerts.form.']);

/** What the management page shows. */
export const managerMessages = (locale: Locale) => messagesStartingWith(locale, [...SHARED, 'alerts.manage.']);

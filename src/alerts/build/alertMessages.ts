// The catalogue messages of each alerts island: the form's (bundled with it, every built language's) and the
// management page's (given to it, for the page's language), the words they share (kinds, frequencies, the plain
// description of an alert), and the server's answers each shows.
import { catalogue } from '../../i18n/catalogues.ts';
import type { Locale } from '../../i18n/locales';
import { pickMessages, type Catalogue } from '../../i18n/translate.ts';
import { SEND_FAILURE_KEYS } from '../../i18n/serverText.ts';
import { ALERT_ANSWER_KEYS } from '../answers.ts';

const SHARED = ['alerts.describe.', 'alerts.kinds.', 'alerts.frequency.', 'alerts.error.'];

const picked = new Map<string, Catalogue>();

/**
 * The messages of a language whose keys start with one of these prefixes, and the ones named, picked once per build
 * (every page asks).
 */
function messagesFor(locale: Locale, prefixes: readonly string[], keys: readonly string[]): Catalogue {
  const key = `${locale} ${prefixes.join(' ')} ${keys.join(' ')}`;
  let found = picked.get(key);
  if (!found) {
    const all = catalogue(locale);
    found = {
      ...Object.fromEntries(Object.entries(all).filter(([name]) => prefixes.some((prefix) => name.startsWith(prefix)))),
      ...pickMessages(all, keys),
    };
    picked.set(key, found);
  }
  return found;
}

/** What the alert form shows. */
export const formMessages = (locale: Locale) => messagesFor(locale, [...SHARED, 'alerts.form.'], ALERT_ANSWER_KEYS);

/**
 * The alerts islands whose messages are bundled with them (src/i18n/islandMessages.ts): the alert form stands on
 * every district's and member's page, so its messages are in its script, not in every page.
 */
export const ALERT_ISLAND_CATALOGUES = { 'alert-form': formMessages } as const;

/** What the management page shows: the address's alerts and its district summaries by email. */
export const managerMessages = (locale: Locale) =>
  messagesFor(locale, [...SHARED, 'alerts.manage.', 'alerts.digests.'], SEND_FAILURE_KEYS);

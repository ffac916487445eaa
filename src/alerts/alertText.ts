// The feeds' words, in each language: an alert in plain words (describe.ts's rule with the catalogue's words), a
// search likewise, and the feed's own titles and answers. The feed is an Edge Function, whose deploy bundles only
// supabase/functions/, so it cannot import this module: `npm run functions:shared` bundles it, with only the messages
// under FEED_TEXT_KEYS, into supabase/functions/_shared/alertText.js, and a unit test fails while that copy differs
// from what this makes.
// Imports carry their .ts extension: the bundler's script reads FEED_TEXT_KEYS in Node itself.
import type { Locale } from '../i18n/locales.ts';
import type { Translator } from '../i18n/translate.ts';
import { answerText } from '../i18n/serverText.ts';
import { SEARCH_ANSWERS } from '../search/data/records.ts';
import { reasonOf, refusalOf } from '../lib/data/serverAnswer.ts';
import { alertSubject, describeAlert, type AlertRecordKind, type AlertSummary } from './describe.ts';
import { mailTranslator } from './mailText.ts';

/** The catalogue messages the feeds are worded with (by key prefix): the feed's copy holds only these. */
export const FEED_TEXT_KEYS: readonly string[] = [
  'alerts.describe.',
  'alerts.kinds.',
  'alerts.frequency.',
  'feeds.',
  'records.kind.',
  'errors.search.',
  'errors.limit.searches',
  'errors.noneGiven',
  'errors.unknown',
];

/** An alert in plain words, with how often: '"cell phones" in Palo Alto Unified School District, daily'. */
export function alertText(alert: AlertSummary, locale: Locale): string {
  return describeAlert(alert, mailTranslator(locale), locale);
}

/** A search a feed follows, in the words of an alert for it: '"cell phones" in every district of CA, votes only'. */
export function searchText(
  search: {
    text: string;
    district_id: number | null;
    district_name: string | null;
    state: string | null;
    kinds: readonly AlertRecordKind[];
  },
  locale: Locale,
): string {
  return alertSubject(
    { kind: 'search', minority_only: false, ...search, kinds: [...search.kinds] },
    mailTranslator(locale),
    locale,
  );
}

/**
 * Why search_records refused a feed's search, in the feed's language, from PostgREST's error (its message is the
 * code, its details the parameters): 'Search text can be at most 200 characters; this is 250.'
 */
export function searchRefusalText(error: { message?: string; details?: string | null }, locale: Locale): string {
  const refusal = refusalOf(reasonOf({ message: error.message ?? '', details: error.details }));
  return answerText(refusal ?? { code: '' }, mailTranslator(locale), SEARCH_ANSWERS);
}

/** The feeds' translator of a language (the messages under FEED_TEXT_KEYS). */
export function feedTranslator(locale: Locale): Translator {
  return mailTranslator(locale);
}

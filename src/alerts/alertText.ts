// An alert in plain words, in each language, for the alert's Atom feed: describe.ts's rule with the catalogue's words.
// The feed is an Edge Function, whose deploy bundles only supabase/functions/, so it cannot import this module:
// `npm run functions:shared` bundles it, with only the messages under ALERT_TEXT_KEYS, into
// supabase/functions/_shared/alertText.js, and a unit test fails while that copy differs from what this makes.
// Imports carry their .ts extension: the bundler's script reads ALERT_TEXT_KEYS in Node itself.
import type { Locale } from '../i18n/locales.ts';
import { describeAlert, type AlertSummary } from './describe.ts';
import { mailTranslator } from './mailText.ts';

/** The catalogue messages an alert's description is worded with (by key prefix): the feed's copy holds only these. */
export const ALERT_TEXT_KEYS: readonly string[] = ['alerts.describe.', 'alerts.kinds.', 'alerts.frequency.'];

/** An alert in plain words, with how often: '"cell phones" in Palo Alto Unified School District, daily'. */
export function alertText(alert: AlertSummary, locale: Locale): string {
  return describeAlert(alert, mailTranslator(locale), locale);
}

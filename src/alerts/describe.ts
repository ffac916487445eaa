// What an alert is, in plain words, in the reader's language: the management page's list, the forms' 'what you will
// get' line, the confirmation email and each alert email say it the same way ('"cell phones" in Palo Alto Unified
// School District, meeting summaries only, daily'). Pure; the words are catalogue messages under alerts.
// Imports carry their .ts extension: `npm run mail:send` loads this file in Node itself.
import { LOCALE_FACTS, type Locale } from '../i18n/locales.ts';
import type { Translator } from '../i18n/translate.ts';
import type { AlertRecordKind, AlertSummary } from './data/alerts.ts';
import type { ListedDigest } from './data/subscriptions.ts';

export type { AlertFrequency, AlertKind, AlertRecordKind, AlertSummary } from './data/alerts.ts';

export const ALL_RECORD_KINDS: readonly AlertRecordKind[] = ['meeting', 'topic', 'vote'];

/** The kinds of record, joined the language's way ('meeting summaries and votes'). */
export function kindsText(kinds: readonly AlertRecordKind[], t: Translator, locale: Locale): string {
  const names = ALL_RECORD_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => t(`alerts.kinds.${kind}`));
  return new Intl.ListFormat(LOCALE_FACTS[locale].intl, { type: 'conjunction' }).format(names);
}

/** What the alert looks for and where: '"cell phones" in Palo Alto Unified School District'. */
export function alertSubject(
  alert: Pick<AlertSummary, 'kind' | 'text' | 'district_id' | 'district_name' | 'state' | 'kinds' | 'minority_only'>,
  t: Translator,
  locale: Locale,
): string {
  const district = alert.district_name ?? (alert.district_id === null ? '' : String(alert.district_id));
  if (alert.kind === 'topic') return t('alerts.describe.topic', { text: alert.text, district });
  if (alert.kind === 'member')
    return t(alert.minority_only ? 'alerts.describe.memberMinority' : 'alerts.describe.member', {
      name: alert.text,
      district,
    });
  const where =
    alert.district_id !== null
      ? t('alerts.describe.searchDistrict', { text: alert.text, district })
      : alert.state
        ? t('alerts.describe.searchState', { text: alert.text, state: alert.state })
        : t('alerts.describe.searchEverywhere', { text: alert.text });
  const limited = ALL_RECORD_KINDS.some((kind) => !alert.kinds.includes(kind));
  return limited ? t('alerts.describe.only', { alert: where, kinds: kindsText(alert.kinds, t, locale) }) : where;
}

/** The whole sentence with how often: '"cell phones" in Palo Alto Unified School District, daily'. */
export function describeAlert(alert: AlertSummary, t: Translator, locale: Locale): string {
  return t('alerts.describe.withFrequency', {
    alert: alertSubject(alert, t, locale),
    frequency: t(`alerts.frequency.${alert.frequency}`),
  });
}

/**
 * A district's summaries by email, as the management page lists them: 'Palo Alto Unified School District, in
 * Spanish (confirmed: each new summary is emailed)', or waiting for its confirmation.
 */
export function describeDigest(
  digest: Pick<ListedDigest, 'district_name' | 'language' | 'confirmed'>,
  t: Translator,
): string {
  return t('alerts.digests.item', {
    district: digest.district_name,
    language: t(`alerts.digests.language.${digest.language}`),
    state: t(digest.confirmed ? 'alerts.digests.confirmed' : 'alerts.digests.waiting'),
  });
}

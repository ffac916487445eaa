// How the alert forms and the management page word the database's answers in the page's language. The database
// answers in English: a field's problem, a form-level reason, a limit. English pages show them as they are; Spanish
// and Chinese pages word each one these rules know by a catalogue key, and any other as a plain general refusal, so a
// visitor never reads English server text there. Pure, table-tested.
import type { Locale } from '../../i18n/locales';
import type { Translator } from '../../i18n/translate';
import { describeSendFailure, type FormResult } from '../data/formResult';
import type { ManageStatus } from '../data/alerts';

interface Rule {
  pattern: RegExp;
  key: string;
  values?: (match: RegExpExecArray) => Record<string, string>;
}

/** create_alert's refusals this page words in every language (its field problems and form-level reasons). */
const RULES: readonly Rule[] = [
  { pattern: /^must be a valid address such as name@example\.org$/, key: 'alerts.error.email' },
  { pattern: /^must be at most (\d+) characters$/, key: 'alerts.error.tooLong', values: (m) => ({ max: m[1] }) },
  { pattern: /^is required$/, key: 'alerts.error.required' },
  { pattern: /^Type a word or a phrase to search for\.$/, key: 'alerts.error.empty' },
  { pattern: /^Search text can be at most 200 characters; this is (\d+)\.$/, key: 'alerts.error.searchTooLong', values: (m) => ({ length: m[1] }) },
  { pattern: /^Add a word to look for: every word of this search is too common to be searched for\.$/, key: 'alerts.error.stopWords' },
  { pattern: /^Add a word to look for: a search only of words to leave out/, key: 'alerts.error.onlyLeftOut' },
  { pattern: /^Search for at most 10 words at a time; this search has (\d+)\.$/, key: 'alerts.error.tooManyWords', values: (m) => ({ count: m[1] }) },
  { pattern: /^Leave out at most 5 words at a time; this search leaves out (\d+)\.$/, key: 'alerts.error.tooManyLeftOut', values: (m) => ({ count: m[1] }) },
  { pattern: /^This address has 50 alerts/, key: 'alerts.error.fifty' },
  { pattern: /^Too many alerts from your connection/, key: 'alerts.error.limit' },
  { pattern: /^This address has been sent several confirmation emails/, key: 'alerts.error.mailboxLimit' },
  { pattern: /^The site has sent as many confirmation emails/, key: 'alerts.error.siteLimit' },
];

/** One answer of the server in the page's language. */
export function serverText(text: string, t: Translator, locale: Locale): string {
  const trimmed = text.trim();
  if (locale === 'en') return trimmed;
  for (const rule of RULES) {
    const match = rule.pattern.exec(trimmed);
    if (match) return t(rule.key, rule.values?.(match));
  }
  return t('alerts.error.refused');
}

/** The fields of the alert form, as their errors name them. */
const FIELD_LABELS: Record<string, string> = { email: 'alerts.form.email', frequency: 'alerts.form.frequency', member: 'alerts.form.member', language: 'alerts.form.language' };

/** Why create_alert refused, one sentence per problem: '{label}: {problem}.' then the form's reasons. */
export function refusalText(result: Pick<FormResult, 'errors' | 'form_errors'>, t: Translator, locale: Locale): string {
  const fields = Object.entries(result.errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => t('alerts.error.field', { label: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field, problems: messages.map((m) => serverText(m, t, locale)).join(', ') }));
  return [...fields, ...result.form_errors.map((m) => serverText(m, t, locale))].join(' ');
}

/** Why a request failed (a timeout, a lost connection, a limit), in the page's language. */
export function sendFailureText(reason: string, t: Translator, locale: Locale): string {
  const why = describeSendFailure(reason);
  return t('alerts.error.send', { reason: locale === 'en' ? why : t('alerts.error.sendReason') });
}

/** What the management page says for an answer that changed nothing (the token's or the alert's problem). */
export function manageRefusal(status: ManageStatus, t: Translator): string {
  switch (status) {
    case 'malformed':
      return t('alerts.manage.malformed');
    case 'unknown':
      return t('alerts.manage.unknown');
    case 'no_alert':
      return t('alerts.manage.noAlert');
    default:
      return t('alerts.manage.failed');
  }
}

// How the alert forms and the management page put the database's answers into sentences, in the page's language: each
// answer is worded by the site's one table of server answers (src/i18n/serverText.ts); this only names the alert form's
// fields and says what the management page's refusals mean. Pure, table-tested.
import type { Locale } from '../i18n/locales';
import type { Translator } from '../i18n/translate';
import { SEND_FAILURE_KEYS, fieldProblem, formProblem, sendFailure, serverTextKeys } from '../i18n/serverText';
import type { FormResult } from '../lib/data/formResult';
import type { ManageStatus } from './data/alerts';

/** The server answers the alert form can be given (create_alert's), and why a request failed: what the form is given. */
export const ALERT_ANSWER_KEYS = [...serverTextKeys('field', 'form', 'limit', 'search'), ...SEND_FAILURE_KEYS];

/** The fields of the alert form, as their errors name them. */
const FIELD_LABELS: Record<string, string> = { email: 'alerts.form.email', frequency: 'alerts.form.frequency', member: 'alerts.form.member', language: 'alerts.form.language' };

/** Why create_alert refused, one sentence per problem: '{label}: {problem}.' then the form's reasons. */
export function refusalText(result: Pick<FormResult, 'errors' | 'form_errors'>, t: Translator, locale: Locale): string {
  const fields = Object.entries(result.errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => t('alerts.error.field', { label: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field, problems: messages.map((m) => fieldProblem(m, t, locale)).join(', ') }));
  return [...fields, ...result.form_errors.map((m) => formProblem(m, t, locale))].join(' ');
}

/** Why a request failed (a timeout, a lost connection, a limit), in the page's language. */
export function sendFailureText(reason: string, t: Translator, locale: Locale): string {
  return t('alerts.error.send', { reason: sendFailure(reason, t, locale) });
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

// How the alert forms and the management page put the database's answers into sentences, in the page's language: each
// answer's code is worded by the site's one table of server answers (src/i18n/serverText.ts); this only names the alert
// form's fields and says what the management page's refusals mean. Pure, table-tested.
import type { Translator } from '../i18n/translate';
import { SEND_FAILURE_KEYS, answerText, sendFailure, serverTextKeys } from '../i18n/serverText.ts';
import type { FormResult } from '../lib/data/formResult';
import { CREATE_ALERT_ANSWERS, type ManageStatus } from './data/alerts.ts';
import type { DigestStatus } from './data/subscriptions';

/** The server answers the alert form can be given (create_alert's), and why a request failed: what the form is given. */
export const ALERT_ANSWER_KEYS = [...serverTextKeys(CREATE_ALERT_ANSWERS), ...SEND_FAILURE_KEYS];

/** The fields of the alert form, as their errors name them. */
const FIELD_LABELS: Record<string, string> = {
  email: 'alerts.form.email',
  frequency: 'alerts.form.frequency',
  member: 'alerts.form.member',
  language: 'alerts.form.language',
};

/** Why create_alert refused, one sentence per problem: '{label}: {problem}.' then the form's reasons. */
export function refusalText(result: Pick<FormResult, 'errors' | 'form_errors'>, t: Translator): string {
  const fields = Object.entries(result.errors)
    .filter(([, problems]) => problems.length > 0)
    .map(([field, problems]) =>
      t('alerts.error.field', {
        label: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field,
        problems: problems.map((p) => answerText(p, t, CREATE_ALERT_ANSWERS)).join(', '),
      }),
    );
  return [...fields, ...result.form_errors.map((p) => answerText(p, t, CREATE_ALERT_ANSWERS))].join(' ');
}

/** Why a request failed (a timeout, a lost connection, a limit), in the page's language. */
export function sendFailureText(reason: string, t: Translator): string {
  return t('alerts.error.send', { reason: sendFailure(reason, t) });
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

/** What the management page says for an answer about a district's summaries that changed nothing. */
export function digestRefusal(status: DigestStatus, t: Translator): string {
  switch (status) {
    case 'malformed':
      return t('alerts.manage.malformed');
    case 'unknown':
      return t('alerts.manage.unknown');
    case 'no_digest':
      return t('alerts.digests.noDigest');
    default:
      return t('alerts.manage.failed');
  }
}

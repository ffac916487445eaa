// The database answers a refused form or search with English text (a field's problem to read after its label, a
// form-level reason, a limit reached), and a failed request with an error's name. These rules word each known answer
// by a catalogue key in the page's language; on a translated page an answer no rule knows is worded as a plain,
// general refusal, so a visitor never reads English server text there. English keeps the server's words as they are.
import type { Locale } from './locales';
import type { Translator } from './translate';

interface Rule {
  pattern: RegExp;
  key: string;
  /** The placeholders' values, from the pattern's groups: as the server wrote them (English's '2000', not '2,000'). */
  values?: (match: RegExpExecArray) => Record<string, string>;
}

/** A field's problems ('must be at most 254 characters'), as private.email_problems and the form functions word them. */
const FIELD_RULES: readonly Rule[] = [
  { pattern: /^is required$/, key: 'errors.field.required' },
  { pattern: /^must be at most (\d+) characters$/, key: 'errors.field.maxLength', values: (m) => ({ max: m[1] }) },
  { pattern: /^must have at most (\d+) characters before the @$/, key: 'errors.field.localPart', values: (m) => ({ max: m[1] }) },
  { pattern: /^must be a valid address such as name@example\.org$/, key: 'errors.field.emailInvalid' },
  { pattern: /^must be text$/, key: 'errors.field.text' },
  { pattern: /^must be plain text, without HTML tags$/, key: 'errors.field.plainText' },
];

/** Form-level reasons and refusals of the write and search functions. */
const FORM_RULES: readonly Rule[] = [
  { pattern: /^There is no district (\S+) to subscribe to\.$/, key: 'errors.form.noDistrict', values: (m) => ({ id: m[1] }) },
  { pattern: /^Too many subscriptions from your connection in the last hour\. Please try again later\.?$/, key: 'errors.limit.subscribe' },
  { pattern: /^Too many forms sent from your connection in the last hour\. Your answers are still here: please try again later\.?$/, key: 'errors.limit.forms' },
  { pattern: /^Too many searches at once from your connection\. Wait for one to finish, then search again\.?$/, key: 'errors.limit.searches' },
];

/** The keys these rules use: what an island showing server answers is given (with errors.unknown). */
export const SERVER_TEXT_KEYS = [...FIELD_RULES, ...FORM_RULES].map((rule) => rule.key).concat('errors.unknown');

function word(rules: readonly Rule[], text: string, t: Translator, locale: Locale): string {
  const trimmed = text.trim();
  for (const rule of rules) {
    const match = rule.pattern.exec(trimmed);
    if (match) return t(rule.key, rule.values?.(match));
  }
  return locale === 'en' ? trimmed : t('errors.unknown');
}

/** A field's problem from the server, in the page's language (read after the field's label). */
export function fieldProblem(text: string, t: Translator, locale: Locale): string {
  return word(FIELD_RULES, text, t, locale);
}

/** A form-level reason or a refusal from the server, in the page's language. */
export function formProblem(text: string, t: Translator, locale: Locale): string {
  return word(FORM_RULES, text, t, locale);
}

/** The keys sendFailure uses. */
export const SEND_FAILURE_KEYS = ['errors.send.connection', 'errors.send.server', 'errors.send.timeout', 'errors.send.unexpected'];

/**
 * Why a request failed, in plain words (after 'Your subscription could not be sent: '): a timeout, a lost connection,
 * a limit the server named, or that the server could not take it just now. The detail is for the console.
 */
export function sendFailure(reason: string, t: Translator, locale: Locale): string {
  const text = reason.trim();
  if (/^(TimeoutError|AbortError)\b/.test(text)) return t('errors.send.timeout');
  if (/^(TypeError|FetchError)\b/.test(text)) return t('errors.send.connection');
  if (/^the server gave an unexpected answer/.test(text)) return t('errors.send.unexpected');
  if (/^Too many /.test(text)) return formProblem(text, t, locale).replace(/[.。]$/, '');
  return t('errors.send.server');
}

// The database answers a refused form or search with English text (a field's problem to read after its label, a
// form-level reason, a limit reached, a search it will not run), and a failed request with an error's name. This is the
// one table that words each known answer by a catalogue key in the page's language: every form and search of the site
// words the server through it. English's message of each key is the server's own text, so an English page reads what
// the server wrote; on a translated page an answer no rule knows is worded as a plain, general refusal, so a visitor
// never reads English server text there.
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
  { pattern: /^needs a choice: Support, Oppose or Neutral \/ Unsure$/, key: 'errors.field.choice' },
];

/** Form-level reasons of the write functions (subscribe, create_alert). */
const FORM_RULES: readonly Rule[] = [
  { pattern: /^There is no district (\S+) to subscribe to\.$/, key: 'errors.form.noDistrict', values: (m) => ({ id: m[1] }) },
  {
    pattern: /^This address has (\d+) alerts, the most one address may have\. Delete one on the page that manages them to add another\.$/,
    key: 'errors.form.mostAlerts',
    values: (m) => ({ max: m[1] }),
  },
];

/** The limits a connection or a mailbox reaches (private.rate_limits' messages, search_records' own). */
const LIMIT_RULES: readonly Rule[] = [
  { pattern: /^Too many subscriptions from your connection in the last hour\. Please try again later\.?$/, key: 'errors.limit.subscribe' },
  { pattern: /^Too many forms sent from your connection in the last hour\. Your answers are still here: please try again later\.?$/, key: 'errors.limit.forms' },
  { pattern: /^Too many searches at once from your connection\. Wait for one to finish, then search again\.?$/, key: 'errors.limit.searches' },
  { pattern: /^Too many alerts from your connection in the last hour\. Please try again later\.?$/, key: 'errors.limit.alerts' },
  {
    pattern: /^This address has been sent several confirmation emails in the last hour\. Please open one of them, or try again in an hour\.?$/,
    key: 'errors.limit.mailbox',
  },
  { pattern: /^The site has sent as many confirmation emails as it may this hour\. Please try again later\.?$/, key: 'errors.limit.site' },
];

/** Why a search text is not searched: search_records' refusals, create_alert's (private.search_text_problem), the box's own. */
const SEARCH_RULES: readonly Rule[] = [
  { pattern: /^Type a word or a phrase to search for\.$/, key: 'errors.search.empty' },
  { pattern: /^Search text can be at most (\d+) characters; this is (\d+)\.$/, key: 'errors.search.tooLong', values: (m) => ({ max: m[1], length: m[2] }) },
  { pattern: /^search text is longer than (\d+) characters$/, key: 'errors.search.maxLength', values: (m) => ({ max: m[1] }) },
  { pattern: /^Add a word to look for: every word of this search is too common to be searched for\.$/, key: 'errors.search.stopWords' },
  { pattern: /^Add a word to look for: a search only of words to leave out \(-word\) would list the whole record\.$/, key: 'errors.search.onlyLeftOut' },
  { pattern: /^Search for at most (\d+) words at a time; this search has (\d+)\.$/, key: 'errors.search.tooManyWords', values: (m) => ({ max: m[1], count: m[2] }) },
  {
    pattern: /^Leave out at most (\d+) words at a time; this search leaves out (\d+)\.$/,
    key: 'errors.search.tooManyLeftOut',
    values: (m) => ({ max: m[1], count: m[2] }),
  },
];

const RULES = { field: FIELD_RULES, form: FORM_RULES, limit: LIMIT_RULES, search: SEARCH_RULES } as const;

/** A kind of answer: a field's problem, a form-level reason, a limit reached, a search refused. */
export type AnswerKind = keyof typeof RULES;

const keysOf = (kinds: readonly AnswerKind[]) => kinds.flatMap((kind) => RULES[kind].map((rule) => rule.key));

/**
 * The keys of the rules for these kinds of answer, with errors.unknown: what an island that shows them is given (the
 * kinds its database function can answer with).
 */
export function serverTextKeys(...kinds: AnswerKind[]): string[] {
  return [...keysOf(kinds), 'errors.unknown'];
}

/** A known answer in the page's language, or null when no rule of these knows it. */
function known(rules: readonly Rule[], text: string, t: Translator): string | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (match) return t(rule.key, rule.values?.(match));
  }
  return null;
}

/** A form-level answer (a reason, a limit, a refused search) in the page's language, or null when no rule knows it. */
export function knownFormProblem(text: string, t: Translator): string | null {
  return known([...FORM_RULES, ...LIMIT_RULES, ...SEARCH_RULES], text.trim(), t);
}

/** A field's problem from the server, in the page's language (read after the field's label). */
export function fieldProblem(text: string, t: Translator, locale: Locale): string {
  const trimmed = text.trim();
  return known(FIELD_RULES, trimmed, t) ?? (locale === 'en' ? trimmed : t('errors.unknown'));
}

/** A form-level reason or a refusal from the server, in the page's language. */
export function formProblem(text: string, t: Translator, locale: Locale): string {
  const trimmed = text.trim();
  return knownFormProblem(trimmed, t) ?? (locale === 'en' ? trimmed : t('errors.unknown'));
}

/** The keys sendFailure uses: its own, and the limits' (a limit can refuse a request before the form function runs). */
export const SEND_FAILURE_KEYS = ['errors.send.connection', 'errors.send.server', 'errors.send.timeout', 'errors.send.unexpected', ...keysOf(['limit'])];

/**
 * What kind of failure a request's reason is: no answer in time (a timeout or an abort), no connection (the network's
 * TypeError, or postgrest-js's FetchError), an answer of the wrong shape (our own check's words), a limit the server
 * named ('Too many …'), or any other refusal (a database error, a proxy's page). Every wording of a failed request
 * starts from this one reading of its reason.
 */
export type FailureKind = 'timeout' | 'connection' | 'unexpected' | 'limit' | 'server';

export function failureKind(reason: string): FailureKind {
  const text = reason.trim();
  if (/^(TimeoutError|AbortError)\b/.test(text)) return 'timeout';
  if (/^(TypeError|FetchError)\b/.test(text)) return 'connection';
  if (/^the server gave an unexpected answer/.test(text)) return 'unexpected';
  if (/^Too many /.test(text)) return 'limit';
  return 'server';
}

/**
 * Why a request failed, in plain words (after 'Your subscription could not be sent: '): a timeout, a lost connection,
 * a limit the server named, or that the server could not take it just now. The detail is for the console.
 */
export function sendFailure(reason: string, t: Translator, locale: Locale): string {
  const text = reason.trim();
  const kind = failureKind(text);
  if (kind === 'limit') {
    const limit = known(LIMIT_RULES, text, t) ?? (locale === 'en' ? text : null);
    if (limit) return limit.replace(/[.。]$/, '');
  }
  return t(kind === 'limit' ? 'errors.send.server' : `errors.send.${kind}`);
}

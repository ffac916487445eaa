// The database answers a refused form or search with a stable code and its parameters ({code: 'field.max_length',
// max: 254}: a field's problem to read after its label, a form-level reason, a limit reached, a search it will not
// run), and a failed request with an error's name. This is the one table from each code to the catalogue message that
// words it in the page's language: every form and search of the site words the server through it. English's messages
// are the sentences the site has always shown. A code the table does not know, or that the caller's function does not
// answer, reads as the catalogue's general refusal (errors.unknown), in every language.
import { refusalOf, type ServerAnswer } from '../lib/data/serverAnswer.ts';
import { UNEXPECTED_ANSWER } from '../lib/data/queryError.ts';
import type { Translator } from './translate.ts';

/** Every code the database answers, and the message that words it. */
const CODE_KEYS = {
  // A field's problem, read after the field's label ('Email' + 'must be at most 254 characters').
  'field.choice': 'errors.field.choice',
  'field.choice_value': 'errors.field.choiceValue',
  'field.email_invalid': 'errors.field.emailInvalid',
  'field.frequency': 'errors.field.frequency',
  'field.language': 'errors.field.language',
  'field.local_part': 'errors.field.localPart',
  'field.max_length': 'errors.field.maxLength',
  'field.meeting_date': 'errors.field.meetingDate',
  'field.name_unsearchable': 'errors.field.nameUnsearchable',
  'field.no_control': 'errors.field.noControl',
  'field.plain_text': 'errors.field.plainText',
  'field.required': 'errors.field.required',
  'field.text': 'errors.field.text',
  // What no field of the form can fix.
  'form.alert_kind': 'errors.form.alertKind',
  'form.conflict': 'errors.form.conflict',
  'form.district_or_state': 'errors.form.districtOrState',
  'form.idempotency_key': 'errors.form.idempotencyKey',
  'form.minority_only': 'errors.form.minorityOnly',
  'form.most_alerts': 'errors.form.mostAlerts',
  'form.no_alert_district': 'errors.form.noAlertDistrict',
  'form.no_district': 'errors.form.noDistrict',
  'form.no_member': 'errors.form.noMember',
  'form.no_state_district': 'errors.form.noStateDistrict',
  'form.no_topic': 'errors.form.noTopic',
  'form.not_object': 'errors.form.notObject',
  'form.topic_unsearchable': 'errors.form.topicUnsearchable',
  'form.unknown_fields': 'errors.form.unknownFields',
  // A limit reached (private.rate_limits, the record search's searches at once); a topic's is the topic bar's own line.
  'limit.alerts': 'errors.limit.alerts',
  'limit.confirmations': 'errors.limit.confirmations',
  'limit.forms': 'errors.limit.forms',
  'limit.mailbox': 'errors.limit.mailbox',
  'limit.searches': 'errors.limit.searches',
  'limit.site': 'errors.limit.site',
  'limit.subscribe': 'errors.limit.subscribe',
  'limit.topic_votes': 'district.topics.tooMany',
  // The feeds' requests per client, which only the feed server meets (the feed's own words).
  'limit.feeds': 'feeds.tooMany',
  // A search refused: the record search's, an alert's search text, the district search's.
  'search.cursor': 'errors.search.cursor',
  'search.dates': 'errors.search.dates',
  'search.empty': 'errors.search.empty',
  'search.kinds': 'errors.search.kinds',
  'search.only_left_out': 'errors.search.onlyLeftOut',
  'search.page_size': 'errors.search.pageSize',
  'search.sort': 'errors.search.sort',
  'search.state': 'errors.search.state',
  'search.stop_words': 'errors.search.stopWords',
  'search.too_long': 'errors.search.tooLong',
  'search.too_many_left_out': 'errors.search.tooManyLeftOut',
  'search.too_many_words': 'errors.search.tooManyWords',
  // A topic vote that is none.
  'topic.not_a_transition': 'errors.topic.notATransition',
  'topic.unknown': 'errors.topic.unknown',
  // A read of the open API that asks for too much.
  'api.column_twice': 'errors.api.columnTwice',
  'api.embeds': 'errors.api.embeds',
} as const;

export type ServerCode = keyof typeof CODE_KEYS;

/** Every code the table words. */
export const SERVER_CODES = Object.keys(CODE_KEYS) as ServerCode[];

/** The limits' codes: a limit can refuse any request, so every failure's wording knows them (not the feeds'). */
export const LIMIT_CODES = SERVER_CODES.filter((code) => code.startsWith('limit.') && code !== 'limit.feeds');

/** The message of a code, or undefined for a code the table does not know. */
export function codeKey(code: string): string | undefined {
  return Object.hasOwn(CODE_KEYS, code) ? CODE_KEYS[code as ServerCode] : undefined;
}

/**
 * The keys an island is given to word the codes its function answers: each code's message, the word for a parameter
 * the request did not give, and the general refusal.
 */
export function serverTextKeys(codes: readonly string[]): string[] {
  return [...new Set([...codes.flatMap((code) => codeKey(code) ?? []), 'errors.noneGiven', 'errors.unknown'])];
}

/**
 * A refusal in the page's language, of one of the codes the caller's function answers: its message with the
 * parameters as the server wrote them (English's '2000', not '2,000'); a parameter the request did not give reads
 * '(none given)'. Any other code is the general refusal.
 */
export function answerText(answer: ServerAnswer, t: Translator, codes: readonly string[]): string {
  const key = codes.includes(answer.code) ? codeKey(answer.code) : undefined;
  if (!key) return t('errors.unknown');
  const values = Object.fromEntries(
    Object.entries(answer)
      .filter(([name]) => name !== 'code')
      .map(([name, value]) => [name, value === null || value === undefined ? t('errors.noneGiven') : String(value)]),
  );
  return t(key, values);
}

/** The keys sendFailure uses: its own, and the limits' (a limit can refuse a request before the form function runs). */
export const SEND_FAILURE_KEYS = [
  'errors.send.connection',
  'errors.send.server',
  'errors.send.timeout',
  'errors.send.unexpected',
  ...serverTextKeys(LIMIT_CODES),
];

/**
 * What kind of failure a request's reason is: no answer in time (a timeout or an abort), no connection (the network's
 * TypeError, or postgrest-js's FetchError), an answer of the wrong shape (our own check's reason), a limit the server
 * answered with its code, or any other refusal (a database error, a proxy's page). Every wording of a failed request
 * starts from this one reading of its reason.
 */
export type FailureKind = 'timeout' | 'connection' | 'unexpected' | 'limit' | 'server';

export function failureKind(reason: string): FailureKind {
  const text = reason.trim();
  if (/^(TimeoutError|AbortError)\b/.test(text)) return 'timeout';
  if (/^(TypeError|FetchError)\b/.test(text)) return 'connection';
  if (text === UNEXPECTED_ANSWER) return 'unexpected';
  if (refusalOf(text)?.code.startsWith('limit.')) return 'limit';
  return 'server';
}

/**
 * Why a request failed, in plain words (after 'Your subscription could not be sent: '): a timeout, a lost connection,
 * a limit the server named, or that the server could not take it just now. The detail is for the console.
 */
export function sendFailure(reason: string, t: Translator): string {
  const kind = failureKind(reason);
  const limit = kind === 'limit' ? refusalOf(reason) : null;
  if (limit && codeKey(limit.code)) return answerText(limit, t, LIMIT_CODES).replace(/[.。]$/, '');
  return t(kind === 'limit' ? 'errors.send.server' : `errors.send.${kind}`);
}

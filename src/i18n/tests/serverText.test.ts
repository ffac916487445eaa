// The one table of the database's answers: each code the database answers reads on an English page as the sentence
// the site has always shown for it, and on a Spanish or Chinese page in that language; a code no table knows, or one
// the caller's function does not answer, is the general refusal in every language.
import { describe, expect, it } from 'vitest';
import en from '../messages/en.json';
import es from '../messages/es.json';
import zh from '../messages/zh.json';
import { translator, type Catalogue } from '../translate';
import {
  LIMIT_CODES,
  SEND_FAILURE_KEYS,
  SERVER_CODES,
  answerText,
  failureKind,
  sendFailure,
  serverTextKeys,
} from '../serverText';
import type { ServerAnswer } from '../../lib/data/serverAnswer';

const tEn = translator('en', en);
const tEs = translator('es', es);
const tZh = translator('zh', zh);
const word = (answer: ServerAnswer, t = tEn) => answerText(answer, t, SERVER_CODES);

describe('a code and its parameters', () => {
  it.each([
    [{ code: 'field.required' }, 'is required', 'es obligatorio'],
    [{ code: 'field.max_length', max: 254 }, 'must be at most 254 characters', 'debe tener como máximo 254 caracteres'],
    [
      { code: 'field.max_length', max: 2000 },
      'must be at most 2000 characters',
      'debe tener como máximo 2000 caracteres',
    ],
    [
      { code: 'field.local_part', max: 64 },
      'must have at most 64 characters before the @',
      'debe tener como máximo 64 caracteres antes de la @',
    ],
    [
      { code: 'field.email_invalid' },
      'must be a valid address such as name@example.org',
      'debe ser una dirección válida, como nombre@ejemplo.org',
    ],
    [
      { code: 'field.choice' },
      'needs a choice: Support, Oppose or Neutral / Unsure',
      'necesita una respuesta: A favor, En contra o Neutral / No estoy seguro',
    ],
    [
      { code: 'field.meeting_date', date: '2025-06-17' },
      'must be 2025-06-17, the board meeting this form is for',
      'debe ser 2025-06-17, la reunión de la junta a la que corresponde este formulario',
    ],
    [{ code: 'field.frequency' }, 'must be daily or weekly', 'debe ser diaria o semanal'],
    [
      { code: 'form.no_district', id: 999 },
      'There is no district 999 to subscribe to.',
      'No existe el distrito 999 para suscribirse.',
    ],
    [
      { code: 'form.no_district', id: null },
      'There is no district (none given) to subscribe to.',
      'No existe el distrito (no se indicó) para suscribirse.',
    ],
    [
      { code: 'form.unknown_fields', fields: 'id, zeta' },
      'Unknown fields: id, zeta.',
      'Campos desconocidos: id, zeta.',
    ],
    [
      { code: 'form.most_alerts', max: 50 },
      'This address has 50 alerts, the most one address may have. Delete one on the page that manages them to add another.',
      'Esta dirección ya tiene 50 alertas, el máximo por dirección. Elimine una en la página para administrarlas antes de agregar otra.',
    ],
    [
      { code: 'form.no_member', name: 'Nobody Byname' },
      'No vote of this board lists a member named Nobody Byname.',
      'Ninguna votación de esta junta incluye a un miembro llamado Nobody Byname.',
    ],
    [
      { code: 'limit.subscribe' },
      'Too many subscriptions from your connection in the last hour. Please try again later.',
      'Se enviaron demasiadas suscripciones desde su conexión en la última hora. Inténtelo más tarde.',
    ],
    [
      { code: 'limit.searches' },
      'Too many searches at once from your connection. Wait for one to finish, then search again.',
      'Hay demasiadas búsquedas a la vez desde su conexión. Espere a que termine una y vuelva a buscar.',
    ],
    [
      { code: 'limit.topic_votes' },
      'Too many votes on this topic from your connection. Please try again in a few minutes.',
      'Demasiados votos sobre este tema desde su conexión. Inténtelo de nuevo en unos minutos.',
    ],
    [
      { code: 'search.empty' },
      'Type a word or a phrase to search for.',
      'Escriba una palabra o una frase para buscar.',
    ],
    [
      { code: 'search.too_long', max: 200, length: 500 },
      'Search text can be at most 200 characters; this is 500.',
      'El texto de búsqueda puede tener como máximo 200 caracteres; este tiene 500.',
    ],
    [
      { code: 'search.too_long', max: 100, length: 101 },
      'Search text can be at most 100 characters; this is 101.',
      'El texto de búsqueda puede tener como máximo 100 caracteres; este tiene 101.',
    ],
    [
      { code: 'search.too_many_words', max: 10, count: 11 },
      'Search for at most 10 words at a time; this search has 11.',
      'Busque como máximo 10 palabras a la vez; esta búsqueda tiene 11.',
    ],
    [
      { code: 'search.too_many_left_out', max: 5, count: 6 },
      'Leave out at most 5 words at a time; this search leaves out 6.',
      'Excluya como máximo 5 palabras a la vez; esta búsqueda excluye 6.',
    ],
  ])('%j: in English %j, in Spanish %j, in Chinese neither', (answer, english, spanish) => {
    expect(word(answer)).toBe(english);
    expect(word(answer, tEs)).toBe(spanish);
    const chinese = word(answer, tZh);
    expect([english, spanish]).not.toContain(chinese);
    expect(chinese).not.toBe(tZh('errors.unknown'));
  });

  it.each(SERVER_CODES)('%s has a message in every language, none of them the general refusal', (code) => {
    for (const t of [tEn, tEs, tZh]) expect(answerText({ code }, t, [code])).not.toBe(t('errors.unknown'));
  });

  it.each([
    ['a code no table knows', { code: 'form.brand_new' }, SERVER_CODES],
    ["a code the caller's function does not answer", { code: 'form.conflict' }, ['field.required'] as string[]],
  ])('%s is the general refusal, in English too', (_label, answer, codes) => {
    expect(answerText(answer, tEn, codes)).toBe(
      'The server could not accept this. Please check what you entered and try again.',
    );
    expect(answerText(answer, tEs, codes)).toBe(
      'El servidor no pudo aceptar esto. Revise lo que escribió e inténtelo de nuevo.',
    );
    expect(answerText(answer, tZh, codes)).toBe('服务器无法接受此内容。请检查您输入的内容后重试。');
  });
});

describe('the kind of a failed request', () => {
  it.each([
    ['AbortError: The user aborted a request.', 'timeout'],
    ['TimeoutError: signal timed out', 'timeout'],
    ['  TimeoutError: signal timed out', 'timeout'],
    ['TypeError: Failed to fetch', 'connection'],
    ['FetchError: connect ECONNREFUSED', 'connection'],
    ['the server gave an unexpected answer', 'unexpected'],
    ['limit.topic_votes', 'limit'],
    ['limit.searches', 'limit'],
    ['Too many votes on this topic from your connection. Please try again in a few minutes.', 'server'],
    ['search.too_long {"max": 200, "length": 201}', 'server'],
    ['permission denied for function subscribe', 'server'],
    ['<html><body><h1>502 Bad Gateway</h1></body></html>', 'server'],
    ['subscriptions: the server gave an unexpected answer', 'server'],
    ['', 'server'],
  ] as const)('%j is %s', (reason, kind) => {
    expect(failureKind(reason)).toBe(kind);
  });
});

describe('why a request failed', () => {
  it.each([
    ['TimeoutError: signal timed out', 'en', 'the server did not answer in time'],
    ['AbortError: aborted', 'es', 'el servidor no respondió a tiempo'],
    ['TypeError: Failed to fetch', 'es', 'falló la conexión con el servidor'],
    ['subscriptions: the server gave an unexpected answer', 'en', 'the server could not take it just now'],
    ['the server gave an unexpected answer', 'en', 'the server gave an unexpected answer'],
    ['limit.subscribe', 'en', 'Too many subscriptions from your connection in the last hour. Please try again later'],
    ['limit.alerts', 'zh', '过去一小时内从您的网络创建的提醒过多。请稍后再试'],
    ['limit.of_another_kind', 'en', 'the server could not take it just now'],
    ['Too many things of another kind.', 'en', 'the server could not take it just now'],
    ['PGRST500 something broke', 'es', 'el servidor no pudo recibirla en este momento'],
  ] as const)('%j, %s: %j', (reason, locale, expected) => {
    expect(sendFailure(reason, { en: tEn, es: tEs, zh: tZh }[locale])).toBe(expected);
  });
});

describe('the keys an island is given', () => {
  it('are in the catalogue, once each, and enough to word every answer of its function', () => {
    const all = [...serverTextKeys(SERVER_CODES), ...SEND_FAILURE_KEYS];
    for (const key of all) expect((en as Catalogue)[key], key).toBeDefined();
    expect(new Set(serverTextKeys(SERVER_CODES)).size).toBe(serverTextKeys(SERVER_CODES).length);
    // Given only its function's keys, an island words each of its codes, a missing parameter and an unknown code.
    const picked = translator(
      'es',
      Object.fromEntries(serverTextKeys(['form.no_topic']).map((key) => [key, (es as Catalogue)[key]])),
    );
    expect(answerText({ code: 'form.no_topic', id: null }, picked, ['form.no_topic'])).toBe(
      'No existe el tema (no se indicó) para crear una alerta.',
    );
    expect(answerText({ code: 'form.conflict' }, picked, ['form.no_topic'])).toBe(
      'El servidor no pudo aceptar esto. Revise lo que escribió e inténtelo de nuevo.',
    );
    // Given only the limits' keys and its own, sendFailure words every limit.
    const limitsOnly = translator(
      'es',
      Object.fromEntries(SEND_FAILURE_KEYS.map((key) => [key, (es as Catalogue)[key]])),
    );
    for (const code of LIMIT_CODES) expect(sendFailure(code, limitsOnly)).not.toBe(limitsOnly('errors.send.server'));
    expect(sendFailure('limit.searches', limitsOnly)).toBe(
      'Hay demasiadas búsquedas a la vez desde su conexión. Espere a que termine una y vuelva a buscar',
    );
  });
});

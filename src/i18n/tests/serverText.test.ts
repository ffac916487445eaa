// The one table of the database's answers: each answer the database gives (copied from the migrations' words) reads
// on an English page exactly as the server wrote it, and on a Spanish or Chinese page in that language, never in
// English; an answer no rule knows is the server's on an English page and a plain general refusal elsewhere.
import { describe, expect, it } from 'vitest';
import en from '../messages/en.json';
import es from '../messages/es.json';
import zh from '../messages/zh.json';
import { translator, type Catalogue } from '../translate';
import { SEND_FAILURE_KEYS, failureKind, fieldProblem, formProblem, knownFormProblem, sendFailure, serverTextKeys } from '../serverText';

const tEn = translator('en', en);
const tEs = translator('es', es);
const tZh = translator('zh', zh);

describe('a field\'s problem', () => {
  it.each([
    ['is required', 'es obligatorio'],
    ['must be at most 254 characters', 'debe tener como máximo 254 caracteres'],
    ['must have at most 64 characters before the @', 'debe tener como máximo 64 caracteres antes de la @'],
    ['must be a valid address such as name@example.org', 'debe ser una dirección válida, como nombre@ejemplo.org'],
    ['must be text', 'debe ser texto'],
    ['must be plain text, without HTML tags', 'debe ser texto simple, sin etiquetas HTML'],
    ['needs a choice: Support, Oppose or Neutral / Unsure', 'necesita una respuesta: A favor, En contra o Neutral / No estoy seguro'],
  ])('%j: as it is in English, in Spanish %j, and in Chinese', (server, spanish) => {
    expect(fieldProblem(server, tEn, 'en')).toBe(server);
    expect(fieldProblem(` ${server} `, tEs, 'es')).toBe(spanish);
    expect(fieldProblem(server, tZh, 'zh')).not.toBe(server);
  });

  it('an answer no rule knows: the server\'s words in English, a plain refusal elsewhere', () => {
    expect(fieldProblem('must be daily or weekly', tEn, 'en')).toBe('must be daily or weekly');
    expect(fieldProblem('must be daily or weekly', tEs, 'es')).toBe('El servidor no pudo aceptar esto. Revise lo que escribió e inténtelo de nuevo.');
  });
});

describe('a form-level answer: a reason, a limit, a refused search', () => {
  it.each([
    ['There is no district 999 to subscribe to.', 'No existe el distrito 999 para suscribirse.'],
    ['This address has 50 alerts, the most one address may have. Delete one on the page that manages them to add another.', 'Esta dirección ya tiene 50 alertas, el máximo por dirección. Elimine una en la página para administrarlas antes de agregar otra.'],
    ['Too many subscriptions from your connection in the last hour. Please try again later.', 'Se enviaron demasiadas suscripciones desde su conexión en la última hora. Inténtelo más tarde.'],
    ['Too many forms sent from your connection in the last hour. Your answers are still here: please try again later.', 'Se enviaron demasiados formularios desde su conexión en la última hora. Sus respuestas siguen aquí: inténtelo más tarde.'],
    ['Too many searches at once from your connection. Wait for one to finish, then search again.', 'Hay demasiadas búsquedas a la vez desde su conexión. Espere a que termine una y vuelva a buscar.'],
    ['Too many alerts from your connection in the last hour. Please try again later.', 'Se crearon demasiadas alertas desde su conexión en la última hora. Inténtelo de nuevo más tarde.'],
    ['This address has been sent several confirmation emails in the last hour. Please open one of them, or try again in an hour.', 'Ya se enviaron varios correos de confirmación a esta dirección en la última hora. Abra uno de ellos o inténtelo de nuevo en una hora.'],
    ['The site has sent as many confirmation emails as it may this hour. Please try again later.', 'El sitio ya envió todos los correos de confirmación permitidos en esta hora. Inténtelo de nuevo más tarde.'],
    ['Type a word or a phrase to search for.', 'Escriba una palabra o una frase para buscar.'],
    ['Search text can be at most 200 characters; this is 500.', 'El texto de búsqueda puede tener como máximo 200 caracteres; este tiene 500.'],
    ['Add a word to look for: every word of this search is too common to be searched for.', 'Agregue una palabra para buscar: todas las palabras de esta búsqueda son demasiado comunes para buscarlas.'],
    ['Add a word to look for: a search only of words to leave out (-word) would list the whole record.', 'Agregue una palabra para buscar: una búsqueda que solo excluye palabras (-palabra) mostraría todo el registro.'],
    ['Search for at most 10 words at a time; this search has 11.', 'Busque como máximo 10 palabras a la vez; esta búsqueda tiene 11.'],
    ['Leave out at most 5 words at a time; this search leaves out 6.', 'Excluya como máximo 5 palabras a la vez; esta búsqueda excluye 6.'],
  ])('%j: as it is in English, in Spanish %j, and in Chinese', (server, spanish) => {
    expect(formProblem(server, tEn, 'en')).toBe(server);
    expect(formProblem(server, tEs, 'es')).toBe(spanish);
    expect(formProblem(server, tZh, 'zh')).not.toMatch(/[A-Za-z]{4,}/);
  });

  it('a server text worded in its own way: search_records\' length refusal', () => {
    expect(formProblem('search text is longer than 200 characters', tEn, 'en')).toBe('Search text can be at most 200 characters.');
    expect(formProblem('search text is longer than 200 characters', tZh, 'zh')).toBe('搜索文字最多 200 个字符。');
  });

  it.each([
    ['There is no district 9 to set an alert for.'],
    ['Too many searches at once from your connection. <script>'],
    ['kinds may only name meeting, topic and vote'],
  ])('%j: known to no rule', (server) => {
    expect(knownFormProblem(server, tEn)).toBeNull();
    expect(formProblem(server, tEn, 'en')).toBe(server);
    expect(formProblem(server, tZh, 'zh')).toBe('服务器无法接受此内容。请检查您输入的内容后重试。');
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
    ['Too many votes on this topic from your connection. Please try again in a few minutes.', 'limit'],
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
    ['Too many subscriptions from your connection in the last hour. Please try again later.', 'en', 'Too many subscriptions from your connection in the last hour. Please try again later'],
    ['Too many alerts from your connection in the last hour. Please try again later.', 'zh', '过去一小时内从您的网络创建的提醒过多。请稍后再试'],
    ['Too many things of another kind.', 'en', 'Too many things of another kind'],
    ['Too many things of another kind.', 'es', 'el servidor no pudo recibirla en este momento'],
    ['PGRST500 something broke', 'es', 'el servidor no pudo recibirla en este momento'],
  ] as const)('%j, %s: %j', (reason, locale, expected) => {
    expect(sendFailure(reason, { en: tEn, es: tEs, zh: tZh }[locale], locale)).toBe(expected);
  });
});

describe('the keys an island is given', () => {
  it('are in the catalogue, once each, and enough to word every answer of their kinds', () => {
    const all = [...serverTextKeys('field', 'form', 'limit', 'search'), ...SEND_FAILURE_KEYS];
    for (const key of all) expect((en as Catalogue)[key], key).toBeDefined();
    expect(new Set(serverTextKeys('field', 'form', 'limit', 'search')).size).toBe(serverTextKeys('field', 'form', 'limit', 'search').length);
    // Given only the limits' keys and its own, sendFailure words every limit.
    const limitsOnly = translator('es', Object.fromEntries(SEND_FAILURE_KEYS.map((key) => [key, (es as Catalogue)[key]])));
    expect(sendFailure('Too many searches at once from your connection. Wait for one to finish, then search again.', limitsOnly, 'es')).toBe(
      'Hay demasiadas búsquedas a la vez desde su conexión. Espere a que termine una y vuelva a buscar',
    );
  });
});

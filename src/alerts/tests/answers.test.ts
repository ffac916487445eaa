// How the alert forms and the management page put the database's answers into sentences: each code by the catalogue of
// the page's language (English's sentences as the site has always shown them), and the catalogues of the alerts and
// the emails complete in every language, with the placeholders English has.
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en.json';
import es from '../../i18n/messages/es.json';
import zh from '../../i18n/messages/zh.json';
import { ALERT_ANSWER_KEYS, digestRefusal, manageRefusal, refusalText, sendFailureText } from '../answers';
import { describeDigest } from '../describe';
import { parseDigestAnswer } from '../data/subscriptions';
import { placeholders, translator, type Catalogue } from '../../i18n/translate';
import { isManageToken, parseManageAnswer } from '../data/alerts';

const ours = (catalogue: Catalogue) =>
  Object.keys(catalogue)
    .filter((key) => /^(alerts|mail)\./.test(key))
    .sort();
const tEs = translator('es', es);
const tEn = translator('en', en);
const tZh = translator('zh', zh);

describe("refusalText: create_alert's refusals, by their codes", () => {
  it.each([
    [
      { errors: {}, form_errors: [{ code: 'search.empty' }] },
      'Type a word or a phrase to search for.',
      'Escriba una palabra o una frase para buscar.',
    ],
    [
      { errors: {}, form_errors: [{ code: 'search.too_many_words', max: 10, count: 11 }] },
      'Search for at most 10 words at a time; this search has 11.',
      'Busque como máximo 10 palabras a la vez; esta búsqueda tiene 11.',
    ],
    [
      { errors: { member: [{ code: 'field.max_length', max: 200 }] }, form_errors: [] },
      'Member: must be at most 200 characters.',
      'Miembro: debe tener como máximo 200 caracteres.',
    ],
    [
      { errors: {}, form_errors: [{ code: 'form.no_alert_district', id: 987654321 }] },
      'There is no district 987654321 to set an alert for.',
      'No existe el distrito 987654321 para crear una alerta.',
    ],
    [
      { errors: {}, form_errors: [{ code: 'form.no_topic', id: null }] },
      'There is no topic (none given) to set an alert for.',
      'No existe el tema (no se indicó) para crear una alerta.',
    ],
    [
      { errors: {}, form_errors: [{ code: 'form.conflict' }] },
      'The server could not accept this. Please check what you entered and try again.',
      'El servidor no pudo aceptar esto. Revise lo que escribió e inténtelo de nuevo.',
    ],
  ])('%j', (result, english, spanish) => {
    expect(refusalText(result, tEn)).toBe(english);
    expect(refusalText(result, tEs)).toBe(spanish);
  });

  it('is given every message it may word', () => {
    expect(ALERT_ANSWER_KEYS.filter((key) => !(key in en))).toEqual([]);
  });
});

describe('refusalText and sendFailureText', () => {
  it("names each field, then the form's reasons", () => {
    const result = { errors: { email: [{ code: 'field.email_invalid' }] }, form_errors: [{ code: 'search.empty' }] };
    expect(refusalText(result, tEn)).toBe(
      'Email: must be a valid address such as name@example.org. Type a word or a phrase to search for.',
    );
    expect(refusalText(result, tEs)).toBe(
      'Correo electrónico: debe ser una dirección válida, como nombre@ejemplo.org. Escriba una palabra o una frase para buscar.',
    );
  });

  it('says why a request failed', () => {
    expect(sendFailureText('TimeoutError: signal timed out', tEn)).toBe(
      'Your request could not be sent: the server did not answer in time. Please try again.',
    );
    expect(sendFailureText('TypeError: fetch failed', tEs)).toBe(
      'No se pudo enviar su solicitud: falló la conexión con el servidor. Inténtelo de nuevo.',
    );
  });

  it.each([
    ['malformed', 'This link is not complete: open the whole link from your email (it ends in 64 letters and digits).'],
    [
      'unknown',
      'This link is not known: it may have been changed, or its alerts ended. Open the link of your latest alert email.',
    ],
    ['no_alert', 'That alert no longer exists: it was deleted. The list below is up to date.'],
  ] as const)('a management answer %s', (status, text) => {
    expect(manageRefusal(status, tEn)).toBe(text);
  });
});

describe("the address's district summaries on the management page", () => {
  const palo = {
    id: 7,
    district_id: 1,
    district_name: 'Palo Alto Unified School District',
    language: 'es',
    confirmed: true,
  };

  it.each([
    [
      'en',
      { district_name: 'Palo Alto Unified School District', language: 'es', confirmed: true },
      'Palo Alto Unified School District, in Spanish (confirmed: each new summary is emailed)',
    ],
    [
      'en',
      { district_name: 'Berkeley Unified', language: 'en', confirmed: false },
      'Berkeley Unified, in English (waiting: nothing is sent until you open the link of its confirmation email)',
    ],
    [
      'es',
      { district_name: 'Berkeley Unified', language: 'zh', confirmed: true },
      'Berkeley Unified, en chino simplificado (confirmada: se envía cada nuevo resumen)',
    ],
    [
      'zh',
      { district_name: 'Berkeley Unified', language: 'en', confirmed: false },
      'Berkeley Unified（英语）（等待确认：在您打开其确认邮件中的链接之前，不会发送任何内容）',
    ],
  ] as const)('in %s, %j reads %s', (locale, digest, text) => {
    const t = { en: tEn, es: tEs, zh: tZh }[locale];
    expect(describeDigest(digest, t)).toBe(text);
  });

  it.each([
    ['malformed', 'This link is not complete: open the whole link from your email (it ends in 64 letters and digits).'],
    [
      'unknown',
      'This link is not known: it may have been changed, or its alerts ended. Open the link of your latest alert email.',
    ],
    ['no_digest', 'Those summaries were already stopped. The list below is up to date.'],
    ['listed', 'That change could not be made. Please try again.'],
  ] as const)('an answer %s', (status, text) => {
    expect(digestRefusal(status, tEn)).toBe(text);
  });

  it.each([
    [
      { ok: true, status: 'listed', digests: [palo], more: false },
      { ok: true, status: 'listed', digests: [palo], more: false },
    ],
    // Only the documented fields are kept.
    [
      { ok: true, status: 'listed', digests: [{ ...palo, email: 'x@y.org' }], more: true },
      { ok: true, status: 'listed', digests: [palo], more: true },
    ],
    [
      { ok: true, status: 'stopped', subscription_id: 7 },
      { ok: true, status: 'stopped' },
    ],
    [
      { ok: false, status: 'no_digest', subscription_id: 7 },
      { ok: false, status: 'no_digest' },
    ],
    [{ ok: true, status: 'listed', digests: [{ ...palo, language: 'fr' }] }, null],
    [{ ok: true, status: 'listed', digests: [{ ...palo, confirmed: 'yes' }] }, null],
    [{ ok: true, status: 'listed', digests: {} }, null],
    [{ ok: true, status: 'deleted' }, null],
    [{ status: 'listed' }, null],
    [null, null],
  ])('%j parses as %j', (raw, expected) => {
    expect(parseDigestAnswer(raw)).toEqual(expected);
  });
});

describe('the management answers and tokens', () => {
  it.each([
    [{ ok: true, status: 'listed', email: 'a@b.org', confirmed: true, alerts: [] }, true],
    [{ ok: false, status: 'unknown' }, true],
    [{ ok: true, status: 'whatever' }, false],
    [null, false],
  ])('%j is %s', (raw, valid) => {
    expect(parseManageAnswer(raw) !== null).toBe(valid);
  });

  it('sends only 64 lowercase hex characters', () => {
    expect([
      isManageToken('a'.repeat(64)),
      isManageToken('A'.repeat(64)),
      isManageToken('a'.repeat(63)),
      isManageToken(null),
    ]).toEqual([true, false, false, false]);
  });
});

describe('the catalogues of alerts and emails', () => {
  it.each([
    ['es', es],
    ['zh', zh],
  ] as const)('%s has every key English has, with the same placeholders, and no English left', (_locale, catalogue) => {
    expect(ours(catalogue)).toEqual(ours(en));
    for (const key of ours(en)) {
      const english = (en as Catalogue)[key];
      const translated = (catalogue as Catalogue)[key];
      expect(placeholders(translated), key).toEqual(placeholders(english));
      // A message of more than a few words, once its placeholders are taken out, is written anew.
      if (typeof english === 'string' && english.replace(/\{\w+\}/g, '').length > 12)
        expect(translated, key).not.toBe(english);
    }
  });
});

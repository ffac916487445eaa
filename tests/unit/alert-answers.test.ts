// How the alert forms and the management page word the database's answers: as they are in English, by the catalogue
// in Spanish and Chinese (never English server text there), and the catalogues of the alerts and the emails complete
// in every language, with the placeholders English has.
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import es from '../../src/i18n/messages/es.json';
import zh from '../../src/i18n/messages/zh.json';
import { manageRefusal, refusalText, sendFailureText, serverText } from '../../src/lib/alerts/answers';
import { placeholders, translator, type Catalogue } from '../../src/i18n/translate';
import { isManageToken, parseManageAnswer } from '../../src/lib/data/alerts';

const ours = (catalogue: Catalogue) => Object.keys(catalogue).filter((key) => /^(alerts|mail)\./.test(key)).sort();
const tEs = translator('es', es);
const tEn = translator('en', en);

describe('serverText', () => {
  it.each([
    ['Type a word or a phrase to search for.', 'Escriba una palabra o una frase que buscar.'],
    ['Search text can be at most 200 characters; this is 500.', 'Las palabras pueden tener como máximo 200 caracteres; estas tienen 500.'],
    ['Search for at most 10 words at a time; this search has 11.', 'Busque como máximo 10 palabras a la vez; aquí hay 11.'],
    ['There is no district 987654321 to set an alert for.', 'No se pudo crear esta alerta tal como está. Revise lo que escribió e inténtelo de nuevo.'],
  ])('%s in Spanish', (server, spanish) => {
    expect(serverText(server, tEs, 'es')).toBe(spanish);
  });

  it('keeps the server\'s words in English', () => {
    expect(serverText('There is no district 9 to set an alert for.', tEn, 'en')).toBe('There is no district 9 to set an alert for.');
  });
});

describe('refusalText and sendFailureText', () => {
  it('names each field, then the form\'s reasons', () => {
    const result = { errors: { email: ['must be a valid address such as name@example.org'] }, form_errors: ['Type a word or a phrase to search for.'] };
    expect(refusalText(result, tEn, 'en')).toBe('Email: must be a valid address such as name@example.org. Type a word or a phrase to search for.');
    expect(refusalText(result, tEs, 'es')).toBe('Correo electrónico: escriba una dirección como nombre@ejemplo.org. Escriba una palabra o una frase que buscar.');
  });

  it('says why a request failed', () => {
    expect(sendFailureText('TimeoutError: signal timed out', tEn, 'en')).toBe('Your request could not be sent: the server did not answer in time. Please try again.');
    expect(sendFailureText('TypeError: fetch failed', tEs, 'es')).toBe('No se pudo enviar su solicitud: el servidor no pudo recibirla en este momento. Inténtelo de nuevo.');
  });

  it.each([
    ['malformed', 'This link is not complete: open the whole link from your email (it ends in 64 letters and digits).'],
    ['unknown', 'This link is not known: it may have been changed, or its alerts ended. Open the link of your latest alert email.'],
    ['no_alert', 'That alert no longer exists: it was deleted. The list below is up to date.'],
  ] as const)('a management answer %s', (status, text) => {
    expect(manageRefusal(status, tEn)).toBe(text);
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
    expect([isManageToken('a'.repeat(64)), isManageToken('A'.repeat(64)), isManageToken('a'.repeat(63)), isManageToken(null)]).toEqual([true, false, false, false]);
  });
});

describe('the catalogues of alerts and emails', () => {
  it.each([['es', es], ['zh', zh]] as const)('%s has every key English has, with the same placeholders, and no English left', (_locale, catalogue) => {
    expect(ours(catalogue)).toEqual(ours(en));
    for (const key of ours(en)) {
      const english = (en as Catalogue)[key];
      const translated = (catalogue as Catalogue)[key];
      expect(placeholders(translated), key).toEqual(placeholders(english));
      // A message of more than a few words, once its placeholders are taken out, is written anew.
      if (typeof english === 'string' && english.replace(/\{\w+\}/g, '').length > 12) expect(translated, key).not.toBe(english);
    }
  });
});

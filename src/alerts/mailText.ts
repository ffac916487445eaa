// The emails' words in each language: the message catalogues (src/i18n/messages/*.json, keys under mail. and alerts.)
// imported whole, since the emails are written on the server (mail:send, the local worker, the hosted scheduled
// function) and nothing of this reaches a browser. A subscriber's language is stored with the subscription; anything
// else reads as English.
// Imports carry their .ts extension: `npm run mail:send` loads this file in Node itself.
import en from '../i18n/messages/en.json' with { type: 'json' };
import es from '../i18n/messages/es.json' with { type: 'json' };
import zh from '../i18n/messages/zh.json' with { type: 'json' };
import { isLocale, type Locale } from '../i18n/locales.ts';
import { translator, type Catalogue, type Translator } from '../i18n/translate.ts';

const CATALOGUES: Record<Locale, Catalogue> = { en, es, zh };

/** The language an email is written in: the subscription's, English when it names none the site has. */
export function mailLocale(language: unknown): Locale {
  return isLocale(language) ? language : 'en';
}

const translators = new Map<Locale, Translator>();

/** The translator of a language's emails. */
export function mailTranslator(locale: Locale): Translator {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = translator(locale, CATALOGUES[locale])));
  return t;
}

// One term per idea in each language: a catalogue that uses the other term for an idea fails here, so a screen never
// mixes 成员 and 委员, 投票 and 表决, or 'canal RSS' and 'feed'.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../catalogues';
import type { Locale } from '../locales';

/** Per language: each idea, the term the site uses for it, and the terms it does not use. */
const GLOSSARY: Record<Locale, { idea: string; term: string; not: RegExp }[]> = {
  en: [{ idea: 'email', term: 'email', not: /\be-mail\b/i }],
  es: [
    { idea: 'a feed', term: 'canal RSS', not: /\bfeed\b/i },
    { idea: 'an email', term: 'correo', not: /\be-?mail\b(?!\})/i },
  ],
  zh: [
    { idea: 'a board member', term: '成员', not: /委员(?!会)/ },
    { idea: 'a vote', term: '投票', not: /表决/ },
    { idea: 'email', term: '电子邮件', not: /电子邮箱/ },
  ],
};

/** A message's texts, every plural form, with its placeholders taken out ({email} is no word). */
function texts(message: string | Record<string, string | undefined>): string[] {
  return (typeof message === 'string' ? [message] : Object.values(message))
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.replace(/\{[^}]*\}/g, ''));
}

describe('one term per idea', () => {
  for (const [locale, entries] of Object.entries(GLOSSARY) as [Locale, (typeof GLOSSARY)[Locale]][]) {
    it.each(entries)(`${locale}: $idea is always '$term'`, ({ term, not }) => {
      const messages = Object.entries(catalogue(locale));
      const other = messages.filter(([, message]) => texts(message).some((text) => not.test(text))).map(([key]) => key);
      expect(other).toEqual([]);
      expect(messages.some(([, message]) => texts(message).some((text) => text.includes(term)))).toBe(true);
    });
  }
});

describe('Chinese punctuation', () => {
  it('writes full-width colons and parentheses after Chinese text, never half-width', () => {
    const halfWidth = Object.entries(catalogue('zh'))
      .filter(([, message]) => texts(message).some((text) => /[\u4e00-\u9fff][:(]/.test(text)))
      .map(([key]) => key);
    expect(halfWidth).toEqual([]);
  });
});

describe('Spanish numbers in prose', () => {
  it('writes a decimal with a comma, as Intl writes Spanish numbers on the same page (2,30 por ciento, never 2.30)', () => {
    const pointed = Object.entries(catalogue('es'))
      .filter(([, message]) => texts(message).some((text) => /\d\.\d{1,2}(?!\d)/.test(text)))
      .map(([key]) => key);
    expect(pointed).toEqual([]);
    expect(new Intl.NumberFormat('es', { minimumFractionDigits: 2 }).format(2.3)).toBe('2,30');
  });
});

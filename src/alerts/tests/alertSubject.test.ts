// An alert email's subject begins as a sentence, with a capital, in every language.
import { describe, expect, it } from 'vitest';
import { sentenceStart } from '../alertEmails';
import { alertSubject } from '../describe';
import { mailTranslator } from '../mailText';

describe('sentenceStart', () => {
  it.each([
    [
      'es',
      'el tema «presupuesto» en Palo Alto: 2 resultados nuevos',
      'El tema «presupuesto» en Palo Alto: 2 resultados nuevos',
    ],
    ['en', 'the topic “budget”', 'The topic “budget”'],
    ['zh', '议题“预算”', '议题“预算”'],
    ['es', 'ésta', 'Ésta'],
    ['en', '', ''],
  ] as const)('%s %j → %j', (locale, text, expected) => {
    expect(sentenceStart(text, locale)).toBe(expected);
  });

  it("a Spanish topic alert's subject starts with a capital", () => {
    const t = mailTranslator('es');
    const alert = {
      kind: 'topic' as const,
      text: 'presupuesto',
      district_id: 1,
      district_name: 'Palo Alto',
      state: null,
      kinds: ['meeting' as const, 'topic' as const, 'vote' as const],
      minority_only: false,
    };
    const subject = sentenceStart(t('mail.alert.subjectOne', { alert: alertSubject(alert, t, 'es'), count: 2 }), 'es');
    expect(subject).toBe('El tema «presupuesto» en Palo Alto: 2 resultados nuevos');
  });
});

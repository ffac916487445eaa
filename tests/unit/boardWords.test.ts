// The board's closed vocabulary in the reader's language: which record words are the board's votes, outcomes and
// common categories, how each reads in Spanish and Chinese, and what stays as written (marked English).
import { describe, expect, it } from 'vitest';
import {
  BOARD_KEYS,
  categoryText,
  categoryWord,
  outcomeParts,
  outcomeText,
  outcomeWords,
  voteText,
  voteWord,
} from '../../src/lib/record/boardWords';
import { translator, type Catalogue } from '../../src/i18n/translate';
import en from '../../src/i18n/messages/en.json';
import es from '../../src/i18n/messages/es.json';
import zh from '../../src/i18n/messages/zh.json';

const words = {
  en: translator('en', en as Catalogue),
  es: translator('es', es as Catalogue),
  zh: translator('zh', zh as Catalogue),
};

describe('voteWord: the record words that are a vote', () => {
  it.each([
    ['Yes', 'yes'],
    [' YES ', 'yes'],
    ['Aye', 'yes'],
    ['No', 'no'],
    ['nay', 'no'],
    ['Abstain', 'abstain'],
    ['Abstained', 'abstain'],
    ['Absent', 'absent'],
    ['Recused', 'recused'],
    ['Present', 'present'],
    ['', null],
    ['-', null],
    ['Yes, with reservations', null],
  ])('%j → %j', (vote, word) => {
    expect(voteWord(vote)).toBe(word);
  });
});

describe('categoryWord: the common categories', () => {
  it.each([
    ['Budget', 'budget'],
    ['Consent Agenda', 'consentAgenda'],
    ['curriculum', 'curriculum'],
    ['Facilities', 'facilities'],
    ['Personnel', 'personnel'],
    ['Policy', 'policy'],
    ['Calendar', 'calendar'],
    ['Human Resources', 'personnel'],
    ['Student Mental Health Pilot', null],
    ['', null],
  ])('%j → %j', (category, word) => {
    expect(categoryWord(category)).toBe(word);
  });
});

describe('outcomeWords: an outcome and its detail', () => {
  it.each([
    ['Passed (4-1)', { word: 'passed', detail: { counts: '4-1' } }],
    ['Passed (4-0-1)', { word: 'passed', detail: { counts: '4-0-1' } }],
    ['Failed (2-3)', { word: 'failed', detail: { counts: '2-3' } }],
    ['Approved (consent agenda)', { word: 'approved', detail: { word: 'consentAgenda' } }],
    ['Tabled', { word: 'tabled', detail: null }],
    ['passed', { word: 'passed', detail: null }],
    ['Passed as amended', null],
    ['Passed (see minutes)', null],
    ['', null],
    [null, null],
  ])('%j → %j', (outcome, read) => {
    expect(outcomeWords(outcome)).toEqual(read);
  });
});

describe('in the page language: known words translated, the rest as written and marked English', () => {
  it.each([
    ['es', 'Yes', { text: 'Sí', lang: undefined }],
    ['es', 'Abstain', { text: 'Abstención', lang: undefined }],
    ['zh', 'No', { text: '反对', lang: undefined }],
    ['zh', 'Absent', { text: '缺席', lang: undefined }],
    ['es', 'Present and voting', { text: 'Present and voting', lang: 'en' }],
    ['en', 'YES', { text: 'YES', lang: undefined }],
  ] as const)('vote %s %j', (locale, vote, shown) => {
    expect(voteText(locale, words[locale], vote)).toEqual(shown);
  });

  it.each([
    ['es', 'Budget', { text: 'Presupuesto', lang: undefined }],
    ['zh', 'Budget', { text: '预算', lang: undefined }],
    ['es', 'Facilities', { text: 'Instalaciones', lang: undefined }],
    ['zh', 'Consent Agenda', { text: '同意事项', lang: undefined }],
    ['es', 'Student Mental Health Pilot', { text: 'Student Mental Health Pilot', lang: 'en' }],
    ['en', 'Budget', { text: 'Budget', lang: undefined }],
  ] as const)('category %s %j', (locale, category, shown) => {
    expect(categoryText(locale, words[locale], category)).toEqual(shown);
  });

  it.each([
    ['es', 'Passed (4-1)', { text: 'Aprobada (4-1)', lang: undefined }],
    ['zh', 'Passed (4-1)', { text: '通过（4-1）', lang: undefined }],
    ['es', 'Failed (2-3)', { text: 'Rechazada (2-3)', lang: undefined }],
    ['zh', 'Tabled', { text: '搁置', lang: undefined }],
    ['es', 'Approved (consent agenda)', { text: 'Aprobada (en el orden del día de consentimiento)', lang: undefined }],
    ['es', 'Passed as amended', { text: 'Passed as amended', lang: 'en' }],
    ['en', 'Passed (4-1)', { text: 'Passed (4-1)', lang: undefined }],
  ] as const)('outcome %s %j', (locale, outcome, shown) => {
    expect(outcomeText(locale, words[locale], outcome)).toEqual(shown);
  });

  it.each([
    ['es', 'Passed (4-1)', { text: { text: 'Aprobada', lang: undefined }, detail: { text: '(4-1)', lang: undefined } }],
    ['zh', 'Passed (5-0)', { text: { text: '通过', lang: undefined }, detail: { text: '（5-0）', lang: undefined } }],
    ['zh', 'Tabled', { text: { text: '搁置', lang: undefined }, detail: null }],
    [
      'es',
      'Passed (see minutes)',
      { text: { text: 'Passed', lang: 'en' }, detail: { text: '(see minutes)', lang: 'en' } },
    ],
    ['en', 'Passed (4-1)', { text: { text: 'Passed', lang: undefined }, detail: { text: '(4-1)', lang: undefined } }],
  ] as const)('outcome on two lines %s %j', (locale, outcome, parts) => {
    expect(outcomeParts(locale, words[locale], outcome)).toEqual(parts);
  });

  it('has a message for every word in every catalogue', () => {
    for (const catalogue of [en, es, zh] as Catalogue[]) {
      expect(BOARD_KEYS.filter((key) => !(key in catalogue))).toEqual([]);
    }
  });
});

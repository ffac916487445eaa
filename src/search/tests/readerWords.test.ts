// A search in the reader's language: Spanish and Chinese school-board words turned into the record's English words,
// and the words the glossary lacks named.
import { describe, expect, it } from 'vitest';
import glossary from '../glossary.json';
import { plainWords, readerWords } from '../readerWords';

describe('readerWords', () => {
  it.each([
    ['es', 'presupuesto', { search: 'budget', english: ['budget'], unknown: [], either: false }],
    [
      'es',
      'Vivienda para maestros',
      { search: '"teacher housing"', english: ['teacher housing'], unknown: [], either: false },
    ],
    ['es', 'celulares', { search: '"cell phones"', english: ['cell phones'], unknown: [], either: false }],
    ['es', 'horario de entrada', { search: '"start times"', english: ['start times'], unknown: [], either: false }],
    ['es', 'matricula', { search: 'enrollment', english: ['enrollment'], unknown: [], either: false }],
    [
      'es',
      'el presupuesto de la matrícula',
      { search: 'budget enrollment', english: ['budget', 'enrollment'], unknown: [], either: false },
    ],
    [
      'es',
      'bono para el patio de recreo',
      { search: 'bond playground', english: ['bond', 'playground'], unknown: [], either: false },
    ],
    ['es', 'presupuesto zanahorias', { search: 'budget', english: ['budget'], unknown: ['zanahorias'], either: false }],
    ['es', 'zanahorias', { search: null, english: [], unknown: ['zanahorias'], either: false }],
    ['zh', '预算', { search: 'budget', english: ['budget'], unknown: [], either: false }],
    ['zh', '教师住房', { search: '"teacher housing"', english: ['teacher housing'], unknown: [], either: false }],
    ['zh', '手机', { search: '"cell phones"', english: ['cell phones'], unknown: [], either: false }],
    [
      'zh',
      '课程和预算',
      { search: 'curriculum budget', english: ['curriculum', 'budget'], unknown: [], either: false },
    ],
    ['zh', '胡萝卜', { search: null, english: [], unknown: ['胡萝卜'], either: false }],
    ['en', 'budget', { search: null, english: [], unknown: [], either: false }],
    // An entry with alternatives is any of them, searched alone; beside other words, its first term stands for it.
    ['es', 'comida', { search: 'lunch or food', english: ['lunch', 'food'], unknown: [], either: true }],
    [
      'zh',
      '交通',
      { search: 'transportation or traffic', english: ['transportation', 'traffic'], unknown: [], either: true },
    ],
    [
      'es',
      'presupuesto de comida',
      { search: 'budget lunch', english: ['budget', 'lunch'], unknown: [], either: false },
    ],
  ] as const)('%s %j', (locale, query, words) => {
    expect(readerWords(locale, query)).toEqual(words);
  });

  it('holds a few hundred words in each language, each with English words', () => {
    for (const table of [glossary.es, glossary.zh] as Record<string, string[]>[]) {
      expect(Object.keys(table).length).toBeGreaterThan(150);
      expect(Object.entries(table).filter(([, english]) => english.length === 0)).toEqual([]);
    }
  });

  it.each([
    ['  Matrícula ', 'matricula'],
    ['¿Celulares?', 'celulares'],
    ['«presupuesto»', 'presupuesto'],
  ])('plainWords(%j) → %j', (text, plain) => {
    expect(plainWords(text)).toBe(plain);
  });
});

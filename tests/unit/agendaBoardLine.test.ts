// The agenda page's line on how the Board voted, in each language: the outcome and the votes in the reader's words,
// the members' names as written and marked English.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AgendaOutcome from '../../src/components/AgendaOutcome';
import { translator, type Catalogue } from '../../src/i18n/translate';
import en from '../../src/i18n/messages/en.json';
import es from '../../src/i18n/messages/es.json';
import zh from '../../src/i18n/messages/zh.json';

const decision = {
  kind: 'vote' as const,
  id: 1,
  outcome: 'Passed (4-1)',
  votes: [
    { name: 'Maria Okafor', vote: 'Yes' },
    { name: 'James Lindqvist', vote: 'No' },
    { name: 'Priya Raman', vote: 'Yes' },
  ],
};

function boardLine(locale: 'en' | 'es' | 'zh'): { text: string; html: string } {
  const catalogue = { en, es, zh }[locale] as Catalogue;
  const html = renderToStaticMarkup(
    createElement(AgendaOutcome, {
      field: 'budget',
      decision,
      totals: { status: 'idle' },
      t: translator(locale, catalogue),
      locale,
    }),
  );
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .split(/\n/)[0];
  return { text, html };
}

describe('AgendaOutcome: how the Board voted, in the page language', () => {
  it.each([
    ['en', 'How the Board voted on 17 June: Passed (4-1). Yes: Maria Okafor, Priya Raman; No: James Lindqvist.'],
    ['es', 'Cómo votó la Junta el 17 de junio: Aprobada (4-1). Sí: Maria Okafor, Priya Raman; No: James Lindqvist.'],
    ['zh', '教育委员会 6 月 17 日的投票： 通过（4-1）。赞成：Maria Okafor、Priya Raman；反对：James Lindqvist。'],
  ] as const)('%s', (locale, line) => {
    expect(boardLine(locale).text.startsWith(line)).toBe(true);
  });

  it('marks the names English and the translated words not', () => {
    const { html } = boardLine('es');
    expect(html).toContain('<span lang="en">Maria Okafor, Priya Raman</span>');
    expect(html).toContain('<span>Sí</span>');
    expect(html).not.toMatch(/lang="en">(Passed|Yes)/);
  });
});

// The site's one date formatter, formatDate: one named form per kind of date, in every language. English keeps its
// own forms (MM/DD/YY cards, M/D/YY votes); Spanish and Chinese never write a date all in numbers. And numbers grouped
// the same way whatever their size.
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '../dates';
import { translator } from '../translate';

describe('formatDate: a form per kind of date, read in UTC', () => {
  it.each([
    // A meeting card's date.
    ['en', '2024-08-13', 'card', '08/13/24'],
    ['en', '2025-01-01', 'card', '01/01/25'],
    ['en', '2026-12-08', 'card', '12/08/26'],
    ['en', '2000-02-29', 'card', '02/29/00'],
    ['es', '2026-12-01', 'card', '1 dic 2026'],
    ['zh', '2026-12-01', 'card', '2026年12月1日'],
    ['es', '2025-06-17', 'card', '17 jun 2025'],
    // A vote's date: the same form as a card's in Spanish and Chinese.
    ['en', '2025-06-17', 'vote', '6/17/25'],
    ['en', '2025-01-02', 'vote', '1/2/25'],
    ['en', '2009-03-04', 'vote', '3/4/09'],
    ['es', '2025-06-17', 'vote', '17 jun 2025'],
    ['zh', '2025-06-07', 'vote', '2025年6月7日'],
    // A long date, in a sentence.
    ['en', '2025-06-17', 'long', 'June 17, 2025'],
    ['es', '2025-06-17', 'long', '17 de junio de 2025'],
    ['zh', '2025-06-17', 'long', '2025年6月17日'],
    // A time late in the day in UTC is still that UTC day, whatever the machine's time zone.
    ['en', '2025-06-17T23:30:00Z', 'card', '06/17/25'],
    ['en', '2025-06-18T01:00:00+02:00', 'vote', '6/17/25'],
    ['es', '2025-06-17T23:59:59Z', 'vote', '17 jun 2025'],
    // Unreadable as given; missing as a table's '-'.
    ['en', 'not a date', 'card', 'not a date'],
    ['es', 'oops', 'vote', 'oops'],
    ['en', null, 'vote', '-'],
    ['zh', '', 'card', '-'],
  ] as const)('%s %j %s → %s', (locale, value, form, text) => {
    expect(formatDate(locale, value, form)).toBe(text);
  });

  it.each(['es', 'zh'] as const)('%s writes no card or vote date all in numbers', (locale) => {
    for (const form of ['card', 'vote'] as const)
      expect(formatDate(locale, '2026-12-01', form)).not.toMatch(/^\d+\D\d+\D\d+$/);
  });
});

describe('numbers grouped from the thousands on, by Intl', () => {
  it.each([
    ['en', 3010, '3,010'],
    ['en', 10631, '10,631'],
    ['es', 3010, '3.010'],
    ['es', 10631, '10.631'],
    ['es', 999, '999'],
    ['zh', 3010, '3,010'],
  ] as const)('%s %d → %s', (locale, value, text) => {
    expect(formatNumber(locale, value)).toBe(text);
    expect(translator(locale, { n: '{n}' })('n', { n: value })).toBe(text);
  });
});

// The district page's words in the page's language: a translator over the catalogue's district., member. and live.
// messages, and the dates, numbers and names written the language's way. English keeps the page's own forms exactly
// (MM/DD/YY cards, M/D/YY votes, numbers without separators where the page always wrote them so); every date is
// written by the one formatter, formatDate, in the form of its kind ('card', 'vote', 'long').
import type English from '../i18n/messages/en.json';
import { translator, type Catalogue, type MessageValues } from '../i18n/translate';
import { collator, dateTimeFormat, formatCount, formatNumber, numberFormat } from '../i18n/dates';
import type { Locale } from '../i18n/locales';

export { formatDate } from '../i18n/dates';

export type { Locale } from '../i18n/locales';
export { recordLang } from '../i18n/locales';

/** A message's key, as the English catalogue names them: catalogues.ts's MessageKey, for code that runs in the browser. */
export type MessageKey = keyof typeof English;
/**
 * A translator whose keys are checked against the English catalogue: catalogues.ts's T. Named here for the view and
 * the islands, which are drawn in the browser too and so never import catalogues.ts (it reads the files from disk).
 */
export type T = (key: MessageKey, values?: MessageValues) => string;

/**
 * A translator for the district page over the messages it was given (the build reads them from the page's language's
 * catalogue; an island gets only its own, so no catalogue is ever bundled for the browser). In English a number is
 * written as the page always wrote it (1000, not 1,000); in the other languages with the language's separators
 * (1.000). A plural message still takes its form from `count`.
 */
export function districtWords(locale: Locale, messages: Catalogue): T {
  const t = translator(locale, messages);
  if (locale !== 'en') return t as T;
  return ((key: MessageKey, values?: MessageValues) =>
    t(key, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])))) as T;
}

/** A count as the page writes it: as it is in English (the page never put separators in), the language's way otherwise. */
export function countText(locale: Locale, count: number): string {
  return locale === 'en' ? String(count) : formatNumber(locale, count);
}

/** A topic's vote counter: '1.2k' in English, '1,2 mil' in Spanish, '1.5万' in Chinese (Intl's compact notation). */
export function voteCountText(locale: Locale, count: number): string {
  return formatCount(locale, count);
}

/** A percentage: '80%' in English and Chinese, '80 %' in Spanish. */
export function percentText(locale: Locale, percent: number): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A month of a YYYY-MM key in the language: its initial under a bar, its short name and its full name with the year. */
export function monthWords(locale: Locale, key: string): { initial: string; short: string; name: string } {
  const date = new Date(`${key}-01T00:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  return {
    initial: format({ month: 'narrow' }),
    short: format({ month: 'short' }),
    name: format({ month: 'long', year: 'numeric' }),
  };
}

/** Compares names (and other text) the language's way, for sorting. */
export function compareText(locale: Locale): (a: string, b: string) => number {
  return collator(locale).compare;
}

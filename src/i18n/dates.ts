// Dates and numbers as each language writes them, through Intl: the site's one date formatter, formatDate, with a
// named form per kind of date. English keeps the site's own forms (a meeting card's MM/DD/YY, a vote's M/D/YY, '1.2k'),
// which Intl's en-US gives. Spanish and Chinese never write a date all in numbers, which a reader could take
// day-first or month-first: a card's and a vote's date are one short form there ('1 dic 2026', '2026年12月1日'), the
// long one spells the month ('1 de diciembre de 2026'). Record dates (YYYY-MM-DD) are read in UTC, so a date never
// shows as the day before.
import { LOCALE_FACTS, type Locale } from './locales.ts';

/** The kinds of date: a meeting card's, a vote's (tables, a member's record, split votes), and a long one in a sentence. */
export type DateForm = 'card' | 'vote' | 'long';

// Per form: what Intl is asked for. English's 'card' and 'vote' are the site's MM/DD/YY and M/D/YY.
const DATE_OPTIONS: Record<DateForm, Intl.DateTimeFormatOptions> = {
  card: { year: '2-digit', month: '2-digit', day: '2-digit', timeZone: 'UTC' },
  vote: { year: '2-digit', month: 'numeric', day: 'numeric', timeZone: 'UTC' },
  long: { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
};
// Spanish and Chinese: the month named and the year whole, the same for a card and a vote.
const SHORT_NAMED: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };
const OVERRIDES: Partial<Record<Locale, Partial<Record<DateForm, Intl.DateTimeFormatOptions>>>> = {
  es: { card: SHORT_NAMED, vote: SHORT_NAMED },
  zh: { card: SHORT_NAMED, vote: SHORT_NAMED },
};

/**
 * Intl's formatters, made once per language and options: making one costs more than formatting with it many times
 * over (a build formats a few numbers and dates on every one of its pages; a CPU profile of the build showed the
 * making as one of its largest costs).
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules | Intl.Collator>();
function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules | Intl.Collator>(
  key: string,
  make: () => T,
): T {
  let found = made.get(key) as T | undefined;
  if (!found) made.set(key, (found = make()));
  return found;
}

/** The language's number format with these options (Intl.NumberFormat), made once. */
export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(LOCALE_FACTS[locale].intl, options),
  );
}

/** The language's date format with these options (Intl.DateTimeFormat), made once. */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(
    `date ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(LOCALE_FACTS[locale].intl, options),
  );
}

/** The language's plural rules (Intl.PluralRules), made once. */
export function pluralRules(locale: Locale): Intl.PluralRules {
  return once(`plural ${locale}`, () => new Intl.PluralRules(LOCALE_FACTS[locale].intl));
}

// Each language's formatter of each form, found once: a build formats dates on every page, and finding one by its
// options (their JSON as the key) cost more than the formatting.
const formsMade = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, form: DateForm): Intl.DateTimeFormat {
  const key = `${locale} ${form}`;
  let found = formsMade.get(key);
  if (!found) formsMade.set(key, (found = dateTimeFormat(locale, OVERRIDES[locale]?.[form] ?? DATE_OPTIONS[form])));
  return found;
}

// The dates already shown, by language, form and value (formatDate).
const DATES_KEPT = 50_000;
const datesShown = new Map<string, string>();

/**
 * A record date (YYYY-MM-DD or a timestamp) in a language and form ('06/17/25', '17 jun 2025', 'June 17, 2025'); an
 * unreadable one is shown as given, and a missing one as '-' (what a table's empty cell shows).
 */
export function formatDate(locale: Locale, value: string | null | undefined, form: DateForm): string {
  if (!value) return '-';
  const key = `${locale} ${form} ${value}`;
  let shown = datesShown.get(key);
  if (shown === undefined) {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    shown = Number.isNaN(date.getTime()) ? value : dateFormat(locale, form).format(date);
    // A build shows the same few thousand days on many pages (a meeting's date on its district's page, its members'
    // pages and feeds): each is formatted once. Bounded, so a long-lived process never holds more than this many.
    if (datesShown.size >= DATES_KEPT) datesShown.clear();
    datesShown.set(key, shown);
  }
  return shown;
}

/**
 * A whole number with the language's separators, grouped from the thousands on in every language (12,345 and 3,010;
 * 12.345 and 3.010, where Spanish's own rule would leave 3010 beside 10.631).
 */
export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(locale, { useGrouping: 'always' }).format(value);
}

/**
 * A vote counter: 1000 or more as one decimal in the language's compact form ('1.2k' in English, as the site has
 * always written it; '1,2 mil'; Chinese keeps the number whole below 10,000), below that the number itself.
 */
export function formatCount(locale: Locale, count: number): string {
  // Chinese counts in ten-thousands (万): below that, the number is written whole.
  if (count < (locale === 'zh' ? 10_000 : 1000)) return formatNumber(locale, count);
  const compact = numberFormat(locale, {
    notation: 'compact',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Math.round(count / 100) * 100);
  return locale === 'en' ? compact.toLowerCase() : compact;
}

/** A collator for sorting text the language's way (accents, case and numbers inside words), made once. */
export function collator(locale: Locale): Intl.Collator {
  return once(
    `collator ${locale}`,
    () => new Intl.Collator(LOCALE_FACTS[locale].intl, { numeric: true, sensitivity: 'base' }),
  );
}

// Interface text from a language's message catalogue: a message is text with {name} placeholders, or, where it counts
// something, one text per plural category of the language ({ "one": "{count} vote", "other": "{count} votes" }),
// chosen with Intl.PluralRules. Numbers in placeholders are written the language's way (Intl.NumberFormat).
import type { Locale } from './locales.ts';
import { numberFormat, pluralRules } from './dates.ts';

export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralMessage;
export type Catalogue = Record<string, Message>;
export type MessageValues = Record<string, string | number>;
/** Looks a message up by key and fills it in. */
export type Translator = (key: string, values?: MessageValues) => string;

/** The placeholders a message uses, sorted ('{count} of {total}' → ['count', 'total']), across its plural forms. */
export function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [
    ...new Set(texts.flatMap((text) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]))),
  ].sort();
}

/** Fills a message's placeholders; a number is written the language's way, a placeholder without a value stays as it is. */
export function fillPlaceholders(text: string, values: MessageValues, numbers: Intl.NumberFormat): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

/**
 * A translator over a catalogue. A plural message takes its form from `count` (the language's plural rules; 'other'
 * when the language has no form of that category). An unknown key is a mistake in the code: it throws, naming it.
 */
export function translator(locale: Locale, catalogue: Catalogue): Translator {
  const plural = pluralRules(locale);
  // Grouped from the thousands on, as formatNumber writes a number (3.010 beside 10.631 in Spanish).
  const numbers = numberFormat(locale, { useGrouping: 'always' });
  return (key, values = {}) => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`No message '${key}' in the ${locale} catalogue.`);
    if (typeof message === 'string') return fillPlaceholders(message, values, numbers);
    const count = Number(values.count ?? 0);
    return fillPlaceholders(message[plural.select(count)] ?? message.other, values, numbers);
  };
}

/** The messages of a catalogue an island needs, by key: what its props carry, and nothing else. */
export function pickMessages(catalogue: Catalogue, keys: readonly string[]): Catalogue {
  return Object.fromEntries(
    keys.map((key) => {
      const message = catalogue[key];
      if (message === undefined) throw new Error(`No message '${key}' in the catalogue.`);
      return [key, message];
    }),
  );
}

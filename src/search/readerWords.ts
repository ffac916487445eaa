// A record search in the reader's language: the words a parent types in Spanish or Chinese turned into the English
// words the record uses, from the glossary of school-board words (glossary.json), so they can be searched at once and
// the page can say which English words it searched ('Buscamos «teacher housing»'). A word the glossary lacks is
// named, so the page can advise searching in English. Pure: the search page and its tests share it.
import glossary from './glossary.json' with { type: 'json' };
import type { Locale } from '../i18n/locales.ts';

/** What the reader's words became: the English search, the English terms found, and the words the glossary lacks. */
export interface ReaderWords {
  /** The search to send, in the record's words ('"teacher housing" budget'), or null when nothing was turned. */
  search: string | null;
  /** The English terms found, in the order the reader typed them. */
  english: string[];
  /** The reader's own words the glossary does not know (small words such as 'de' or '的' are no search words). */
  unknown: string[];
  /** Whether the English terms are alternatives ('comida': lunch or food), searched as either. */
  either: boolean;
}

type Table = Record<string, string[]>;

/** Lower case, without accents, spaces made one: 'Matrícula ' and 'matricula' are the same word. */
export function plainWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s,;.!?¿¡"“”«»'’()]+/gu, ' ')
    .trim();
}

/** The glossary of a language with its keys made plain, longest first so a phrase wins over a word inside it. */
const tables = new Map<Locale, [string, string[]][]>();
function table(locale: Locale): [string, string[]][] {
  let found = tables.get(locale);
  if (!found) {
    const words = (locale === 'es' ? glossary.es : locale === 'zh' ? glossary.zh : {}) as Table;
    found = Object.entries(words)
      .map(([word, english]): [string, string[]] => [plainWords(word), english])
      .sort((a, b) => b[0].length - a[0].length);
    tables.set(locale, found);
  }
  return found;
}

/** Spanish and Chinese small words that carry no subject of their own. */
const SMALL = new Set([
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'para',
  'en',
  'y',
  'o',
  'a',
  'por',
  'con',
  'sobre',
  'un',
  'una',
]);
const SMALL_ZH = /[的和与及在或关于]/gu;

const quoted = (term: string) => (term.includes(' ') ? `"${term}"` : term);

/** The reader's words in the record's English, for a search in Spanish or Chinese; English is searched as typed. */
export function readerWords(locale: Locale, query: string): ReaderWords {
  const none: ReaderWords = { search: null, english: [], unknown: [], either: false };
  if (locale === 'en') return none;
  const known = table(locale);
  const found: [number, string[]][] = [];
  const unknown: string[] = [];
  // Each match is blanked out with as many spaces, so every other match keeps its place in what was typed.
  let rest = locale === 'zh' ? plainWords(query) : ` ${plainWords(query)} `;
  for (const [word, terms] of known) {
    const target = locale === 'zh' ? word : ` ${word} `;
    for (let at = rest.indexOf(target); at >= 0; at = rest.indexOf(target)) {
      found.push([at, terms]);
      rest = rest.slice(0, at) + ' '.repeat(target.length) + rest.slice(at + target.length);
    }
  }
  const left = (locale === 'zh' ? rest.replace(SMALL_ZH, ' ') : rest).split(' ').filter(Boolean);
  for (const word of left) {
    // Latin letters in a Chinese search are English already; a Spanish small word is no search word.
    if (locale === 'zh' && /^[a-z0-9-]+$/.test(word)) found.push([rest.indexOf(word), [word]]);
    else if (!(locale === 'es' && SMALL.has(word))) unknown.push(word);
  }
  // An entry with several English terms ('comida': lunch, food) names alternatives. Searched alone, it is any of them
  // ('lunch or food'); beside other words its first term stands for it, since a search cannot group an 'or' apart
  // from the words around it (websearch_to_tsquery binds 'a b or c' as 'a b', or 'c').
  found.sort((a, b) => a[0] - b[0]);
  const either = found.length === 1 && found[0][1].length > 1;
  const english = either ? found[0][1] : [...new Set(found.map(([, terms]) => terms[0]))];
  if (!english.length) return { ...none, unknown };
  return { search: english.map(quoted).join(either ? ' or ' : ' '), english, unknown, either };
}

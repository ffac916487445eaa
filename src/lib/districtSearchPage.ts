// The search page's rules, pure: what /search answers for the words and state in its address. The page is rendered on
// demand (the form sent without script lands there), so it lists the districts the database finds for the words; with
// only a state chosen it leads to that state's list, and with nothing it is the page of every state's list. Imported
// with their extensions: astro.config.mjs, which Node runs as it is, reaches them through src/lib/node/onDemandSearch.ts.
import { US_STATES, buildSearchQuery, type SearchQuery } from './districtSearch.ts';
import { statePath } from './stateListing.ts';
import { LOCALES, localizedPath, type Locale } from '../i18n/locales.ts';

/** The path of the district search in English; each language's is localizedPath's (/es/search, /zh/search). */
export const SEARCH_PATH = '/search';

/** The built page that lists every state, with the search form above: what /search shows when nothing was asked. */
export const BROWSE_PATH = '/states';

/**
 * How long the page waits for the database (or for the list of every state) before it says the search is unavailable,
 * in milliseconds: a search answers in tens of milliseconds, and a parent should not watch a blank page for long.
 */
export const SEARCH_TIMEOUT_MS = 3000;

/** The addresses of the search page, one per language: the only paths rendered on demand. */
export function searchPaths(): string[] {
  return LOCALES.map((locale) => localizedPath(locale, SEARCH_PATH));
}

/** What the search page answers. */
export type SearchPageAnswer =
  /** Words to look for: the districts found, in the state when one is chosen. */
  | { kind: 'results'; query: SearchQuery }
  /** A state chosen and no words: that state's list of districts, in the page's language. */
  | { kind: 'state'; location: string }
  /** Nothing asked: the search form and every state's list (the built page at BROWSE_PATH). */
  | { kind: 'browse'; location: string };

/**
 * The answer for an address's ?q= (the words) and ?state= (a state code, any case; anything else means every state).
 * Blank words are no words; the words are trimmed and cut to the length the database accepts, as the island does.
 */
export function searchPageAnswer(params: URLSearchParams, locale: Locale): SearchPageAnswer {
  const words = params.get('q') ?? '';
  const state = params.get('state') ?? '';
  const query = buildSearchQuery(words, state);
  if (query) return { kind: 'results', query };
  const code = state.trim().toUpperCase();
  if ((US_STATES as readonly string[]).includes(code))
    return { kind: 'state', location: localizedPath(locale, statePath(code)) };
  return { kind: 'browse', location: localizedPath(locale, BROWSE_PATH) };
}

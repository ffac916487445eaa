// The district search's rules, pure: which query to send, how a suggestion reads, where the keyboard goes.
import type { DistrictSuggestion } from './data/districts';

/** The 50 US state codes of the state filter, in alphabetical order. */
export const US_STATES = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
] as const;

/** The longest search text the database accepts (search_districts refuses longer). */
export const MAX_SEARCH_LENGTH = 100;

/** How long typing must pause before a search is sent, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 200;

/** What is sent to the database: the text to find and the state to keep, or null for every state. */
export interface SearchQuery {
  text: string;
  state: string | null;
}

/**
 * The query for what the visitor typed and chose, or null when there is nothing to search
 * (a blank string clears the suggestions). The state filter applies only when it is one of the 50 codes.
 */
export function buildSearchQuery(typed: string, state: string): SearchQuery | null {
  const text = typed.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  if (!text) return null;
  const code = state.trim().toUpperCase();
  return { text, state: (US_STATES as readonly string[]).includes(code) ? code : null };
}

/** A run of a name, marked when it matches the typed text. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * Splits a name into runs, marking every case-insensitive occurrence of the typed text (taken literally,
 * trimmed as the search trims it). Joined back together, the runs give the name unchanged.
 */
export function highlightParts(name: string, typed: string): HighlightPart[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return name ? [{ text: name, match: false }] : [];
  const haystack = name.toLowerCase();
  const parts: HighlightPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: name.slice(from, at), match: false });
    parts.push({ text: name.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < name.length) parts.push({ text: name.slice(from), match: false });
  return parts;
}

/** The part after the name: ' (state, county)', leaving out what is unknown, or nothing when both are. */
export function suggestionDetail({ state, county }: Pick<DistrictSuggestion, 'state' | 'county'>): string {
  const known = [state, county].filter((part): part is string => Boolean(part && part.trim()));
  return known.length ? ` (${known.join(', ')})` : '';
}

/**
 * The highlighted suggestion after an arrow key: down from none goes to the first, up from none to the
 * last, and both wrap around the ends (the WAI-ARIA combobox pattern). -1 means none.
 */
export function moveHighlight(current: number, count: number, direction: 'down' | 'up'): number {
  if (count <= 0) return -1;
  if (direction === 'down') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 || current > count - 1 ? count - 1 : current - 1;
}

/** The district 'Go' opens: the only suggestion when there is exactly one, otherwise none. */
export function goTarget(suggestions: readonly DistrictSuggestion[]): DistrictSuggestion | null {
  return suggestions.length === 1 ? suggestions[0] : null;
}

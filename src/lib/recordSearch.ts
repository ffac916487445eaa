// The record search's rules (search_records in the database): what may be searched, what a result says, and what
// the page announces. Pure, shared by the district page's search box and the site-wide search page.
import { formatMeetingDate } from '../district/meetingCards';
import type { RecordKind, RecordResult } from './data/records';

/** The kinds of record a search finds, in the order the 'Show' filter lists them. */
export const RECORD_KINDS: readonly RecordKind[] = ['meeting', 'topic', 'vote'];

/** The longest text the search takes (the database refuses longer with the same words). */
export const MAX_RECORD_SEARCH_LENGTH = 200;
/** Results asked for at a time. */
export const RECORD_PAGE_SIZE = 20;
/** The site-wide search page. */
export const RECORD_SEARCH_PATH = '/search/records';

/** What each kind is called on a result (and in the 'Show' filter, plural). */
export const KIND_LABELS: Record<RecordKind, { one: string; many: string }> = {
  meeting: { one: 'Meeting', many: 'Meetings' },
  topic: { one: 'Topic', many: 'Topics' },
  vote: { one: 'Vote', many: 'Votes' },
};

/** The typed text as searched (trimmed), or why it cannot be: empty, or longer than the limit. */
export function checkSearchText(typed: string): { text: string; problem: string | null } {
  const text = typed.trim();
  if (!text) return { text, problem: 'Type a word or a phrase to search for.' };
  if (text.length > MAX_RECORD_SEARCH_LENGTH) {
    return { text, problem: `Search text can be at most ${MAX_RECORD_SEARCH_LENGTH} characters; this is ${text.length}.` };
  }
  return { text, problem: null };
}

/** A part of a snippet: text, marked (a matching word) or not. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * A snippet as text parts for the page to render as text and <mark> elements, never as HTML. The database escapes
 * the excerpt and adds <mark>…</mark> around matches; anything else that looks like markup stays text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]);
  for (const [index, piece] of snippet.split(/<mark>|<\/mark>/).entries()) {
    if (piece) parts.push({ text: decode(piece), marked: index % 2 === 1 });
  }
  return parts;
}

/** The line above a result's title: its kind, its date (MM/DD/YY, as on the cards) and, site-wide, its district. */
export function resultMeta(result: Pick<RecordResult, 'kind' | 'date' | 'district_name'>, withDistrict: boolean): string {
  return [KIND_LABELS[result.kind].one, result.date ? formatMeetingDate(result.date) : null, withDistrict ? result.district_name : null]
    .filter(Boolean)
    .join(' · ');
}

/** What the page announces once results arrive: how many, for what, and whether more can be shown. */
export function resultsStatus(count: number, text: string, more: boolean): string {
  if (count === 0) return `No results for “${text}”.`;
  const shown = `${count} ${count === 1 ? 'result' : 'results'} for “${text}”`;
  return more ? `${shown}. More are available.` : `${shown}.`;
}

/**
 * The database's refusals that are written for the visitor (a search of only words to leave out, too many words, too
 * many searches at once from one connection): shown as they are.
 */
const PLAIN_REFUSALS = [
  /^Add a word to look for: .+\.$/,
  /^Search for at most \d+ words at a time; this search has \d+\.$/,
  /^Leave out at most \d+ words at a time; this search leaves out \d+\.$/,
  /^Too many searches at once from your connection\. .+\.$/,
];

/** What a failed search says: the database's own refusal (a 400 or 429 names the problem), otherwise a plain failure. */
export function searchFailure(reason: string): string {
  const text = reason.trim();
  if (/^search text is longer than \d+ characters$/.test(text)) return `Search text can be at most ${MAX_RECORD_SEARCH_LENGTH} characters.`;
  if (PLAIN_REFUSALS.some((refusal) => refusal.test(text))) return text;
  if (/^(TypeError|FetchError|TimeoutError|AbortError)\b/.test(text)) return 'The search could not reach the server. Check your connection and try again.';
  return 'The search is not available just now. Please try again in a moment.';
}

/** The address of the site-wide search for some text, optionally in one district and of one kind. */
export function recordSearchUrl(text: string, district?: number | null, kind?: RecordKind | ''): string {
  const params = new URLSearchParams({ q: text });
  if (district) params.set('district', String(district));
  if (kind) params.set('kind', kind);
  return `${RECORD_SEARCH_PATH}?${params}`;
}

/** The district asked for by the search page's address (?district=), or null. */
export function districtFilter(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The window event that loads the district page's search island (client:demand), sent when its box is first focused. */
export const RECORD_SEARCH_DEMAND = 'record-search-demand';

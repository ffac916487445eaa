// A search link's first results on the site-wide search page (/search/records?q=budget, from an alert email or a shared
// link), searched and shown by the page's own small script without React: the record search's island sleeps until
// the reader first touches it, so following a link loads no React. The script writes into the island's server-rendered
// markup (its status line, its list and its 'Show more results' button, which it answers too); the island, once
// awake, takes the results over from the same store and answers alone from its own first search on.
import { atom } from 'nanostores';
import { rpcApi } from '../../lib/browser/rpcApi';
import { drawRecordResults } from './recordResults';
import { showSearchFeed } from './searchFeed';
import { searchRecords, type RecordResult } from '../data/records';
import {
  RECORD_KINDS,
  RECORD_PAGE_SIZE,
  addressQuery,
  checkSearchText,
  orderNotice,
  quotedWords,
  recordSearchFeedUrl,
  recordSearchUrl,
  sortOf,
  resultsStatus,
  searchFailure,
  searchWords,
  searchWordsNotice,
  type AddressQuery,
  type SearchWords,
} from '../recordSearch';
import { translator, type Catalogue, type Translator } from '../../i18n/translate';
import { localeOf, localizedPath, type Locale } from '../../i18n/locales';

/** The first results: none asked for, or the address's search (its text trimmed) on its way, answered or failed. */
export type FirstResults =
  | { status: 'idle' }
  | {
      status: 'loading' | 'done' | 'failed';
      query: AddressQuery;
      /** What the search sent for the address's text (the reader's words in the record's English). */
      words: SearchWords;
      results: RecordResult[];
      more: boolean;
      reason: string;
    };

export const $firstResults = atom<FirstResults>({ status: 'idle' });

let detached = false;

/** The island's own search replaces the first results: from then on the island alone answers. */
export function detachFirstResults(): void {
  detached = true;
}

/** Whether the first results are the page's (asked for by the address, and the island has not searched since). */
export function firstResultsAttached(): boolean {
  return !detached && $firstResults.get().status !== 'idle';
}

/** Searches one page of the address's results (sent as `words`), after `cursor` (kept results stay above it). */
export async function searchFirstResults(query: AddressQuery, words: SearchWords, cursor?: string): Promise<void> {
  const before = $firstResults.get();
  const kept = cursor && before.status !== 'idle' ? before.results : [];
  $firstResults.set({ status: 'loading', query, words, results: kept, more: false, reason: '' });
  try {
    const page = await searchRecords(rpcApi(), {
      q: words.sent,
      district_id: query.district,
      kinds: query.kind ? [query.kind] : null,
      page_size: RECORD_PAGE_SIZE,
      cursor: cursor ?? null,
      sort: sortOf(query.order),
    });
    if (!detached)
      $firstResults.set({
        status: 'done',
        query,
        words,
        results: [...kept, ...page],
        more: page.length === RECORD_PAGE_SIZE,
        reason: '',
      });
  } catch (error) {
    console.error('Record search failed:', error);
    if (!detached)
      $firstResults.set({
        status: 'failed',
        query,
        words,
        results: kept,
        more: false,
        reason: error instanceof Error ? error.message : String(error),
      });
  }
}

/** 'Show more results' under the first results: the next page (once only while one is on its way). */
export function moreFirstResults(): void {
  const state = $firstResults.get();
  if (detached || state.status !== 'done' || !state.more) return;
  void searchFirstResults(state.query, state.words, state.results.at(-1)?.cursor);
}

/** The status line's words for the first results, as the island words its own. */
export function firstResultsStatus(state: Exclude<FirstResults, { status: 'idle' }>, t: Translator): string {
  if (state.status === 'loading') return t('records.searching', { text: quotedWords(state.query.text) });
  if (state.status === 'failed') return searchFailure(state.reason, t);
  return resultsStatus(state.results.length, state.query.text, state.more, t, state.results[0]);
}

/** Writes the first results into the island's markup inside `root`: the status line, the list, the button. */
export function writeFirstResults(root: ParentNode, state: FirstResults, t: Translator, locale: Locale): void {
  if (state.status === 'idle') return;
  const status = root.querySelector<HTMLElement>('.record-search-status');
  if (status) {
    status.textContent = firstResultsStatus(state, t);
    status.classList.toggle('is-error', state.status === 'failed');
  }
  const words = root.querySelector<HTMLElement>('.record-search-words');
  if (words)
    words.textContent = state.status === 'done' ? searchWordsNotice(state.words, state.results.length, t, locale) : '';
  const order = root.querySelector<HTMLElement>('.record-search-order');
  if (order) order.textContent = state.status === 'done' ? orderNotice(state.results[0], state.query.order, t) : '';
  const list = root.querySelector<HTMLElement>('.record-results');
  if (list) {
    drawRecordResults(list, state.results, t, locale, true);
    list.hidden = state.results.length === 0;
  }
  const more = root.querySelector<HTMLButtonElement>('.record-search-more');
  if (more) more.hidden = !(state.status === 'done' && state.more);
  const submit = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = state.status === 'loading';
  showSearchFeed(
    root,
    state.status === 'done'
      ? recordSearchFeedUrl(
          import.meta.env.PUBLIC_SUPABASE_URL,
          { sent: state.words.sent, district: state.query.district, kind: state.query.kind },
          locale,
        )
      : null,
    t('records.feed.title', { text: quotedWords(state.query.text) }),
  );
}

/**
 * The search page's script: runs the address's search (?q=, ?district=, ?kind=, ?order=) and shows it in the island
 * inside `section`, which carries the page's language (data-search-locale) and the island's messages
 * (data-search-messages). While the island sleeps it also answers 'Show more results' and a change of the kind shown
 * or of the order. Two addresses are left
 * to the island, which `wake` wakes: text the search cannot take (the island words the problem on the box), and a
 * district filter (a district page's form sent before its script loaded), which the island's district list must show.
 */
export function showFirstResults(section: HTMLElement, search: string, wake: () => void): void {
  const query = addressQuery(search);
  const island = section.querySelector<HTMLElement>('.record-search');
  if (!query.text.trim() || !island) return;
  const locale = localeOf(section.dataset.searchLocale);
  const t = translator(locale, JSON.parse(section.dataset.searchMessages ?? '{}') as Catalogue);
  const { text, problem } = checkSearchText(query.text, t);
  if (problem || query.district !== null) {
    wake();
    return;
  }
  const input = island.querySelector<HTMLInputElement>('input[type="search"]');
  if (input && !input.value) input.value = query.text;
  const kind = island.querySelector<HTMLSelectElement>('select[name="kind"]');
  if (kind) kind.value = query.kind;
  const order = island.querySelector<HTMLSelectElement>('select[name="order"]');
  if (order) order.value = query.order;
  // A filter changed while the island sleeps: searched again, and the address says so, as the island keeps it.
  const again = (next: AddressQuery, words: SearchWords) => {
    history.replaceState(
      null,
      '',
      localizedPath(locale, recordSearchUrl(next.text, next.district, next.kind, next.order)),
    );
    void searchFirstResults(next, words);
  };
  // Once awake, the island answers everything itself (Astro takes `ssr` off an island once it has hydrated).
  const asleep = () => island.closest('astro-island')?.hasAttribute('ssr') ?? true;
  $firstResults.subscribe((state) => writeFirstResults(island, state, t, locale));
  island.querySelector('.record-search-more')?.addEventListener('click', () => {
    if (asleep()) moreFirstResults();
  });
  kind?.addEventListener('change', () => {
    const state = $firstResults.get();
    if (asleep() && firstResultsAttached() && state.status !== 'idle')
      again({ ...state.query, kind: RECORD_KINDS.find((known) => known === kind.value) ?? '' }, state.words);
  });
  order?.addEventListener('change', () => {
    const state = $firstResults.get();
    if (asleep() && firstResultsAttached() && state.status !== 'idle')
      again({ ...state.query, order: order.value === 'newest' ? 'newest' : '' }, state.words);
  });
  void searchFirstResults({ ...query, text }, searchWords(locale, text));
}

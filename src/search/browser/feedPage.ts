// The page a browser is sent to when it opens a feed address (/feed?q=… or /feed?token=…, from the feed function):
// an Edge Function may not answer HTML, so the site says what the address is for, shows it ready to copy into a feed
// reader, and links a search's feed to the same search on the site. The address is rebuilt from the page's own query
// with the one rule of feed addresses, on this site's API: nothing else given in the address is shown.
import {
  alertFeedUrl,
  feedAsked,
  searchFeedUrl,
  type FeedAsked,
} from '../../../supabase/functions/_shared/feedAddress';
import { localizedPath, type Locale } from '../../i18n/locales';
import { recordSearchUrl } from '../recordSearch';

/** What the page shows for its query: the feed's address, what it follows, and the search on the site (a search's). */
export interface FeedPageView {
  address: string;
  asked: Exclude<FeedAsked, { kind: 'malformed' }>;
  /** The same search on the site's search page, in the page's language (a search's feed only). */
  results: string | null;
}

/** The page's view of its query (location.search), or null when it names no feed. */
export function feedPageView(apiUrl: string, query: string, locale: Locale): FeedPageView | null {
  const asked = feedAsked(new URLSearchParams(query));
  if (asked.kind === 'malformed') return null;
  if (asked.kind === 'alert') return { address: alertFeedUrl(apiUrl, asked.token), asked, results: null };
  const { search } = asked;
  return {
    address: searchFeedUrl(apiUrl, search),
    asked,
    results: localizedPath(
      locale,
      recordSearchUrl(search.q, search.district, search.kinds?.length === 1 ? search.kinds[0] : ''),
    ),
  };
}

/** Fills the page's section: the address in its field, the sentence of what it follows, the results link. */
export function showFeedPage(section: HTMLElement, apiUrl: string, locale: Locale): void {
  const view = feedPageView(apiUrl, window.location.search, locale);
  const words = JSON.parse(section.dataset.words ?? '{}') as Record<string, string>;
  const part = <T extends HTMLElement>(name: string) => section.querySelector<T>(`[data-part="${name}"]`);
  const none = part('none');
  const shown = part('shown');
  if (!view || !none || !shown) return;
  none.hidden = true;
  shown.hidden = false;
  const field = part<HTMLInputElement>('address');
  if (field) field.value = view.address;
  const what = part('what');
  if (what)
    what.textContent =
      view.asked.kind === 'search' ? (words.search ?? '').replace('{text}', view.asked.search.q) : (words.alert ?? '');
  const results = part<HTMLAnchorElement>('results');
  if (results) {
    results.hidden = view.results === null;
    if (view.results) results.href = view.results;
  }
  const status = part('status');
  part<HTMLButtonElement>('copy')?.addEventListener('click', () => {
    field?.select();
    navigator.clipboard.writeText(view.address).then(
      () => {
        if (status) status.textContent = words.copied ?? '';
      },
      () => {
        if (status) status.textContent = words.copyFailed ?? '';
      },
    );
  });
}

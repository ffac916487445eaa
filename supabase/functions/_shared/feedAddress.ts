// The feed addresses: an alert's ({API}/functions/v1/alert-feed?token=…) and a search's, which needs no email
// ({API}/functions/v1/alert-feed?q=cell+phones&district=1&kinds=meeting,vote&lang=es). The site writes them (the alert
// emails, the alerts page, the record search's 'Follow in a feed reader') and the feed function reads them, both with
// this one module; pure and web-standard, so it runs in the browser, in Node and as part of the Edge Function.

/** Where the feed function answers, on the API origin. */
export const FEED_PATH = '/functions/v1/alert-feed';

export type FeedKind = 'meeting' | 'topic' | 'vote';
export type FeedLanguage = 'en' | 'es' | 'zh';

/** The kinds of record a search finds, in the order the site lists them. */
export const FEED_KINDS: readonly FeedKind[] = ['meeting', 'topic', 'vote'];
const FEED_LANGUAGES: readonly FeedLanguage[] = ['en', 'es', 'zh'];
/** The longest search text (the record search's own limit, search_records' search.too_long). */
export const MAX_FEED_SEARCH_LENGTH = 200;

/** A search a feed follows: its words, in one district, the districts of a state or every district, of some kinds. */
export interface FeedSearch {
  q: string;
  district: number | null;
  state: string | null;
  /** Null: every kind. */
  kinds: FeedKind[] | null;
  /** The language of the feed's own words (its title); the records are as written. */
  lang: FeedLanguage;
}

/** What a feed address asks for, or why it cannot be read. */
export type FeedAsked =
  | { kind: 'alert'; token: string }
  | { kind: 'search'; search: FeedSearch }
  | { kind: 'malformed'; of: 'token' | 'search' };

const TOKEN = /^[0-9a-f]{64}$/;
const trimSlash = (origin: string) => origin.replace(/\/+$/, '');

/** An alert's feed address. */
export function alertFeedUrl(apiUrl: string, feedToken: string): string {
  return `${trimSlash(apiUrl)}${FEED_PATH}?token=${encodeURIComponent(feedToken)}`;
}

/**
 * A search's query string in its one written form (the same search, the same address: the feed's cache key and its
 * own link): q, then district or state, then kinds when not all of them, then lang when not English.
 */
export function searchFeedQuery(search: FeedSearch): string {
  const params = new URLSearchParams({ q: search.q.trim() });
  if (search.district !== null) params.set('district', String(search.district));
  else if (search.state !== null) params.set('state', search.state);
  const kinds = FEED_KINDS.filter((kind) => search.kinds?.includes(kind));
  if (search.kinds !== null && kinds.length < FEED_KINDS.length) params.set('kinds', kinds.join(','));
  if (search.lang !== 'en') params.set('lang', search.lang);
  return params.toString();
}

/** A search's feed address. */
export function searchFeedUrl(apiUrl: string, search: FeedSearch): string {
  return `${trimSlash(apiUrl)}${FEED_PATH}?${searchFeedQuery(search)}`;
}

/**
 * Reads a feed address's query: a token (an alert's feed), else a search. A search needs words (at most 200
 * characters); a district is a positive number, a state two capital letters (not both), kinds a comma list of
 * meeting, topic and vote; a language the site lacks is English.
 */
export function feedAsked(params: URLSearchParams): FeedAsked {
  if (params.has('token')) {
    const token = params.get('token') ?? '';
    return TOKEN.test(token) ? { kind: 'alert', token } : { kind: 'malformed', of: 'token' };
  }
  const q = (params.get('q') ?? '').trim();
  const district = params.get('district');
  const state = params.get('state');
  const kinds = params.get('kinds');
  const lang = FEED_LANGUAGES.find((each) => each === params.get('lang')) ?? 'en';
  const kindList = kinds === null ? null : kinds.split(',');
  const malformed = { kind: 'malformed', of: params.has('q') ? 'search' : 'token' } as const;
  if (!q || q.length > MAX_FEED_SEARCH_LENGTH) return malformed;
  if (district !== null && !/^[1-9][0-9]{0,14}$/.test(district)) return malformed;
  if (state !== null && !/^[A-Z]{2}$/.test(state)) return malformed;
  if (district !== null && state !== null) return malformed;
  if (kindList && (kindList.length === 0 || !kindList.every((kind) => FEED_KINDS.includes(kind as FeedKind))))
    return malformed;
  return {
    kind: 'search',
    search: {
      q,
      district: district === null ? null : Number(district),
      state,
      // Every kind named is no filter: the same search as none named.
      kinds:
        kindList && !FEED_KINDS.every((kind) => kindList.includes(kind))
          ? FEED_KINDS.filter((kind) => kindList.includes(kind))
          : null,
      lang,
    },
  };
}

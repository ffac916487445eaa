// The record search box and its results: on a district page, that board's record ('Search this board's record'),
// on the search page, every board's. The form is a plain GET form to the search page, so it works before this island
// has loaded; once loaded, it searches in place, announces the results with their count, and pages with
// 'Show more results'. On a district page, choosing a result opens its tab and brings the exact card, topic or vote
// row into view, highlighted (the page's board script and the topic island do the opening). Its words come as props,
// in the page's one language (RECORD_SEARCH_KEYS); the results are the record's own words, in English.
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  KIND_KEYS,
  RECORD_PAGE_SIZE,
  RECORD_SEARCH_ANSWER_KEYS,
  RECORD_SEARCH_PATH,
  addressQuery,
  checkSearchText,
  districtFilter,
  orderNotice,
  quotedWords,
  recordSearchFeedUrl,
  recordSearchUrl,
  sortOf,
  resultsStatus,
  searchFailure,
  searchWords,
  searchWordsNotice,
  RECORD_KINDS,
  SNIPPET_WORD_KEYS,
  type SearchWords,
} from '../recordSearch';
import { translator, type Catalogue } from '../../i18n/translate';
import { localizedPath, type Locale } from '../../i18n/locales';
import { collator } from '../../i18n/dates';
import { searchRecords, type RecordKind, type RecordResult, type SearchOrder } from '../data/records';
import { rpcApi } from '../../lib/browser/rpcApi';
import { drawRecordResults } from '../browser/recordResults';
import {
  $firstResults,
  detachFirstResults,
  firstResultsAttached,
  firstResultsStatus,
  moreFirstResults,
  type FirstResults,
} from '../browser/firstResults';
import { showSearchFeed } from '../browser/searchFeed';
import './RecordSearch.css';

/** The API, where a search's feed is served. */
const API_URL: string = import.meta.env.PUBLIC_SUPABASE_URL;

/** The catalogue messages this island shows: what the page gives it (pickMessages). */
export const RECORD_SEARCH_KEYS = [
  ...RECORD_SEARCH_ANSWER_KEYS,
  'records.allDistricts',
  'records.district',
  'records.districtNumber',
  'records.everything',
  'records.failed.connection',
  'records.feed.link',
  'records.feed.note',
  'records.feed.title',
  'records.failed.unavailable',
  'records.kind.meeting',
  'records.kind.meetings',
  'records.kind.topic',
  'records.kind.topics',
  'records.kind.vote',
  'records.kind.votes',
  'records.label.board',
  'records.matches.newest',
  'records.matches.newestMore',
  'records.matches.relevance',
  'records.more',
  'records.noResults',
  'records.order',
  'records.order.newest',
  'records.order.relevance',
  'records.order.tooMany',
  'records.results',
  'records.resultsLabel',
  'records.resultsMore',
  'records.search',
  'records.searchInEnglish',
  'records.searchedFor',
  'records.searching',
  'records.show',
  'records.word',
];

/**
 * The keys a page picks for this island in its language: on a translated page also the board's vocabulary, which a
 * vote's snippet is worded with (shownSnippet); an English page shows the record as written and needs none of it.
 */
export function recordSearchKeys(locale: Locale): readonly string[] {
  return locale === 'en' ? RECORD_SEARCH_KEYS : [...RECORD_SEARCH_KEYS, ...SNIPPET_WORD_KEYS];
}

interface Props {
  /** The page's language, and the island's messages in it. */
  locale: Locale;
  messages: Catalogue;
  /** The district whose record is searched; none on the site-wide page. */
  districtId?: number;
  /** The search box's label. */
  label: string;
  /** Makes the ids unique. */
  idPrefix?: string;
}

type Status =
  | { state: 'idle' }
  | { state: 'invalid'; message: string }
  | { state: 'loading'; text: string }
  | { state: 'failed'; message: string }
  | { state: 'done'; text: string };

/**
 * Opens a result on this same district page without reloading it: the address takes the result's ?tab=, the board
 * script shows that tab (popstate), then the #anchor is navigated to (in the same history entry), which scrolls to it, marks it :target and
 * expands a meeting card (hashchange). Focus follows, for keyboard and screen reader users.
 */
function openOnThisPage(event: MouseEvent, href: string) {
  if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const url = new URL(href, location.href);
  if (url.pathname.replace(/\.html$/, '') !== location.pathname.replace(/\.html$/, '')) return;
  event.preventDefault();
  history.pushState(null, '', `${location.pathname}${url.search}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
  // Replacing, so that Back leaves the result in one step.
  location.replace(url.hash);
  const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (!target) return;
  // A topic other than the one shown is not visible yet: the board script brings its panel into view, where the
  // topic island shows it, scrolls to it and moves focus there.
  if (!target.checkVisibility()) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** The results list's markup as React sees it: none (see the list below). */
const DRAWN_BY_THE_DOM = { __html: '' };

export default function RecordSearch({ districtId, label, idPrefix = 'record-search', locale, messages }: Props) {
  const t = translator(locale, messages);
  const siteWide = districtId === undefined;
  const [results, setResults] = useState<RecordResult[]>([]);
  const [more, setMore] = useState(false);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [kind, setKind] = useState<RecordKind | ''>('');
  const [order, setOrder] = useState<SearchOrder | ''>('');
  const [district, setDistrict] = useState<number | null>(districtId ?? null);
  // District names seen in results, for the site-wide page's district filter.
  const [districtNames, setDistrictNames] = useState<Map<number, string>>(new Map());
  const input = useRef<HTMLInputElement>(null);
  const sequence = useRef(0);
  // The last search answered, which 'Show more results' continues and a filter's change runs again.
  const [last, setLast] = useState<{
    text: string;
    district: number | null;
    kind: RecordKind | '';
    order: SearchOrder | '';
  } | null>(null);
  // What the last search answered sent: the reader's words in the record's English, on a Spanish or Chinese page.
  const [words, setWords] = useState<SearchWords | null>(null);

  const inputId = `${idPrefix}-text`;
  const problemId = `${idPrefix}-problem`;

  async function run(
    text: string,
    options: { district: number | null; kind: RecordKind | ''; order: SearchOrder | ''; cursor?: string },
  ) {
    detachFirstResults();
    const turn = ++sequence.current;
    setStatus({ state: 'loading', text });
    const sent = searchWords(locale, text);
    try {
      const page = await searchRecords(rpcApi(), {
        q: sent.sent,
        district_id: options.district,
        kinds: options.kind ? [options.kind] : null,
        page_size: RECORD_PAGE_SIZE,
        cursor: options.cursor ?? null,
        sort: sortOf(options.order),
      });
      if (turn !== sequence.current) return;
      setLast({ text, district: options.district, kind: options.kind, order: options.order });
      setWords(sent);
      setResults((before) => (options.cursor ? [...before, ...page] : page));
      setMore(page.length === RECORD_PAGE_SIZE);
      setDistrictNames((before) => {
        const names = new Map(before);
        for (const result of page) names.set(result.district_id, result.district_name);
        return names;
      });
      setStatus({ state: 'done', text });
    } catch (error) {
      if (turn !== sequence.current) return;
      console.error('Record search failed:', error);
      setStatus({ state: 'failed', message: searchFailure(error instanceof Error ? error.message : String(error), t) });
    }
  }

  function start(options: { district: number | null; kind: RecordKind | ''; order: SearchOrder | '' }) {
    const { text, problem } = checkSearchText(input.current?.value ?? '', t);
    if (problem) {
      setStatus({ state: 'invalid', message: problem });
      input.current?.focus();
      return;
    }
    if (siteWide)
      history.replaceState(
        null,
        '',
        localizedPath(locale, recordSearchUrl(text, options.district, options.kind, options.order)),
      );
    void run(text, options);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    start({ district, kind, order });
  }

  // The search page runs the search its address names (?q=, ?district=, ?kind=): a district page's form before its
  // island loaded, a shared link. The page's own script has usually run it already (firstResults.ts): the island then
  // follows those results until it searches itself. Otherwise once, when the island has loaded.
  const searchFromAddress = useEffectEvent(() => {
    if (!siteWide) return;
    const query = addressQuery(location.search);
    setDistrict(query.district);
    setKind(query.kind);
    setOrder(query.order);
    // Text typed before the island loaded stays; the address's text fills the box only when there is some.
    if (input.current && query.text) input.current.value = query.text;
    if (query.text.trim()) start({ district: query.district, kind: query.kind, order: query.order });
  });
  const followFirstResults = useEffectEvent((first: FirstResults) => {
    if (first.status === 'idle' || !firstResultsAttached()) return;
    const { query, results: shown } = first;
    setDistrict(query.district);
    setKind(query.kind);
    setOrder(query.order);
    setLast(query);
    setWords(first.words);
    setResults(shown);
    setMore(first.more);
    setDistrictNames(
      (before) =>
        new Map([...before, ...shown.map((result): [number, string] => [result.district_id, result.district_name])]),
    );
    setStatus(
      first.status === 'loading'
        ? { state: 'loading', text: query.text }
        : first.status === 'done'
          ? { state: 'done', text: query.text }
          : { state: 'failed', message: firstResultsStatus(first, t) },
    );
  });
  useEffect(() => {
    if (siteWide && firstResultsAttached()) return $firstResults.subscribe(followFirstResults);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is known only in the browser, once hydrated (the server rendered the form without it)
    searchFromAddress();
  }, [siteWide]);

  // The list is drawn with the DOM (recordResults.ts), as the page's script draws it before the island wakes.
  const list = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    if (list.current) drawRecordResults(list.current, results, translator(locale, messages), locale, siteWide);
  }, [results, locale, messages, siteWide]);
  // On a district page a result opens on the page itself (links are followed as links everywhere else).
  useEffect(() => {
    const drawn = list.current;
    if (siteWide || !drawn) return;
    const open = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link) openOnThisPage(event, link.href);
    };
    drawn.addEventListener('click', open);
    return () => drawn.removeEventListener('click', open);
  }, [siteWide]);

  const busy = status.state === 'loading';
  const statusText =
    status.state === 'loading'
      ? t('records.searching', { text: quotedWords(status.text) })
      : status.state === 'done'
        ? resultsStatus(results.length, status.text, more, t, results[0])
        : status.state === 'failed' || status.state === 'invalid'
          ? status.message
          : '';
  const wordsText = status.state === 'done' && words ? searchWordsNotice(words, results.length, t, locale) : '';
  const orderText = status.state === 'done' && last ? orderNotice(results[0], last.order, t) : '';
  // The feed of the search answered, beside the email alert's offer (and in the page's head).
  const feedUrl =
    status.state === 'done' && last && words
      ? recordSearchFeedUrl(API_URL, { sent: words.sent, district: last.district, kind: last.kind }, locale)
      : null;
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (root.current)
      showSearchFeed(root.current, feedUrl, t('records.feed.title', { text: quotedWords(last?.text ?? '') }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the title follows the feed's address, which holds the words
  }, [feedUrl]);
  const districtOptions = [...districtNames.entries()].sort((a, b) => collator(locale).compare(a[1], b[1]));
  if (district !== null && !districtNames.has(district))
    districtOptions.unshift([district, t('records.districtNumber', { id: String(district) })]);

  return (
    <div className="record-search" ref={root}>
      <form
        role="search"
        aria-label={label}
        action={localizedPath(locale, RECORD_SEARCH_PATH)}
        method="get"
        onSubmit={onSubmit}
        noValidate
      >
        <label htmlFor={inputId}>{label}</label>
        <div className="record-search-fields">
          <input
            ref={input}
            id={inputId}
            type="search"
            name="q"
            autoComplete="off"
            enterKeyHint="search"
            aria-invalid={status.state === 'invalid' ? true : undefined}
            aria-describedby={status.state === 'invalid' ? problemId : undefined}
          />
          {!siteWide && <input type="hidden" name="district" value={districtId} />}
          <button type="submit" className="button" disabled={busy}>
            {t('records.search')}
          </button>
        </div>
        {/* The filters of the site-wide page; a district page's box stays one line, to keep its tabs in view. */}
        {siteWide && (
          <div className="record-search-filters">
            <label>
              {t('records.show')}{' '}
              <select
                name="kind"
                value={kind}
                onChange={(event) => {
                  const next = event.target.value as RecordKind | '';
                  setKind(next);
                  if (last) start({ district, kind: next, order });
                }}
              >
                <option value="">{t('records.everything')}</option>
                {RECORD_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(KIND_KEYS[value].many)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('records.district')}{' '}
              <select
                name="district"
                value={district ?? ''}
                onChange={(event) => {
                  const next = districtFilter(event.target.value);
                  setDistrict(next);
                  if (last) start({ district: next, kind, order });
                }}
              >
                <option value="">{t('records.allDistricts')}</option>
                {districtOptions.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('records.order')}{' '}
              <select
                name="order"
                value={order}
                onChange={(event) => {
                  const next = event.target.value === 'newest' ? 'newest' : '';
                  setOrder(next);
                  if (last) start({ district, kind, order: next });
                }}
              >
                <option value="">{t('records.order.relevance')}</option>
                <option value="newest">{t('records.order.newest')}</option>
              </select>
            </label>
          </div>
        )}
      </form>
      {/* Its words may be the page's script's until the island has caught up (a search link's first results). */}
      <p
        className={`record-search-status${status.state === 'failed' || status.state === 'invalid' ? ' is-error' : ''}`}
        id={problemId}
        role="status"
        aria-live="polite"
        suppressHydrationWarning
      >
        {statusText}
      </p>
      {/* Which English words a search in the reader's language was sent as, and the advice for a word not turned. */}
      <p className="record-search-words" aria-live="polite" suppressHydrationWarning>
        {wordsText}
      </p>
      {/* Why a search is newest first when the reader did not ask for it: too many matches to rank. */}
      <p className="record-search-order" aria-live="polite" suppressHydrationWarning>
        {orderText}
      </p>
      {/* Drawn by drawRecordResults, not by React: React neither hydrates nor replaces its items (an empty
          dangerouslySetInnerHTML), so the page's script may draw them before the island wakes. */}
      <ol
        ref={list}
        className="record-results"
        aria-label={t('records.resultsLabel')}
        hidden={results.length === 0}
        dangerouslySetInnerHTML={DRAWN_BY_THE_DOM}
      />
      <button
        type="button"
        className="button secondary record-search-more"
        hidden={!(more && status.state === 'done' && last)}
        onClick={() =>
          firstResultsAttached()
            ? moreFirstResults()
            : last &&
              void run(last.text, {
                district: last.district,
                kind: last.kind,
                order: last.order,
                cursor: results.at(-1)?.cursor,
              })
        }
      >
        {t('records.more')}
      </button>
      {/* Drawn with the DOM (showSearchFeed), by the page's script before the island wakes and by the island after,
          as the list is. */}
      <p
        className="record-search-feed"
        hidden
        data-link={t('records.feed.link')}
        data-note={t('records.feed.note')}
        dangerouslySetInnerHTML={DRAWN_BY_THE_DOM}
      />
    </div>
  );
}

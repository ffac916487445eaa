// The record search box and its results: on a district page, that board's record ('Search this board's record'),
// on the search page, every board's. The form is a plain GET form to the search page, so it works before this island
// has loaded; once loaded, it searches in place, announces the results with their count, and pages with
// 'Show more results'. On a district page, choosing a result opens its tab and brings the exact card, topic or vote
// row into view, highlighted (the page's board script and the topic island do the opening). Its words come as props,
// in the page's one language (RECORD_SEARCH_KEYS); the results are the record's own words, in English.
import { useEffect, useEffectEvent, useRef, useState, type SubmitEvent, type MouseEvent } from 'react';
import { RECORD_PAGE_SIZE, RECORD_SEARCH_ANSWER_KEYS, RECORD_SEARCH_PATH, checkSearchText, districtFilter, recordSearchUrl, resultsStatus, searchFailure, snippetParts, RECORD_KINDS } from '../../lib/recordSearch';
import { translator, type Catalogue } from '../../i18n/translate';
import { localizedPath, type Locale } from '../../i18n/locales';
import { collator, formatDate } from '../../i18n/dates';
import type { RecordKind, RecordResult, RecordSearch as Search } from '../../lib/data/records';
import { loadOnce } from '../../lib/browser/loadOnce';
import './RecordSearch.css';

/** The catalogue messages this island shows: what the page gives it (pickMessages). */
export const RECORD_SEARCH_KEYS = [
  ...RECORD_SEARCH_ANSWER_KEYS,
  'records.allDistricts',
  'records.district',
  'records.districtNumber',
  'records.everything',
  'records.failed.connection',
  'records.failed.unavailable',
  'records.kind.meeting',
  'records.kind.meetings',
  'records.kind.topic',
  'records.kind.topics',
  'records.kind.vote',
  'records.kind.votes',
  'records.label.board',
  'records.more',
  'records.noResults',
  'records.results',
  'records.resultsLabel',
  'records.resultsMore',
  'records.search',
  'records.searching',
  'records.show',
];

const KIND_KEYS: Record<RecordKind, { one: string; many: string }> = {
  meeting: { one: 'records.kind.meeting', many: 'records.kind.meetings' },
  topic: { one: 'records.kind.topic', many: 'records.kind.topics' },
  vote: { one: 'records.kind.vote', many: 'records.kind.votes' },
};

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

type Status = { state: 'idle' } | { state: 'invalid'; message: string } | { state: 'loading'; text: string } | { state: 'failed'; message: string } | { state: 'done'; text: string };

/** The API client and the data module, loaded with the first search (or the box's first focus). */
const loadSearch = loadOnce(() =>
  Promise.all([import('../../lib/browser/rpcApi'), import('../../lib/data/records')]).then(
    ([{ rpcApi }, { searchRecords }]) => (search: Search) => searchRecords(rpcApi(), search),
  ),
);

/**
 * Opens a result on this same district page without reloading it: the address takes the result's ?tab=, the board
 * script shows that tab (popstate), then the #anchor is navigated to (in the same history entry), which scrolls to it, marks it :target and
 * expands a meeting card (hashchange). Focus follows, for keyboard and screen reader users.
 */
function openOnThisPage(event: MouseEvent<HTMLAnchorElement>, href: string) {
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

export default function RecordSearch({ districtId, label, idPrefix = 'record-search', locale, messages }: Props) {
  const t = translator(locale, messages);
  const siteWide = districtId === undefined;
  const [results, setResults] = useState<RecordResult[]>([]);
  const [more, setMore] = useState(false);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [kind, setKind] = useState<RecordKind | ''>('');
  const [district, setDistrict] = useState<number | null>(districtId ?? null);
  // District names seen in results, for the site-wide page's district filter.
  const [districtNames, setDistrictNames] = useState<Map<number, string>>(new Map());
  const input = useRef<HTMLInputElement>(null);
  const sequence = useRef(0);
  // The last search answered, which 'Show more results' continues and a filter's change runs again.
  const [last, setLast] = useState<{ text: string; district: number | null; kind: RecordKind | '' } | null>(null);

  const inputId = `${idPrefix}-text`;
  const problemId = `${idPrefix}-problem`;

  async function run(text: string, options: { district: number | null; kind: RecordKind | ''; cursor?: string }) {
    const turn = ++sequence.current;
    setStatus({ state: 'loading', text });
    try {
      const search = await loadSearch();
      const page = await search({
        q: text,
        district_id: options.district,
        kinds: options.kind ? [options.kind] : null,
        page_size: RECORD_PAGE_SIZE,
        cursor: options.cursor ?? null,
      });
      if (turn !== sequence.current) return;
      setLast({ text, district: options.district, kind: options.kind });
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

  function start(options: { district: number | null; kind: RecordKind | '' }) {
    const { text, problem } = checkSearchText(input.current?.value ?? '', t);
    if (problem) {
      setStatus({ state: 'invalid', message: problem });
      input.current?.focus();
      return;
    }
    if (siteWide) history.replaceState(null, '', localizedPath(locale, recordSearchUrl(text, options.district, options.kind)));
    void run(text, options);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    start({ district, kind });
  }

  // The search page runs the search its address names (?q=, ?district=, ?kind=): a district page's form before its
  // island loaded, a shared link. Once, when the island has loaded.
  const searchFromAddress = useEffectEvent(() => {
    if (!siteWide) return;
    const params = new URLSearchParams(location.search);
    const text = params.get('q') ?? '';
    const fromAddress = districtFilter(params.get('district'));
    const kindParam = params.get('kind');
    const fromKind = RECORD_KINDS.includes(kindParam as RecordKind) ? (kindParam as RecordKind) : '';
    setDistrict(fromAddress);
    setKind(fromKind);
    // Text typed before the island loaded stays; the address's text fills the box only when there is some.
    if (input.current && text) input.current.value = text;
    if (text.trim()) start({ district: fromAddress, kind: fromKind });
  });
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is known only in the browser, once hydrated (the server rendered the form without it)
  useEffect(() => searchFromAddress(), []);

  const busy = status.state === 'loading';
  const statusText =
    status.state === 'loading'
      ? t('records.searching', { text: status.text })
      : status.state === 'done'
        ? resultsStatus(results.length, status.text, more, t)
        : status.state === 'failed' || status.state === 'invalid'
          ? status.message
          : '';
  const districtOptions = [...districtNames.entries()].sort((a, b) => collator(locale).compare(a[1], b[1]));
  if (district !== null && !districtNames.has(district)) districtOptions.unshift([district, t('records.districtNumber', { id: String(district) })]);
  /** The line above a result's title: its kind, its date (as on the cards) and, site-wide, its district. */
  const resultMeta = (result: RecordResult) =>
    [t(KIND_KEYS[result.kind].one), result.date ? formatDate(locale, result.date, 'card') : null, siteWide ? result.district_name : null].filter(Boolean).join(' · ');

  return (
    <div className="record-search">
      <form role="search" aria-label={label} action={localizedPath(locale, RECORD_SEARCH_PATH)} method="get" onSubmit={onSubmit} noValidate>
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
            onFocus={() => void loadSearch().catch(() => {})}
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
                  if (last) start({ district, kind: next });
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
                  if (last) start({ district: next, kind });
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
          </div>
        )}
      </form>
      <p className={`record-search-status${status.state === 'failed' || status.state === 'invalid' ? ' is-error' : ''}`} id={problemId} role="status" aria-live="polite">
        {statusText}
      </p>
      {results.length > 0 && (
        <ol className="record-results" aria-label={t('records.resultsLabel')}>
          {results.map((result) => (
            <li key={`${result.kind}-${result.item_id}`} className="record-result">
              <p className="record-meta">{resultMeta(result)}</p>
              <a className="record-title" href={localizedPath(locale, result.href)} lang="en" onClick={siteWide ? undefined : (event) => openOnThisPage(event, localizedPath(locale, result.href))}>
                {result.title}
              </a>
              <p className="record-snippet" lang="en">
                {snippetParts(result.snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
              </p>
            </li>
          ))}
        </ol>
      )}
      {more && status.state === 'done' && last && (
        <button type="button" className="button secondary" onClick={() => void run(last.text, { district: last.district, kind: last.kind, cursor: results.at(-1)?.cursor })}>
          {t('records.more')}
        </button>
      )}
    </div>
  );
}

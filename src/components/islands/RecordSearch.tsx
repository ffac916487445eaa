// The record search box and its results: on a district page, that board's record ('Search this board's record'),
// on the search page, every board's. The form is a plain GET form to the search page, so it works before this island
// has loaded; once loaded, it searches in place, announces the results with their count, and pages with
// 'Show more results'. On a district page, choosing a result opens its tab and brings the exact card, topic or vote
// row into view, highlighted (the page's board script and the topic island do the opening).
import { useEffect, useEffectEvent, useRef, useState, type SubmitEvent, type MouseEvent } from 'react';
import {
  KIND_LABELS,
  RECORD_PAGE_SIZE,
  RECORD_SEARCH_PATH,
  checkSearchText,
  districtFilter,
  recordSearchUrl,
  resultMeta,
  resultsStatus,
  searchFailure,
  snippetParts,
  RECORD_KINDS,
} from '../../lib/recordSearch';
import type { RecordKind, RecordResult, RecordSearch as Search } from '../../lib/data/records';
import { loadOnce } from '../../lib/browser/loadOnce';
import './RecordSearch.css';

interface Props {
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
  Promise.all([import('../../lib/browser/api'), import('../../lib/data/records')]).then(
    ([{ api }, { searchRecords }]) => (search: Search) => searchRecords(api(), search),
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

export default function RecordSearch({ districtId, label, idPrefix = 'record-search' }: Props) {
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
      setStatus({ state: 'failed', message: searchFailure(error instanceof Error ? error.message : String(error)) });
    }
  }

  function start(options: { district: number | null; kind: RecordKind | '' }) {
    const { text, problem } = checkSearchText(input.current?.value ?? '');
    if (problem) {
      setStatus({ state: 'invalid', message: problem });
      input.current?.focus();
      return;
    }
    if (siteWide) history.replaceState(null, '', recordSearchUrl(text, options.district, options.kind));
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
      ? `Searching for “${status.text}”…`
      : status.state === 'done'
        ? resultsStatus(results.length, status.text, more)
        : status.state === 'failed' || status.state === 'invalid'
          ? status.message
          : '';
  const districtOptions = [...districtNames.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  if (district !== null && !districtNames.has(district)) districtOptions.unshift([district, `District ${district}`]);

  return (
    <div className="record-search">
      <form role="search" aria-label={label} action={RECORD_SEARCH_PATH} method="get" onSubmit={onSubmit} noValidate>
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
            Search
          </button>
        </div>
        {/* The filters of the site-wide page; a district page's box stays one line, to keep its tabs in view. */}
        {siteWide && (
          <div className="record-search-filters">
            <label>
              Show{' '}
              <select
                name="kind"
                value={kind}
                onChange={(event) => {
                  const next = event.target.value as RecordKind | '';
                  setKind(next);
                  if (last) start({ district, kind: next });
                }}
              >
                <option value="">Everything</option>
                {RECORD_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {KIND_LABELS[value].many}
                  </option>
                ))}
              </select>
            </label>
            <label>
              District{' '}
              <select
                name="district"
                value={district ?? ''}
                onChange={(event) => {
                  const next = districtFilter(event.target.value);
                  setDistrict(next);
                  if (last) start({ district: next, kind });
                }}
              >
                <option value="">All districts</option>
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
        <ol className="record-results" aria-label="Search results">
          {results.map((result) => (
            <li key={`${result.kind}-${result.item_id}`} className="record-result">
              <p className="record-meta">{resultMeta(result, siteWide)}</p>
              <a className="record-title" href={result.href} onClick={siteWide ? undefined : (event) => openOnThisPage(event, result.href)}>
                {result.title}
              </a>
              <p className="record-snippet">
                {snippetParts(result.snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
              </p>
            </li>
          ))}
        </ol>
      )}
      {more && status.state === 'done' && last && (
        <button type="button" className="button secondary" onClick={() => void run(last.text, { district: last.district, kind: last.kind, cursor: results.at(-1)?.cursor })}>
          Show more results
        </button>
      )}
    </div>
  );
}

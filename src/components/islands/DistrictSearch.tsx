// The district search box: live suggestions from the database as the visitor types, following the
// WAI-ARIA combobox pattern (arrow keys move the highlight, Enter opens it, Escape closes the list).
import { useEffect, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import type { DistrictSuggestion } from '../../lib/data/districts';
import { districtPath } from '../../lib/paths';
import { loadOnce } from '../../lib/browser/loadOnce';
import {
  MAX_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
  US_STATES,
  buildSearchQuery,
  goTarget,
  highlightParts,
  moveHighlight,
  suggestionDetail,
  type SearchQuery,
} from '../../lib/districtSearch';
import { translator, type Catalogue } from '../../i18n/translate';
import { localizedPath, type Locale } from '../../i18n/locales';

/** The catalogue messages this island shows: what the page gives it (pickMessages). */
export const DISTRICT_SEARCH_KEYS = [
  'search.box.found',
  'search.box.go',
  'search.box.label',
  'search.box.list',
  'search.box.noRecords',
  'search.box.none',
  'search.box.placeholder',
  'search.box.state',
  'search.box.tryInstead',
];

interface Props {
  /** The page's language, and the island's messages in it. */
  locale: Locale;
  messages: Catalogue;
  /** Makes the ids unique when a page has more than one search box. */
  idPrefix?: string;
  /** The id of the text that explains the search box. */
  describedBy?: string;
  /** The state chosen when the page opens (a state's listing page preselects its own). */
  initialState?: string;
  /** The words in the box when the page opens (the search page shows what it found for them). */
  initialText?: string;
  /**
   * The page lists below what its address asks for (/search?q=…): the box wakes with that answer, so 'Go' and the
   * arrow keys act on it at once, but shows no second list of the same districts (nor a second 'No districts found')
   * until the reader types, picks a state or presses an arrow key.
   */
  listed?: boolean;
}

/** The suggestions on screen and the text they were found for (what the highlight marks). */
interface Found {
  key: string;
  text: string;
  suggestions: DistrictSuggestion[];
  /** The answer for the address's words, which the page lists itself (see Props.listed). */
  listed: boolean;
}

const NONE: Found = { key: '', text: '', suggestions: [], listed: false };
const queryKey = (query: SearchQuery | null) => (query ? `${query.state ?? ''}|${query.text.toLowerCase()}` : '');

type Search = (text: string, state: string | null) => Promise<DistrictSuggestion[]>;

/**
 * The live search, loaded on first use (focus or typing): the API client and the districts module (with
 * its row schemas) are not needed for the page's first load.
 */
const loadSearch = loadOnce(() =>
  Promise.all([import('../../lib/browser/rpcApi'), import('../../lib/data/districts')]).then(
    ([{ rpcApi }, { searchDistricts }]): Search =>
      (text, state) =>
        searchDistricts(rpcApi(), text, state),
  ),
);

/**
 * On the search page, the address says what was searched (/search?q=…&state=…), so the search can be shared, comes back
 * on reload and is kept by the language switch (which carries the query string). Other pages' addresses stay as they are.
 */
function reflectInAddress(query: SearchQuery | null, locale: Locale) {
  if (window.location.pathname !== localizedPath(locale, '/search')) return;
  const params = new URLSearchParams(window.location.search);
  if (query) params.set('q', query.text);
  else params.delete('q');
  if (query?.state) params.set('state', query.state);
  else params.delete('state');
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
}

/** Opens a district's page, in the page's language. */
function openDistrict(suggestion: DistrictSuggestion, locale: Locale) {
  window.location.assign(localizedPath(locale, districtPath(suggestion.id)));
}

export default function DistrictSearch({
  idPrefix = 'district-search',
  describedBy,
  initialState = '',
  initialText = '',
  listed = false,
  locale,
  messages,
}: Props) {
  const t = translator(locale, messages);
  const [text, setText] = useState(initialText);
  const [state, setState] = useState(initialState);
  const [found, setFound] = useState<Found>(NONE);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const stateRef = useRef<HTMLSelectElement>(null);
  // Every search gets a number; an answer is used only if no later search was started since. Stale answers
  // are ignored rather than aborted: aborting closes a keep-alive connection, which costs a slow phone more
  // than the small answer does.
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // 'Go' pressed before the answer for the current text arrived: go once it does (the query's key).
  const goWhenFound = useRef<string | null>(null);

  const listId = `${idPrefix}-listbox`;
  const optionId = (index: number) => `${idPrefix}-option-${index}`;
  const expanded = open && found.suggestions.length > 0;
  // The last search, for what is in the box, found nothing.
  const noMatch = found.key !== '' && found.suggestions.length === 0 && !found.listed;

  function clear() {
    clearTimeout(timer.current);
    sequence.current += 1;
    goWhenFound.current = null;
    setFound(NONE);
    setOpen(false);
    setActive(-1);
    setStatus('');
  }

  async function run(query: SearchQuery, fromAddress: boolean) {
    const mine = ++sequence.current;
    const quiet = fromAddress && listed;
    const key = queryKey(query);
    try {
      const search = await loadSearch();
      const suggestions = await search(query.text, query.state);
      if (mine !== sequence.current) return;
      setFound({ key, text: query.text, suggestions, listed: quiet });
      reflectInAddress(query, locale);
      setOpen(!quiet);
      setActive(-1);
      const told =
        suggestions.length === 0 ? t('search.box.none') : t('search.box.found', { count: suggestions.length });
      setStatus(quiet ? '' : told);
      if (goWhenFound.current === key) {
        goWhenFound.current = null;
        const target = goTarget(suggestions);
        if (target) openDistrict(target, locale);
      }
    } catch (error) {
      if (mine !== sequence.current) return;
      console.error('District search failed:', error);
      goWhenFound.current = null;
      setFound(NONE);
      setOpen(false);
      setActive(-1);
      setStatus('');
    }
  }

  /** Searches for the text and state after the debounce pause (or at once), or clears on a blank string. */
  function schedule(nextText: string, nextState: string, delay = SEARCH_DEBOUNCE_MS, fromAddress = false) {
    const query = buildSearchQuery(nextText, nextState);
    if (!query) {
      reflectInAddress(null, locale);
      return clear();
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(query, fromAddress), delay);
  }

  useEffect(() => {
    // Text typed, or a query given in the address (/search?q=...&state=..., the form's no-script
    // submission), before this island woke up is searched now.
    const params = new URLSearchParams(window.location.search);
    const typed = inputRef.current?.value || params.get('q') || '';
    const chosen = stateRef.current?.value || params.get('state')?.toUpperCase() || '';
    const knownState = (US_STATES as readonly string[]).includes(chosen) ? chosen : '';
    if (typed || knownState) {
      setText(typed.slice(0, MAX_SEARCH_LENGTH));
      setState(knownState);
      // Words typed or a state chosen before waking are the reader's own; the page's are what it may list already.
      schedule(typed, knownState, 0, typed === initialText && knownState === initialState);
    }
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = found.suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!count) return;
        event.preventDefault();
        const direction = event.key === 'ArrowDown' ? 'down' : 'up';
        setActive(expanded ? moveHighlight(active, count, direction) : moveHighlight(-1, count, direction));
        setOpen(true);
        return;
      }
      case 'Enter':
        if (expanded && active >= 0) {
          event.preventDefault();
          openDistrict(found.suggestions[active], locale);
        }
        // Otherwise the form submits: the same as pressing 'Go'.
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the boxes show is what is searched: a 'Go' pressed before the island woke (held by client:demand and sent
    // again once hydrated) arrives before the text typed meanwhile has reached the state.
    const typed = inputRef.current?.value ?? text;
    const chosen = stateRef.current?.value ?? state;
    const key = queryKey(buildSearchQuery(typed, chosen));
    if (!key) return;
    if (key === found.key) {
      const target = goTarget(found.suggestions);
      if (target) openDistrict(target, locale);
      return;
    }
    // The answer for what is in the box has not arrived yet: ask now and decide when it does.
    goWhenFound.current = key;
    schedule(typed, chosen, 0);
  }

  return (
    <form
      className="district-search"
      role="search"
      action={localizedPath(locale, '/search')}
      method="get"
      onSubmit={onSubmit}
    >
      <div className="district-search-fields">
        <div className="district-search-combo">
          <label className="visually-hidden" htmlFor={`${idPrefix}-text`}>
            {t('search.box.label')}
          </label>
          <input
            ref={inputRef}
            id={`${idPrefix}-text`}
            name="q"
            type="text"
            placeholder={t('search.box.placeholder')}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={MAX_SEARCH_LENGTH}
            role="combobox"
            aria-autocomplete="list"
            aria-describedby={describedBy}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              schedule(event.target.value, state);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => void loadSearch().catch(() => {})}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('search.box.list')}
            className="district-search-list"
            hidden={!expanded}
          >
            {found.suggestions.map((suggestion, index) => (
              // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events -- the keys act in the box (a combobox with aria-activedescendant), where focus stays
              <li
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'is-active' : undefined}
                // Keep focus in the box so the list stays open until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openDistrict(suggestion, locale)}
              >
                <span className="district-search-name" lang="en">
                  {highlightParts(suggestion.name, found.text).map((part, at) =>
                    part.match ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>,
                  )}
                </span>
                <span className="district-search-detail">{suggestionDetail(suggestion)}</span>
                {suggestion.has_records === false && (
                  <span className="district-search-coverage"> · {t('search.box.noRecords')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
        <label className="visually-hidden" htmlFor={`${idPrefix}-state`}>
          {t('search.box.state')}
        </label>
        <select
          ref={stateRef}
          id={`${idPrefix}-state`}
          name="state"
          value={state}
          onChange={(event) => {
            setState(event.target.value);
            schedule(text, event.target.value, 0);
          }}
        >
          <option value="">{t('search.box.state')}</option>
          {US_STATES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <button className="button" type="submit">
          {t('search.box.go')}
        </button>
      </div>
      {/* Announced as it changes; shown too when nothing was found, with what to try, so a sighted parent sees why
          nothing opened. */}
      <p className={noMatch ? 'district-search-none' : 'visually-hidden'} role="status">
        {status}
      </p>
      {noMatch && <p className="district-search-try">{t('search.box.tryInstead')}</p>}
    </form>
  );
}

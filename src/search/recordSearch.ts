// The record search's rules (search_records in the database): what may be searched, what the page announces and
// why a search failed, in the page's language. Pure, shared by the district page's search box and the site-wide page.
import { SEARCH_ANSWERS, type RecordKind, type RecordResult, type SearchOrder } from './data/records';
import { refusalOf } from '../lib/data/serverAnswer';
import type { Locale } from '../i18n/locales';
import { formatDate } from '../i18n/dates';
import type { Translator } from '../i18n/translate';
import { answerText, failureKind, serverTextKeys } from '../i18n/serverText';
import { readerWords } from './readerWords';
import { searchFeedUrl } from '../../supabase/functions/_shared/feedAddress';
import { BOARD_KEYS, categoryText, outcomeText, voteText, voteWord } from '../lib/record/boardWords';

/** The kinds of record a search finds, in the order the 'Show' filter lists them. */
export const RECORD_KINDS: readonly RecordKind[] = ['meeting', 'topic', 'vote'];

/** The longest text the search takes (the database refuses longer with the same code, search.too_long). */
export const MAX_RECORD_SEARCH_LENGTH = 200;
/** Results asked for at a time. */
export const RECORD_PAGE_SIZE = 20;
/** The site-wide search page. */
export const RECORD_SEARCH_PATH = '/search/records';

/** The answers a search can be refused with: the page's own (empty text) and search_records' (a refused text, too many at once). */
const RECORD_SEARCH_ANSWERS: readonly string[] = ['search.empty', ...SEARCH_ANSWERS];

/** The messages of those answers, worded by the one table of them. */
export const RECORD_SEARCH_ANSWER_KEYS = serverTextKeys(RECORD_SEARCH_ANSWERS);

/** The typed text as searched (trimmed), or why it cannot be: empty, or longer than the limit (as the server's codes word it). */
export function checkSearchText(typed: string, t: Translator): { text: string; problem: string | null } {
  const text = typed.trim();
  if (!text) return { text, problem: answerText({ code: 'search.empty' }, t, RECORD_SEARCH_ANSWERS) };
  if (text.length > MAX_RECORD_SEARCH_LENGTH)
    return {
      text,
      problem: answerText(
        { code: 'search.too_long', max: MAX_RECORD_SEARCH_LENGTH, length: text.length },
        t,
        RECORD_SEARCH_ANSWERS,
      ),
    };
  return { text, problem: null };
}

/** The search page's own examples of English search words (its intro shows them; the advice to search in English names them). */
export const RECORD_SEARCH_EXAMPLES: readonly string[] = ['"cell phones"', 'budget -bond'];

/** What a search sends and why: the reader's text, the English terms its words became, the words the glossary lacks. */
export interface SearchWords {
  /** The text sent to the search: the glossary's English terms when any of the reader's words were turned, else as typed. */
  sent: string;
  /** The English terms searched for the reader's words, in the order typed (none on an English page). */
  english: string[];
  /** The reader's words the glossary lacks (left out of the search when others were turned). */
  unknown: string[];
  /** Whether the English terms were searched as alternatives (any of them), not all together. */
  either: boolean;
}

/**
 * The search to send for the typed text, in the page's language: on a Spanish or Chinese page the reader's
 * school-board words become the record's English ones (readerWords); a text none of whose words the glossary knows
 * (English typed on a Spanish page) is searched as typed, and so is every search on an English page.
 */
export function searchWords(locale: Locale, text: string): SearchWords {
  const turned = readerWords(locale, text);
  return { sent: turned.search ?? text, english: turned.english, unknown: turned.unknown, either: turned.either };
}

/**
 * The line under the results that says what was searched: which English words the reader's were searched as
 * ('Buscamos «budget».'), and, for a word the glossary lacks, the advice to type the search in English with the page's
 * own examples. The advice is given when such a word was left out of the search, or when the text searched as typed
 * found nothing; an English page, and English typed that found something, get no line ('').
 */
export function searchWordsNotice(words: SearchWords, count: number, t: Translator, locale: Locale): string {
  const list = (items: readonly string[], type: Intl.ListFormatType) =>
    new Intl.ListFormat(locale, { type }).format(items);
  const quoted = (items: string[], type: Intl.ListFormatType = 'conjunction') =>
    list(
      items.map((text) => t('records.word', { text })),
      type,
    );
  const lines: string[] = [];
  if (words.english.length)
    lines.push(
      t('records.searchedFor', { words: quoted(words.english, words.either ? 'disjunction' : 'conjunction') }),
    );
  if (words.unknown.length && (words.english.length || count === 0))
    lines.push(
      t('records.searchInEnglish', {
        words: quoted(words.unknown),
        examples: list(RECORD_SEARCH_EXAMPLES, 'disjunction'),
      }),
    );
  return lines.join(' ');
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

/** A snippet's part as shown: its text, whether it is a match, and 'en' where it stays the record's English. */
export interface ShownSnippetPart extends SnippetPart {
  lang: 'en' | undefined;
}

/** What a translated page needs to word a vote's snippet (the board's vocabulary, and 'No vote recorded'). */
export const SNIPPET_WORD_KEYS: readonly string[] = [...BOARD_KEYS, 'board.voteGroup', 'district.voting.noVote'];

/** The English the database writes for a member with no vote (search_records' votes_by_choice). */
const NO_VOTE_RECORDED = 'No vote recorded';
/** Where a message is cut around the parts put in apart. */
const CUT = '\u0000';

/**
 * A vote's snippet in the page's language where it is the board's closed vocabulary. The database writes a vote's
 * text as 'Budget · Passed (4-1) · No: Jane Doe · Yes: John Roe, …' (category, outcome, then the members by how they
 * voted, parts apart by ' · '); each part that is a known category or outcome, and each group's vote before its ':',
 * is worded by the catalogue ('Presupuesto · Aprobada (4-1) · No: Jane Doe · Sí: John Roe'), a match staying marked.
 * Everything else (names, a cut part, words outside the vocabulary) stays as written, marked English. A meeting's
 * and a topic's snippets, and every snippet in English, are the record's words as they are.
 */
export function shownSnippet(
  parts: readonly SnippetPart[],
  kind: RecordKind,
  locale: Locale,
  t: Translator,
): ShownSnippetPart[] {
  const lang = locale === 'en' ? undefined : ('en' as const);
  if (kind !== 'vote' || locale === 'en') return parts.map((part) => ({ ...part, lang }));
  // The snippet's characters, each with its mark, cut into the parts between ' · '.
  const chars = parts.flatMap((part) => Array.from(part.text, (char) => ({ char, marked: part.marked })));
  const text = chars.map((c) => c.char).join('');
  const shown: ShownSnippetPart[] = [];
  const push = (part: ShownSnippetPart) => {
    const last = shown.at(-1);
    if (last && last.marked === part.marked && last.lang === part.lang) last.text += part.text;
    else if (part.text) shown.push({ ...part });
  };
  const asWritten = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) push({ text: chars[i].char, marked: chars[i].marked, lang });
  };
  const worded = (words: string, from: number, to: number) =>
    push({ text: words, marked: chars.slice(from, to).some((c) => c.marked), lang: undefined });
  let start = 0;
  for (const piece of text.split(' · ')) {
    const end = start + Array.from(piece).length;
    // A cut part keeps its '… ' or ' …' as written around what it holds.
    const lead = piece.startsWith('… ') ? 2 : 0;
    const trail = piece.endsWith(' …') && piece.length > lead + 2 ? 2 : 0;
    const core = piece.slice(lead, piece.length - trail);
    const from = start + lead;
    const to = end - trail;
    if (start > 0) push({ text: ' · ', marked: false, lang: undefined });
    asWritten(start, from);
    const group = /^([^:]+): /.exec(core);
    const choice = group?.[1].trim();
    // A word the vocabulary knows comes back in the page's words, without lang="en".
    const known = [categoryText(locale, t, core), outcomeText(locale, t, core)].find((words) => !words.lang);
    if (known) worded(known.text, from, to);
    else if (group && choice && (voteWord(choice) || choice === NO_VOTE_RECORDED)) {
      // The group as the language writes one ('Sí: …', '赞成：…'), the names as written.
      const [before, middle, after] = t('board.voteGroup', { vote: CUT, names: CUT }).split(CUT);
      const length = Array.from(group[1]).length;
      push({ text: before, marked: false, lang: undefined });
      worded(
        choice === NO_VOTE_RECORDED ? t('district.voting.noVote') : voteText(locale, t, choice).text,
        from,
        from + length,
      );
      push({ text: middle, marked: false, lang: undefined });
      asWritten(from + length + 2, to);
      push({ text: after, marked: false, lang: undefined });
    } else asWritten(from, to);
    asWritten(to, end);
    start = end + 3;
  }
  return shown;
}

/**
 * The words searched as the page's sentences quote them, inside their own quotes (“…”, «…»): double quotes around
 * all of them are dropped, and others made single, so '"cell phones"' reads “cell phones” and '"cell phones" policy'
 * “‘cell phones’ policy”, never “"cell phones"”.
 */
export function quotedWords(text: string): string {
  const words = text.trim();
  const whole = /^["“”«»](.*)["“”«»]$/su.exec(words);
  const inner = whole && !/["“”«»]/u.test(whole[1]) ? whole[1].trim() : words;
  let open = true;
  return inner.replace(/["“”«»]/gu, () => {
    const mark = open ? '‘' : '’';
    open = !open;
    return mark;
  });
}

/**
 * What the page announces once results arrive: for what, how many matches and how they are ordered, as the first
 * page's first result says (most relevant first, or newest first when there are more than are ranked; 'More than'
 * when the count was capped); without those, the count shown and whether more can be shown.
 */
export function resultsStatus(
  count: number,
  text: string,
  more: boolean,
  t: Translator,
  first?: Pick<RecordResult, 'ordered' | 'matches' | 'more_matches'>,
): string {
  text = quotedWords(text);
  if (count === 0) return t('records.noResults', { text });
  if (first?.ordered && first.matches !== null) {
    const key =
      first.ordered === 'relevance'
        ? 'records.matches.relevance'
        : first.more_matches
          ? 'records.matches.newestMore'
          : 'records.matches.newest';
    return t(key, { count: first.matches, text });
  }
  return t(more ? 'records.resultsMore' : 'records.results', { count: String(count), text });
}

/**
 * The line under the status when a search is newest first because it has too many matches to rank, not because the
 * reader asked: why, and what ranks them ('' otherwise).
 */
export function orderNotice(
  first: Pick<RecordResult, 'ordered'> | undefined,
  asked: SearchOrder | '',
  t: Translator,
): string {
  return first?.ordered === 'newest' && asked !== 'newest' ? t('records.order.tooMany') : '';
}

/** What a failed search says: the database's own refusal (a 400 or 429 answers its code), otherwise a plain failure. */
export function searchFailure(reason: string, t: Translator): string {
  const text = reason.trim();
  const refusal = refusalOf(text);
  if (refusal && RECORD_SEARCH_ANSWERS.includes(refusal.code)) return answerText(refusal, t, RECORD_SEARCH_ANSWERS);
  const kind = failureKind(text);
  if (kind === 'timeout' || kind === 'connection') return t('records.failed.connection');
  return t('records.failed.unavailable');
}

/** The address of the site-wide search for some text, optionally in one district, of one kind, newest first. */
export function recordSearchUrl(
  text: string,
  district?: number | null,
  kind?: RecordKind | '',
  order?: SearchOrder | '',
): string {
  const params = new URLSearchParams({ q: text });
  if (district) params.set('district', String(district));
  if (kind) params.set('kind', kind);
  if (order === 'newest') params.set('order', order);
  return `${RECORD_SEARCH_PATH}?${params}`;
}

/** What the search page's address asks for (?q=, ?district=, ?kind=, ?order=): a shared link, or a district page's form sent before its island loaded. */
export interface AddressQuery {
  /** The text as in the address (blank: nothing asked for). */
  text: string;
  district: number | null;
  kind: RecordKind | '';
  /** 'newest' when the reader asked for newest first; '' for the search's own order (best matches where it can). */
  order: SearchOrder | '';
}

/** Reads the search page's address (location.search); a district, kind or order it does not know is no filter. */
export function addressQuery(search: string): AddressQuery {
  const params = new URLSearchParams(search);
  const kind = params.get('kind');
  return {
    text: params.get('q') ?? '',
    district: districtFilter(params.get('district')),
    kind: RECORD_KINDS.includes(kind as RecordKind) ? (kind as RecordKind) : '',
    order: params.get('order') === 'newest' ? 'newest' : '',
  };
}

/**
 * What a search sends for its order: newest first when the reader asked for it; otherwise nothing, and the search
 * ranks by best match where every match can be ranked.
 */
export function sortOf(order: SearchOrder | ''): SearchOrder | null {
  return order === 'newest' ? 'newest' : null;
}

/** The catalogue keys of each kind of result, one and many ('Meeting', 'Meetings'). */
export const KIND_KEYS: Record<RecordKind, { one: string; many: string }> = {
  meeting: { one: 'records.kind.meeting', many: 'records.kind.meetings' },
  topic: { one: 'records.kind.topic', many: 'records.kind.topics' },
  vote: { one: 'records.kind.vote', many: 'records.kind.votes' },
};

/** The line above a result's title: its kind, its date (as on the cards) and, site-wide, its district. */
export function resultMeta(result: RecordResult, t: Translator, locale: Locale, siteWide: boolean): string {
  return [
    t(KIND_KEYS[result.kind].one),
    result.date ? formatDate(locale, result.date, 'card') : null,
    siteWide ? result.district_name : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The district asked for by the search page's address (?district=), or null. */
export function districtFilter(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The window event that wakes the search page's island (client:demand): its script sends it for a search link's text
 * the search cannot take, for the island to word on the box.
 */
export const RECORD_SEARCH_PAGE_DEMAND = 'record-search-page-demand';

/** The window event that loads the district page's search island (client:demand), sent when its box is first focused. */
export const RECORD_SEARCH_DEMAND = 'record-search-demand';

/**
 * The feed of the search on screen (its newest matches as Atom, for a feed reader, with no email asked): the words as
 * sent (the record's English), its district and kind, the feed's own words in the page's language.
 */
export function recordSearchFeedUrl(
  apiUrl: string,
  search: { sent: string; district: number | null; kind: RecordKind | '' },
  locale: Locale,
): string {
  return searchFeedUrl(apiUrl, {
    q: search.sent,
    district: search.district,
    state: null,
    kinds: search.kind ? [search.kind] : null,
    lang: locale,
  });
}

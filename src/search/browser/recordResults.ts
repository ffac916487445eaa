// The record search's list of results, drawn into its <ol> with the DOM alone: by the search page's own script before
// the island has woken (firstResults.ts), and by the island itself afterwards, so the two show the same list. Every
// text is set as text, never as HTML: a title or a snippet is the record's own words, and shown as written, but for a
// vote's closed vocabulary (shownSnippet).
import { localizedPath, type Locale } from '../../i18n/locales';
import type { Translator } from '../../i18n/translate';
import type { RecordResult } from '../data/records';
import { resultMeta, shownSnippet, snippetParts } from '../recordSearch';

/** An element with its class and text. */
function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  className: string | null,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** One result: its kind, date and (site-wide) district, its title linked to the card, topic or vote, and its snippet with the matching words marked. */
function resultItem(
  document: Document,
  result: RecordResult,
  t: Translator,
  locale: Locale,
  siteWide: boolean,
): HTMLLIElement {
  const item = element(document, 'li', 'record-result');
  item.append(element(document, 'p', 'record-meta', resultMeta(result, t, locale, siteWide)));
  const title = element(document, 'a', 'record-title', result.title);
  title.href = localizedPath(locale, result.href);
  title.lang = 'en';
  // The record's words stay as written (marked English on a translated page); a vote's closed vocabulary (its
  // category, outcome and each group's vote) is in the page's language.
  const snippet = element(document, 'p', 'record-snippet');
  for (const part of shownSnippet(snippetParts(result.snippet), result.kind, locale, t)) {
    const shown = element(document, part.marked ? 'mark' : 'span', null, part.text);
    if (part.lang) shown.lang = part.lang;
    snippet.append(shown);
  }
  item.append(title, snippet);
  return item;
}

/** Replaces the list's items with the results (none: an empty list, which the page hides). */
export function drawRecordResults(
  list: HTMLElement,
  results: readonly RecordResult[],
  t: Translator,
  locale: Locale,
  siteWide: boolean,
): void {
  list.replaceChildren(...results.map((result) => resultItem(list.ownerDocument, result, t, locale, siteWide)));
}

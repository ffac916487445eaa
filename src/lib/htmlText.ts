// Sanitised rich text as plain text: the one way the site turns a summary's HTML into words, for calendars and feeds
// (lines), emails' excerpts and search (one line). The database's private.plain_text, which the record search indexes,
// is held to the same cases (htmlTextCases.ts, tested on both sides).
import { convert, type HtmlToTextOptions } from 'html-to-text';

/** 'lines': paragraphs apart, list items as '- ', links with their address; 'inline': the same words on one line. */
export type TextLayout = 'lines' | 'inline';

const LINES: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, noAnchorUrl: true, linkBrackets: ['(', ')'] } },
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'img', format: 'skip' },
  ],
};

const INLINE: HtmlToTextOptions = {
  ...LINES,
  selectors: [
    ...(LINES.selectors ?? []),
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'ul', options: { itemPrefix: ' ' } },
    { selector: 'ol', format: 'unorderedList', options: { itemPrefix: ' ' } },
  ],
};

/**
 * The words of sanitised HTML (sanitize()'s output: no script, style or comment is ever there). Entities are decoded,
 * white space collapsed; 'inline' joins blocks with one space, so '<p>a</p><p>b</p>' reads 'a b' and 'a<b>c</b>' 'ac'.
 */
export function htmlToText(html: string | null | undefined, layout: TextLayout): string {
  if (!html) return '';
  const text = convert(html, layout === 'lines' ? LINES : INLINE);
  if (layout === 'inline') return text.replace(/\s+/g, ' ').trim();
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

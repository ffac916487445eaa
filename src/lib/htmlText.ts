// Sanitised rich text as plain text: the one way the site turns a summary's HTML into words, for calendars and feeds
// (lines), emails' excerpts and search (one line). The database's private.plain_text, which the record search indexes,
// is held to the same cases (htmlTextCases.ts, tested on both sides).
import { compile, type HtmlToTextOptions } from 'html-to-text';

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

/** A heading's last character when it needs no dash after it on one line ('Budget?' stays as it is). */
const HEADING_ENDS_ITSELF = /[.!?:;—]$/;

/** Where a heading's dash goes, until it is known whether text follows it (a last heading takes none). */
const DASH = '\uE001';

const INLINE: HtmlToTextOptions = {
  ...LINES,
  formatters: {
    // On one line a heading stands apart from the text after it: 'Budget — Adopted.', not 'Budget Adopted.'.
    headingApart(elem, walk, builder) {
      builder.openBlock({ leadingLineBreaks: 1 });
      walk(elem.children, builder);
      builder.closeBlock({
        trailingLineBreaks: 1,
        blockTransform: (text) =>
          text.trim() === '' || HEADING_ENDS_ITSELF.test(text.trim()) ? text : `${text}${DASH}`,
      });
    },
  },
  selectors: [
    ...(LINES.selectors ?? []),
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'headingApart' })),
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'ul', options: { itemPrefix: ' ' } },
    { selector: 'ol', format: 'unorderedList', options: { itemPrefix: ' ' } },
  ],
};

// Each layout's converter, compiled once: html-to-text's convert() compiles its options (a selector decision tree) at
// every call, which was an eighth of a build's rendering time (a calendar converts every meeting's summary).
const convertLines = compile(LINES);
const convertInline = compile(INLINE);

/**
 * The words of sanitised HTML (sanitize()'s output: no script, style or comment is ever there). Entities are decoded,
 * white space collapsed; 'inline' joins blocks with one space, so '<p>a</p><p>b</p>' reads 'a b' and 'a<b>c</b>' 'ac',
 * and ends a heading with a dash unless it ends in its own stop ('<h2>Budget</h2><p>Adopted.</p>' reads 'Budget —
 * Adopted.').
 */
export function htmlToText(html: string | null | undefined, layout: TextLayout): string {
  if (!html) return '';
  if (layout === 'inline') {
    const pieces = convertInline(html.replaceAll(DASH, ''))
      .split(DASH)
      .map((piece) => piece.replace(/\s+/g, ' ').trim());
    // A last heading (nothing after its dash) takes none.
    if (pieces.length > 1 && pieces.at(-1) === '') pieces.pop();
    return pieces.join(' — ');
  }
  const text = convertLines(html);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// THE sanitiser: every piece of rich text (meeting summaries, topic descriptions) passes through here before it
// reaches set:html or dangerouslySetInnerHTML. DOMPurify with an explicit allowlist, on whatever window it is
// given: jsdom at build and in the mail sender (node/sanitizeJsdom.ts, which keeps jsdom out of the browser bundle),
// the page's in the browser.
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';

/** HTML that went through sanitize(): the only kind of string the components render as HTML. */
export type SafeHtml = string & { readonly __safeHtml: true };

/**
 * Text formatting, lists, headings, tables and links; nothing else. No forms, frames, media, SVG, MathML,
 * style elements or attributes, event handlers, ids or classes (which could collide with the page's own).
 */
export const ALLOWED_TAGS = [
  // text formatting
  'p',
  'br',
  'hr',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'blockquote',
  'code',
  'pre',
  'kbd',
  // lists
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  // headings
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  // tables
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  // links
  'a',
  // The root DOMPurify walks from, never content: the parser merges every <body> tag of the input into it, and
  // only what is inside it is returned. Left out, DOMPurify copies the whole piece to take the root's content out
  // of it, for every piece of rich text.
  'body',
];
export const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan', 'scope', 'start', 'reversed'];
/** Links may only go to https: and mailto: addresses (no http:, javascript:, data: or relative paths). */
export const ALLOWED_URI_REGEXP = /^(?:https:|mailto:)/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  // DOMPurify checks every attribute not known to be URI-safe against ALLOWED_URI_REGEXP: these hold no URI.
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan', 'scope', 'start', 'reversed'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  KEEP_CONTENT: true,
};

/** Rich text sits under a card's own heading (h3): its headings start at this level, keeping the page outline. */
export const TOP_RICH_TEXT_HEADING = 4;

/** Moves a fragment's headings down so its highest one is TOP_RICH_TEXT_HEADING (h1/h2 would break the outline). */
export function demoteHeadings(body: HTMLElement): void {
  // getElementsByTagName, not a selector: at build, jsdom parses a selector on every call, for every piece of text.
  const headings = [...body.getElementsByTagName('*')].filter((el) => /^H[1-6]$/.test(el.tagName));
  if (headings.length === 0) return;
  const top = Math.min(...headings.map((h) => Number(h.tagName[1])));
  const shift = TOP_RICH_TEXT_HEADING - top;
  if (shift <= 0) return;
  for (const heading of headings) {
    const level = Math.min(6, Number(heading.tagName[1]) + shift);
    const replacement = body.ownerDocument.createElement(`h${level}`);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
}

/**
 * The bounds of one piece of rich text, checked before the sanitiser parses it: parsing into a DOM takes time that
 * grows faster than the text with the depth of its tags (a summary of 100,000 nested tags held a build for minutes).
 * Written minutes are a few thousand words in a few levels of lists and tables; a piece over a bound is not shown,
 * and whoever read it reports it by table and id.
 */
export const RICH_TEXT_LIMITS = {
  characters: 100_000,
  /** Levels of elements inside one another. */
  depth: 50,
  /** Elements in all, counting those the parser makes itself (it re-opens unclosed formatting tags, for example). */
  elements: 25_000,
} as const;

/** Why a piece of rich text is too long to parse, or null. The cheap part of the bounds, checked everywhere. */
export function richTextSizeProblem(html: string): string | null {
  return html.length > RICH_TEXT_LIMITS.characters
    ? `is ${html.length.toLocaleString('en-US')} characters long, over the ${RICH_TEXT_LIMITS.characters.toLocaleString('en-US')} allowed`
    : null;
}

/** Sanitises rich text; `enhance` may then change the sanitised DOM (e.g. turn time stamps into buttons). */
export type Sanitize = (html: string | null | undefined, enhance?: (body: HTMLElement) => void) => SafeHtml;

/**
 * A sanitiser on the given window (jsdom's at build, the page's in the browser). Text for which `outOfBounds` gives a
 * reason is never parsed and comes back empty: the length alone by default (a browser's own parser caps the depth),
 * the whole of RICH_TEXT_LIMITS on jsdom (see sanitizeJsdom.ts).
 */
export function createSanitizer(
  win: WindowLike,
  outOfBounds: (html: string) => string | null = richTextSizeProblem,
): Sanitize {
  const purify: DOMPurify = createDOMPurify(win);
  // Set once: a config passed to every sanitize() call is parsed again on every call (a tenth of the build's
  // sanitising time).
  purify.setConfig({ ...CONFIG, RETURN_DOM: true });
  return (html, enhance) => {
    if (!html || outOfBounds(html) !== null) return '' as SafeHtml;
    const body = purify.sanitize(html) as unknown as HTMLElement; // RETURN_DOM, set above
    demoteHeadings(body);
    enhance?.(body);
    return body.innerHTML as SafeHtml;
  };
}

let browserSanitize: Sanitize | undefined;

/** Sanitises rich text in the browser (districts rendered from live data). */
export const sanitize: Sanitize = (html, enhance) => {
  browserSanitize ??= createSanitizer(window);
  return browserSanitize(html, enhance);
};

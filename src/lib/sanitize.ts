// THE sanitiser: every piece of rich text (meeting summaries, topic descriptions) passes through here before it
// reaches set:html or dangerouslySetInnerHTML. DOMPurify with an explicit allowlist, on whatever window it is
// given: jsdom at build (see sanitize-build.ts, which keeps jsdom out of the browser bundle), the page's in the browser.
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';

/** HTML that went through sanitize(): the only kind of string the components render as HTML. */
export type SafeHtml = string & { readonly __safeHtml: true };

/**
 * Text formatting, lists, headings, tables and links; nothing else. No forms, frames, media, SVG, MathML,
 * style elements or attributes, event handlers, ids or classes (which could collide with the page's own).
 */
export const ALLOWED_TAGS = [
  // text formatting
  'p', 'br', 'hr', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'abbr', 'cite', 'q', 'blockquote', 'code', 'pre', 'kbd',
  // lists
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  // headings
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  // tables
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  // links
  'a',
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

/** Sanitises rich text; `enhance` may then change the sanitised DOM (e.g. turn time stamps into buttons). */
export type Sanitize = (html: string | null | undefined, enhance?: (body: HTMLElement) => void) => SafeHtml;

/** A sanitiser on the given window (jsdom's at build, the page's in the browser). */
export function createSanitizer(win: WindowLike): Sanitize {
  const purify: DOMPurify = createDOMPurify(win);
  return (html, enhance) => {
    if (!html) return '' as SafeHtml;
    const body = purify.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as HTMLElement;
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

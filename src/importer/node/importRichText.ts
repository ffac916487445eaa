// Rich text an import brings: Markdown made HTML through marked, and what the site's sanitiser would drop from it,
// found by parsing it as the browser does (parse5) and, only when it holds more than the allowlist, sanitising it.
import { createRequire } from 'node:module';
import { marked } from 'marked';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { ALLOWED_ATTR, ALLOWED_TAGS, ALLOWED_URI_REGEXP, type Sanitize } from '../../lib/sanitize.ts';

/** Markdown as HTML (CommonMark and GitHub's tables, through marked), without the trailing new line. */
export function markdownToHtml(markdown: string): string {
  return (marked.parse(markdown, { async: false, gfm: true }) as string).trim();
}

type Node = DefaultTreeAdapterTypes.ChildNode;
type Parent = DefaultTreeAdapterTypes.ParentNode;

const TAGS = new Set(ALLOWED_TAGS);
const ATTRS = new Set(ALLOWED_ATTR);
const UNSAFE_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
  'noscript',
]);
const UNSAFE_URL = /^\s*(?:javascript|vbscript|data):/i;

/** What rich text holds, as the browser parses it: each tag, attribute and link by name, counted. */
function inventory(html: string): { items: Map<string, number>; unsafe: string[]; outside: boolean } {
  const items = new Map<string, number>();
  const unsafe: string[] = [];
  let outside = false;
  const count = (item: string) => items.set(item, (items.get(item) ?? 0) + 1);
  const walk = (parent: Parent) => {
    for (const node of parent.childNodes as Node[]) {
      if (node.nodeName === '#comment') {
        outside = true;
        count('a comment');
        continue;
      }
      if (!('tagName' in node)) continue;
      const tag = node.tagName.toLowerCase();
      const heading = /^h[1-6]$/.test(tag);
      if (!TAGS.has(tag)) outside = true;
      if (UNSAFE_TAGS.has(tag)) unsafe.push(`<${tag}>`);
      count(heading ? 'a heading' : `<${tag}>`);
      for (const { name, value } of node.attrs) {
        const attr = name.toLowerCase();
        if (!ATTRS.has(attr)) outside = true;
        if (attr.startsWith('on')) unsafe.push(`the ${attr} attribute`);
        if (attr === 'href' || attr === 'src' || attr === 'action' || attr === 'formaction' || attr === 'xlink:href') {
          if (!ALLOWED_URI_REGEXP.test(value.trim())) outside = true;
          if (UNSAFE_URL.test(value)) unsafe.push(`a link to ${value.trim().slice(0, 40)}`);
          count(`${attr}="${value.trim()}"`);
        } else {
          count(`the ${attr} attribute`);
        }
      }
      walk(node.nodeName === 'template' ? (node as unknown as { content: Parent }).content : node);
    }
  };
  walk(parseFragment(html));
  return { items, unsafe, outside };
}

let sanitizer: Sanitize | undefined;

// Rich text in which every '<' opens or closes an allowed tag with no attribute, or a link to an https or mailto
// address, holds nothing the sanitiser drops: most summaries are such, and need no parsing here (the build parses
// and sanitises them anyway). Anything else is parsed.
const BARE_TAG = new RegExp(`<(?:/?(?:${ALLOWED_TAGS.join('|')})\\s*/?|a href="(?:https:|mailto:)[^"<>]*"|/a)>`, 'gi');
const plainlyAllowed = (html: string) => !html.replace(BARE_TAG, '').includes('<');

/**
 * What the site's sanitiser would drop from rich text, as short phrases ('<div> (its text stays)', 'the style
 * attribute', 'a link to http://…'), and whether any of it is unsafe (a script, an event handler, a javascript: link):
 * such text is refused. Text inside the allowlist is never given to the sanitiser (it keeps all of it).
 */
export function richTextDrops(html: string): { dropped: string[]; unsafe: string[] } {
  if (plainlyAllowed(html)) return { dropped: [], unsafe: [] };
  const before = inventory(html);
  if (!before.outside) return { dropped: [], unsafe: [] };
  // Loaded the first time rich text needs it: jsdom takes seconds to load, and most imports never need it.
  sanitizer ??= (
    createRequire(import.meta.url)(
      '../../lib/node/sanitizeJsdom.ts',
    ) as typeof import('../../lib/node/sanitizeJsdom.ts')
  ).createJsdomSanitizer();
  const after = inventory(sanitizer(html)).items;
  const dropped: string[] = [];
  for (const [item, n] of before.items) {
    const lost = n - (after.get(item) ?? 0);
    if (lost <= 0 || item === 'a heading') continue;
    const phrase = item.startsWith('href=')
      ? `a link to ${item.slice(6, -1)}`
      : item.startsWith('<') && !UNSAFE_TAGS.has(item.slice(1, -1))
        ? `${item} (its text stays)`
        : item;
    dropped.push(lost > 1 ? `${phrase} ×${lost}` : phrase);
  }
  return { dropped, unsafe: [...new Set(before.unsafe)] };
}

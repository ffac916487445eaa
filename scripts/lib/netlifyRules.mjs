// The redirects and headers of netlify.toml, applied the way Netlify applies them, so the local server (npm start, the
// browser tests, bench:pages) answers as the deployed site does. Only what this site's rules use: exact and `*` paths,
// `:name` placeholders in query matches, 301/302 redirects and 404 rewrites (a language's own not-found page), forced
// or shadowed by an existing file, and headers by path.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * @typedef {{ from: string, to: string, status?: number, force?: boolean, query?: Record<string, string> }} Redirect
 * @typedef {{ for: string, values: Record<string, string> }} HeaderRule
 * @typedef {{ redirects: Redirect[], headers: HeaderRule[] }} NetlifyRules
 */

/**
 * The rules of a netlify.toml file.
 * @param {string} file
 * @returns {NetlifyRules}
 */
export function readNetlifyRules(file) {
  return parseNetlifyRules(readFileSync(file, 'utf8'));
}

/**
 * The rules of a netlify.toml file's text (the search page's function reads its headers from the file bundled in it).
 * @param {string} text
 * @returns {NetlifyRules}
 */
export function parseNetlifyRules(text) {
  const config = /** @type {{ redirects?: Redirect[], headers?: HeaderRule[] }} */ (parse(text));
  return { redirects: config.redirects ?? [], headers: config.headers ?? [] };
}

/**
 * Whether a rule's path pattern matches a path: exact ('/search'), or with '*' standing for any text.
 * @param {string} pattern
 * @param {string} pathname
 */
export function pathMatches(pattern, pathname) {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(pathname);
}

/**
 * Where a request goes by the redirect rules, or null when no rule applies: the first rule whose path matches, whose
 * query parameters are all present with a value (each `:name` then stands for it in `to`), and which is forced or
 * finds no file at the path. A `to` without a query string passes the request's query string on, as Netlify does.
 * @param {NetlifyRules} rules
 * @param {URL} url
 * @param {boolean} fileExists
 * @returns {{ status: number, location: string } | null}
 */
export function redirectFor(rules, url, fileExists) {
  for (const rule of rules.redirects) {
    if (!pathMatches(rule.from, url.pathname)) continue;
    /** @type {Record<string, string>} */
    const values = {};
    let matched = true;
    for (const [name, placeholder] of Object.entries(rule.query ?? {})) {
      const value = url.searchParams.get(name);
      if (!value) matched = false;
      else values[String(placeholder).replace(/^:/, '')] = value;
    }
    if (!matched || (!rule.force && fileExists)) continue;
    let location = String(rule.to).replace(/:([A-Za-z_]\w*)/g, (whole, name) =>
      name in values ? encodeURIComponent(values[name]) : whole,
    );
    if (!location.includes('?') && url.search) location += url.search;
    return { status: rule.status ?? 301, location };
  }
  return null;
}

/**
 * The headers every matching [[headers]] rule adds to a path, later rules winning.
 * @param {NetlifyRules} rules
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const rule of rules.headers) if (pathMatches(rule.for, pathname)) Object.assign(found, rule.values);
  return found;
}

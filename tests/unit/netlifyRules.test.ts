// The local server applies netlify.toml's redirects and headers as Netlify does: the rules, and the site's own file.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFor, pathMatches, readNetlifyRules, redirectFor } from '../../scripts/lib/netlifyRules.mjs';

const site = readNetlifyRules(join(resolve(import.meta.dirname, '../..'), 'netlify.toml'));
const url = (path: string) => new URL(path, 'https://example.org');

describe('pathMatches', () => {
  it.each([
    ['/search', '/search', true],
    ['/search', '/search/records', false],
    ['/_astro/*', '/_astro/x.js', true],
    ['/*/votes.csv', '/1/votes.csv', true],
    ['/*/votes.csv', '/1/votes.json', false],
    ['/*', '/anything/at/all', true],
  ])('%s matches %s: %s', (pattern, path, expected) => expect(pathMatches(pattern, path)).toBe(expected));
});

describe("the site's redirects leave the district search to its function", () => {
  // /search is rendered on demand (a Netlify function, which Netlify asks before any redirect rule): no rule of
  // netlify.toml sends its form elsewhere, with a state chosen or not (under /es/ and /zh/ only the catch-all
  // not-found rule would match, which the function comes before).
  it.each(['/search?q=palo&state=CA', '/search?state=WY', '/search?q=palo', '/search'])('%s → no rule', (path) =>
    expect(redirectFor(site, url(path), false)).toBeNull(),
  );
});

describe("the site's rules in Spanish and Chinese", () => {
  it.each([
    // A missing page under a language is that language's not-found page (a 404 rewrite); an existing one is served.
    ['/es/no-such-page', false, { status: 404, location: '/es/404.html' }],
    ['/zh/123456', false, { status: 404, location: '/zh/404.html' }],
    ['/es/1', true, null],
    ['/no-such-page', false, null],
  ])('%s (file exists: %s) → %j', (path, exists, expected) =>
    expect(redirectFor(site, url(path), exists)).toEqual(expected),
  );
});

describe('redirectFor: Netlify rules', () => {
  const rules = {
    redirects: [
      { from: '/old', to: '/new', status: 301 },
      { from: '/item', to: '/items/:id', status: 302, query: { id: ':id' } },
      { from: '/forced', to: '/elsewhere', force: true },
    ],
    headers: [],
  };
  it.each([
    ['/old', false, { status: 301, location: '/new' }],
    // Shadowing: a rule that is not forced gives way to a file at its path.
    ['/old', true, null],
    ['/old?x=1', false, { status: 301, location: '/new?x=1' }],
    ['/item?id=a%2Fb', false, { status: 302, location: '/items/a%2Fb?id=a%2Fb' }],
    ['/item', false, null],
    ['/forced', true, { status: 301, location: '/elsewhere' }],
    ['/other', false, null],
  ])('%s (a file there: %s) → %j', (path, exists, expected) =>
    expect(redirectFor(rules, url(path), exists)).toEqual(expected),
  );
});

describe("the site's headers", () => {
  it('adds the security headers everywhere and the right types to feeds', () => {
    expect(headersFor(site, '/1')).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "frame-ancestors 'none'",
    });
    expect(headersFor(site, '/1/summaries.xml')['Content-Type']).toMatch(/^application\/rss\+xml/);
    expect(headersFor(site, '/_astro/app.js')['Cache-Control']).toMatch(/immutable/);
  });
});

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

describe("the site's redirects: the district search without JavaScript", () => {
  it.each([
    ['/search?q=palo&state=CA', { status: 302, location: '/states/CA?q=palo&state=CA' }],
    ['/search?state=WY', { status: 302, location: '/states/WY?state=WY' }],
    // No state chosen ('State' means no filter): /search itself lists every state.
    ['/search?q=palo&state=', null],
    ['/search?q=palo', null],
    ['/search', null],
    ['/search/records?state=CA', null],
  ])('%s → %j', (path, expected) => expect(redirectFor(site, url(path), true)).toEqual(expected));
});

describe("the site's rules in Spanish and Chinese", () => {
  it.each([
    // Each language's search without JavaScript leads to its own state listing.
    ['/es/search?q=palo&state=CA', true, { status: 302, location: '/es/states/CA?q=palo&state=CA' }],
    ['/zh/search?state=WY', true, { status: 302, location: '/zh/states/WY?state=WY' }],
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

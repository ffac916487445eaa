// The route a page's path stands for, which the navigation bar marks as the current page.
import { describe, expect, it } from 'vitest';
import { routeOf, canonicalPath } from '../../src/lib/paths';

describe.each([
  ['/', '/'],
  ['/index.html', '/'],
  ['/index', '/'],
  ['/about', '/about'],
  ['/about.html', '/about'],
  ['/about/', '/about'],
  ['/1', '/1'],
  ['/search.html', '/search'],
])('routeOf(%j)', (pathname, route) => {
  it(`is ${route}`, () => expect(routeOf(pathname)).toBe(route));
});

describe('canonicalPath: the address a page is served at', () => {
  it.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/about.html', '/about'],
    ['/about', '/about'],
    ['/1.html', '/1'],
    ['/1/members/ann-lee.html', '/1/members/ann-lee'],
    ['/states/CA.html', '/states/CA'],
    ['/search/index.html', '/search'],
  ])('%s → %s', (pathname, expected) => {
    expect(canonicalPath(pathname)).toBe(expected);
  });
});

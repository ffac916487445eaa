// The route a page's path stands for, which the navigation bar marks as the current page.
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../src/lib/paths';

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

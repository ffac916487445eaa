// Which paths the 404 page renders as a live district, and how a missing district is recognised.
import { describe, expect, it } from 'vitest';
import { buildsDistrictPage, districtIdFromPath, isNoRowError } from '../livePath';
import { pageUrl } from '../share';

describe('districtIdFromPath: /{digits} is a district, anything else is not', () => {
  it.each([
    ['/1', 1],
    ['/900123', 900123],
    ['/42/', 42],
    ['/404', 404],
    ['/es/404', 404],
    ['/0', null],
    ['/', null],
    ['/about', null],
    ['/12a', null],
    ['/1/2', null],
    ['/-3', null],
    ['/99999999999999999999', null],
  ])('%s → %j', (path, id) => {
    expect(districtIdFromPath(path)).toBe(id);
  });
});

describe('isNoRowError: PostgREST found no district', () => {
  it.each([
    ['JSON object requested, multiple (or no) rows returned', true],
    ['The result contains 0 rows', true],
    ['TypeError: Failed to fetch', false],
    ['permission denied for table districts', false],
  ])('%s → %j', (message, expected) => {
    expect(isNoRowError(new Error(message))).toBe(expected);
  });
});

describe('pageUrl: origin and path, without query or hash', () => {
  it('drops the query and the hash', () => {
    expect(pageUrl(new URL('https://example.org/1?tab=voting#x'))).toBe('https://example.org/1');
  });
});

describe("buildsDistrictPage: every district page but the one at the not-found page's address", () => {
  it.each([
    ['1', true],
    ['40', true],
    ['4040', true],
    ['404', false],
  ])('%s → %j', (id, built) => {
    expect(buildsDistrictPage(id)).toBe(built);
  });
});

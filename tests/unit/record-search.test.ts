// The record search's rules: what may be searched, how a snippet becomes text and marks, what a result and the
// status say, and the search page's address.
import { describe, expect, it } from 'vitest';
import { checkSearchText, districtFilter, recordSearchUrl, resultMeta, resultsStatus, searchFailure, snippetParts } from '../../src/lib/recordSearch';

describe('checkSearchText', () => {
  it.each([
    ['  cell phones ', { text: 'cell phones', problem: null }],
    ['', { text: '', problem: 'Type a word or a phrase to search for.' }],
    ['   ', { text: '', problem: 'Type a word or a phrase to search for.' }],
    ['a'.repeat(200), { text: 'a'.repeat(200), problem: null }],
    ['a'.repeat(201), { text: 'a'.repeat(201), problem: 'Search text can be at most 200 characters; this is 201.' }],
  ])('%j → %j', (typed, expected) => {
    expect(checkSearchText(typed)).toEqual(expected);
  });
});

describe('snippetParts', () => {
  it.each([
    ['plain', [{ text: 'plain', marked: false }]],
    ['a <mark>cell</mark> <mark>phone</mark> ban', [
      { text: 'a ', marked: false }, { text: 'cell', marked: true }, { text: ' ', marked: false }, { text: 'phone', marked: true }, { text: ' ban', marked: false },
    ]],
    ['<mark>Budget</mark> · Passed', [{ text: 'Budget', marked: true }, { text: ' · Passed', marked: false }]],
    // Escaped text stays text: the page shows the characters, never markup.
    ['&lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>more</mark>', [{ text: '<script>alert(1)</script> & ', marked: false }, { text: 'more', marked: true }]],
    ['&amp;lt; stays &quot;&amp;lt;&quot;', [{ text: '&lt; stays "&lt;"', marked: false }]],
    ['', []],
  ])('%j', (snippet, parts) => {
    expect(snippetParts(snippet)).toEqual(parts);
  });
});

describe('resultMeta', () => {
  it.each([
    [{ kind: 'meeting', date: '2025-02-11', district_name: 'Palo Alto' }, false, 'Meeting · 02/11/25'],
    [{ kind: 'topic', date: null, district_name: 'Palo Alto' }, false, 'Topic'],
    [{ kind: 'vote', date: '2024-11-12', district_name: 'Palo Alto' }, true, 'Vote · 11/12/24 · Palo Alto'],
    [{ kind: 'topic', date: null, district_name: 'Los Altos' }, true, 'Topic · Los Altos'],
  ] as const)('%j (district named: %s) → %j', (result, withDistrict, expected) => {
    expect(resultMeta(result, withDistrict)).toBe(expected);
  });
});

describe('resultsStatus', () => {
  it.each([
    [0, 'qq', false, 'No results for “qq”.'],
    [1, 'solar', false, '1 result for “solar”.'],
    [5, 'budget', false, '5 results for “budget”.'],
    [20, 'board', true, '20 results for “board”. More are available.'],
  ])('%i for %j (more: %s) → %j', (count, text, more, expected) => {
    expect(resultsStatus(count, text, more)).toBe(expected);
  });
});

describe('searchFailure', () => {
  it.each([
    ['search text is longer than 200 characters', 'Search text can be at most 200 characters.'],
    ['TypeError: Failed to fetch', 'The search could not reach the server. Check your connection and try again.'],
    ['AbortError: The operation was aborted', 'The search could not reach the server. Check your connection and try again.'],
    ['canceling statement due to statement timeout', 'The search is not available just now. Please try again in a moment.'],
    ['<html><body>502 Bad Gateway</body></html>', 'The search is not available just now. Please try again in a moment.'],
    ['Too many searches at once from your connection. Wait for one to finish, then search again.', 'Too many searches at once from your connection. Wait for one to finish, then search again.'],
    ['Add a word to look for: a search only of words to leave out (-word) would list the whole record.', 'Add a word to look for: a search only of words to leave out (-word) would list the whole record.'],
    ['Search for at most 10 words at a time; this search has 11.', 'Search for at most 10 words at a time; this search has 11.'],
    ['Leave out at most 5 words at a time; this search leaves out 6.', 'Leave out at most 5 words at a time; this search leaves out 6.'],
    ['Too many searches at once from your connection. <script>', 'The search is not available just now. Please try again in a moment.'],
  ])('%j → %j', (reason, expected) => {
    expect(searchFailure(reason)).toBe(expected);
  });
});

describe('the search page address', () => {
  it.each([
    ['cell phones', null, '/search/records?q=cell+phones'],
    ['"a & b"', 2, '/search/records?q=%22a+%26+b%22&district=2'],
  ])('%j in %j → %j', (text, district, url) => {
    expect(recordSearchUrl(text, district)).toBe(url);
  });

  it('names the kind when one is chosen', () => {
    expect(recordSearchUrl('bond', null, 'vote')).toBe('/search/records?q=bond&kind=vote');
    expect(recordSearchUrl('bond', 3, '')).toBe('/search/records?q=bond&district=3');
  });

  it.each([
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('?district=%j → %j', (value, expected) => {
    expect(districtFilter(value)).toBe(expected);
  });
});

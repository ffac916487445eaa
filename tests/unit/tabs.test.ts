// The Board Breakdown tab rules: ?tab= parsing (case-insensitive, default Meetings) and arrow-key movement.
import { describe, expect, it } from 'vitest';
import { nextTabIndex, parseTab, tabFromSearch } from '../../src/lib/tabs';

describe('parseTab: ?tab= chooses a tab case-insensitively, default Meetings', () => {
  it.each([
    ['topics', 'topics'],
    ['Topics', 'topics'],
    ['TOPICS', 'topics'],
    ['votinganalysis', 'voting'],
    ['VotingAnalysis', 'voting'],
    ['voting', 'voting'],
    ['Voting', 'voting'],
    ['meetings', 'meetings'],
    ['Meetings', 'meetings'],
    ['summaries', 'meetings'],
    ['SUMMARIES', 'meetings'],
    [' topics ', 'topics'],
    ['', 'meetings'],
    [null, 'meetings'],
    [undefined, 'meetings'],
    ['votes', 'meetings'],
    ['topic', 'meetings'],
  ])('%j → %s', (value, tab) => {
    expect(parseTab(value)).toBe(tab);
  });
});

describe('tabFromSearch: reads the tab parameter of a query string', () => {
  it.each([
    ['?tab=topics', 'topics'],
    ['?tab=Meetings', 'meetings'],
    ['?foo=1&tab=VOTING', 'voting'],
    ['?tab=topics&tab=voting', 'topics'],
    ['', 'meetings'],
    ['?tab=', 'meetings'],
  ])('%s → %s', (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab);
  });
});

describe('nextTabIndex: arrows wrap around, Home and End jump to the ends', () => {
  it.each([
    [0, 'ArrowRight', 1],
    [2, 'ArrowRight', 0],
    [0, 'ArrowDown', 1],
    [0, 'ArrowLeft', 2],
    [1, 'ArrowLeft', 0],
    [1, 'ArrowUp', 0],
    [1, 'Home', 0],
    [1, 'End', 2],
    [1, 'Enter', null],
    [1, 'a', null],
  ])('from %i, %s → %s', (index, key, next) => {
    expect(nextTabIndex(index, key, 3)).toBe(next);
  });

  it('moves nowhere in an empty tab list', () => {
    expect(nextTabIndex(0, 'ArrowRight', 0)).toBeNull();
  });
});

// The Board Breakdown tab rules: ?tab= parsing (case-insensitive, default Meetings), tab addresses and panels.
import { describe, expect, it } from 'vitest';
import { boardPanel, nextTabIndex, parseTab, tabFromSearch, tabHref } from '../tabs';

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
    ['constructor', 'meetings'],
    ['toString', 'meetings'],
    ['__proto__', 'meetings'],
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

describe('boardPanel: a tab panel named by its tab, Meetings shown first', () => {
  it.each([
    [
      'meetings',
      { role: 'tabpanel', id: 'panel-meetings', 'aria-labelledby': 'tab-meetings', tabIndex: 0, hidden: false },
    ],
    ['topics', { role: 'tabpanel', id: 'panel-topics', 'aria-labelledby': 'tab-topics', tabIndex: 0, hidden: true }],
    ['voting', { role: 'tabpanel', id: 'panel-voting', 'aria-labelledby': 'tab-voting', tabIndex: 0, hidden: true }],
  ] as const)('%s', (tab, attributes) => {
    expect(boardPanel(tab)).toEqual(attributes);
  });
});

describe("boardPanel: the active tab's panel shown, the others hidden", () => {
  it.each([
    ['meetings', 'topics', true],
    ['topics', 'topics', false],
    ['voting', 'voting', false],
  ] as const)('%s when %s is active: hidden=%s', (tab, active, hidden) => {
    expect(boardPanel(tab, active).hidden).toBe(hidden);
  });
});

describe('tabHref: a tab is a link carrying ?tab=', () => {
  it.each([
    ['meetings', '?tab=meetings'],
    ['topics', '?tab=topics'],
    ['voting', '?tab=voting'],
  ] as const)('%s → %s', (tab, href) => expect(tabHref(tab)).toBe(href));
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

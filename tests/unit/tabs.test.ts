// The Board Breakdown tab rules: ?tab= parsing (case-insensitive, default Meetings), arrow-key movement and the
// inline script that opens the ?tab= tab before the first paint.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB, TABS, boardPanel, nextTabIndex, panelId, parseTab, tabFromSearch, tabId, tabPreselectScript, type TabName } from '../../src/lib/tabs';

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

describe('boardPanel: a tab panel named by its tab, Meetings shown first', () => {
  it.each([
    ['meetings', { role: 'tabpanel', id: 'panel-meetings', 'aria-labelledby': 'tab-meetings', tabIndex: 0, hidden: false }],
    ['topics', { role: 'tabpanel', id: 'panel-topics', 'aria-labelledby': 'tab-topics', tabIndex: 0, hidden: true }],
    ['voting', { role: 'tabpanel', id: 'panel-voting', 'aria-labelledby': 'tab-voting', tabIndex: 0, hidden: true }],
  ] as const)('%s', (tab, attributes) => {
    expect(boardPanel(tab)).toEqual(attributes);
  });
});

describe('tabPreselectScript: opens the ?tab= tab in the server-rendered markup by the same rule as tabFromSearch', () => {
  /** The server-rendered Board Breakdown (Meetings open) as the few element properties the script touches. */
  function serverMarkup() {
    const elements = new Map<string, { attributes: Record<string, string>; tabIndex: number; hidden: boolean; setAttribute(name: string, value: string): void }>();
    for (const tab of TABS) {
      const open = tab === DEFAULT_TAB;
      const element = (attributes: Record<string, string>) => ({
        attributes,
        tabIndex: open ? 0 : -1,
        hidden: !open,
        setAttribute(name: string, value: string) {
          this.attributes[name] = value;
        },
      });
      elements.set(tabId(tab), element({ 'aria-selected': String(open) }));
      elements.set(panelId(tab), element({}));
    }
    return elements;
  }

  function openTabAfterScript(search: string) {
    const elements = serverMarkup();
    const document = { getElementById: (id: string) => elements.get(id) ?? null };
    new Function('document', 'location', tabPreselectScript())(document, { search });
    const selected = TABS.filter((tab) => elements.get(tabId(tab))!.attributes['aria-selected'] === 'true');
    const focusable = TABS.filter((tab) => elements.get(tabId(tab))!.tabIndex === 0);
    const shown = TABS.filter((tab) => !elements.get(panelId(tab))!.hidden);
    return { selected, focusable, shown };
  }

  it.each([
    ['?tab=topics', 'topics'],
    ['?tab=TOPICS', 'topics'],
    ['?tab=VotingAnalysis', 'voting'],
    ['?tab=voting', 'voting'],
    ['?tab=Meetings', 'meetings'],
    ['?tab=summaries', 'meetings'],
    ['?tab=%20topics%20', 'topics'],
    ['?foo=1&tab=VOTING', 'voting'],
    ['?tab=nonsense', 'meetings'],
    ['?tab=', 'meetings'],
    ['', 'meetings'],
  ])('%j opens only %s', (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab);
    const only: TabName[] = [tab as TabName];
    expect(openTabAfterScript(search)).toEqual({ selected: only, focusable: only, shown: only });
  });

  it('leaves a page without the Board Breakdown alone', () => {
    const run = () => new Function('document', 'location', tabPreselectScript())({ getElementById: () => null }, { search: '?tab=topics' });
    expect(run).not.toThrow();
  });
});

// The Board Breakdown tabs: their names and labels, their addresses, the ?tab= rule and arrow-key movement (the
// topic bar's; the board script carries the same keys for the Board Breakdown).

/** The three tabs, in order. */
export const TABS = ['meetings', 'topics', 'voting'] as const;
export type TabName = (typeof TABS)[number];

/** What each tab button says: its message in the catalogues ('Summaries', 'Topics', 'Voting'). */
export const TAB_KEYS = {
  meetings: 'district.tabs.meetings',
  topics: 'district.tabs.topics',
  voting: 'district.tabs.voting',
} as const satisfies Record<TabName, string>;

export const DEFAULT_TAB: TabName = 'meetings';

// Every spelling ?tab= accepts, lower-cased: 'topics', 'votinganalysis' or 'voting', 'meetings' or 'summaries'.
export const TAB_ALIASES: Record<string, TabName> = {
  topics: 'topics',
  votinganalysis: 'voting',
  voting: 'voting',
  meetings: 'meetings',
  summaries: 'meetings',
};

/** The tab chosen by the ?tab= query value, case-insensitively; anything else (or nothing) is Meetings. */
export function parseTab(value: string | null | undefined): TabName {
  if (!value) return DEFAULT_TAB;
  const name = value.trim().toLowerCase();
  // Own names only: ?tab=constructor is no tab, though every object answers to it.
  return Object.hasOwn(TAB_ALIASES, name) ? TAB_ALIASES[name] : DEFAULT_TAB;
}

/** The tab chosen by a page address's query string (`?tab=...`). */
export function tabFromSearch(search: string): TabName {
  return parseTab(new URLSearchParams(search).get('tab'));
}

/**
 * Where focus goes from tab `index` when `key` is pressed in a tab list of `count` tabs (WAI-ARIA tabs pattern:
 * arrows wrap around, Home and End jump to the ends); null when the key does not move focus.
 */
export function nextTabIndex(index: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The id of a tab button and of the panel it controls. */
export const tabId = (tab: TabName) => `tab-${tab}`;
export const panelId = (tab: TabName) => `panel-${tab}`;
/** The id of the 'Board Breakdown' heading, which names the section and its tab list. */
export const BOARD_BREAKDOWN_HEADING_ID = 'board-breakdown-heading';

/** A tab's address: the page with `?tab=` (a link that works, and can be shared, before any script runs). */
export function tabHref(tab: TabName): string {
  return `?tab=${tab}`;
}

/**
 * A panel's attributes, as it is first rendered: the active tab's panel shown, the others hidden (the server renders
 * Meetings; the board script in browser/boardScript.ts shows the ?tab= tab before the first paint and on every choice).
 */
export function boardPanel(tab: TabName, active: TabName = DEFAULT_TAB) {
  return {
    role: 'tabpanel',
    id: panelId(tab),
    'aria-labelledby': tabId(tab),
    tabIndex: 0,
    hidden: tab !== active,
  } as const;
}

// The Board Breakdown tabs: their names and labels, the ?tab= rule and arrow-key movement between them.

/** The three tabs, in order. */
export const TABS = ['meetings', 'topics', 'voting'] as const;
export type TabName = (typeof TABS)[number];

/** What each tab button says (the spec's words). */
export const TAB_LABELS: Record<TabName, string> = {
  meetings: 'Summaries',
  topics: 'Topics',
  voting: 'Voting',
};

export const DEFAULT_TAB: TabName = 'meetings';

// Every spelling ?tab= accepts, lower-cased: the spec's names plus the labels.
const TAB_ALIASES: Record<string, TabName> = {
  topics: 'topics',
  votinganalysis: 'voting',
  voting: 'voting',
  meetings: 'meetings',
  summaries: 'meetings',
};

/** The tab chosen by the ?tab= query value, case-insensitively; anything else (or nothing) is Meetings. */
export function parseTab(value: string | null | undefined): TabName {
  if (!value) return DEFAULT_TAB;
  return TAB_ALIASES[value.trim().toLowerCase()] ?? DEFAULT_TAB;
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

/**
 * A panel's attributes, as the server renders it: Meetings shown, the others hidden. The tab switcher island
 * (TabSwitcher.tsx) finds each panel by its id and shows or hides it from then on; the panel is named by its tab.
 */
export function boardPanel(tab: TabName) {
  return { role: 'tabpanel', id: panelId(tab), 'aria-labelledby': tabId(tab), tabIndex: 0, hidden: tab !== DEFAULT_TAB } as const;
}

/**
 * A few lines of plain script that open the ?tab= tab in the server-rendered Board Breakdown before the page is
 * first painted (the server can only render Meetings), by the same rule as parseTab. Run right after the tabs'
 * markup, so a shared ?tab=topics link shows Topics at once, long before the tab switcher island hydrates.
 */
export function tabPreselectScript(): string {
  const ids = Object.fromEntries(TABS.map((tab) => [tab, [tabId(tab), panelId(tab)]]));
  return (
    `(function(){var a=${JSON.stringify(TAB_ALIASES)},ids=${JSON.stringify(ids)},` +
    `v=new URLSearchParams(location.search).get('tab'),t=v&&a[v.trim().toLowerCase()];if(!t)return;` +
    `Object.keys(ids).forEach(function(n){var b=document.getElementById(ids[n][0]),p=document.getElementById(ids[n][1]);` +
    `if(!b||!p)return;b.setAttribute('aria-selected',String(n===t));b.tabIndex=n===t?0:-1;p.hidden=n!==t;});})();`
  );
}

// The Board Breakdown's sidebar: its heading and the 'Summaries', 'Topics' and 'Voting' tabs (WAI-ARIA tabs
// pattern). The panels are not part of the island: they are plain markup beside it (boardPanel() in tabs.ts,
// rendered by BoardBreakdown.astro on a pre-rendered page and by LiveDistrict in the browser), and the island shows
// and hides them by id. Wrapping all three panels made every district page's render copy, scan and hash their
// whole HTML once more for the island: Astro's hash of island HTML alone went from 0.70 to 0.26 s of the 7 s it
// takes to render 2,000 district pages (CPU profiles).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BOARD_BREAKDOWN_HEADING_ID, DEFAULT_TAB, TABS, TAB_LABELS, nextTabIndex, panelId, tabFromSearch, tabId, type TabName } from '../../lib/tabs';
import '../../styles/district.css';

/** Below this width the sidebar sits above the panels, and choosing a tab scrolls it into view. */
const NARROW = '(max-width: 767.98px)';

export default function TabSwitcher() {
  // The server cannot see ?tab=: it renders Meetings. In the browser the ?tab= tab is already open in the HTML
  // (tabPreselectScript ran before the first paint), so hydration starts from that same tab.
  const [active, setActive] = useState<TabName>(() => (typeof location === 'undefined' ? DEFAULT_TAB : tabFromSearch(location.search)));
  const tabs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const sidebar = useRef<HTMLDivElement>(null);

  // Set when the visitor chooses a tab; the scroll waits for the new panel to be on screen.
  const chosen = useRef(false);

  useEffect(() => {
    for (const tab of TABS) {
      const panel = document.getElementById(panelId(tab));
      if (panel) panel.hidden = tab !== active;
    }
    if (!chosen.current) return;
    chosen.current = false;
    if (window.matchMedia(NARROW).matches) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      sidebar.current?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    }
  }, [active]);

  function choose(tab: TabName, focus: boolean) {
    chosen.current = tab !== active;
    setActive(tab);
    if (focus) tabs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(index, event.key, TABS.length);
    if (next === null) return;
    event.preventDefault();
    choose(TABS[next], true);
  }

  return (
    <div className="board-sidebar" ref={sidebar}>
      <h2 id={BOARD_BREAKDOWN_HEADING_ID}>Board Breakdown</h2>
      <div className="board-tabs" role="tablist" aria-labelledby={BOARD_BREAKDOWN_HEADING_ID}>
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(el) => {
              tabs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={active === tab}
            aria-controls={panelId(tab)}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => choose(tab, false)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {TAB_LABELS[tab]}
          </button>
        ))}
      </div>
    </div>
  );
}

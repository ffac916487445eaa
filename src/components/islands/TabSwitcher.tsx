// The Board Breakdown: a sidebar with the 'Summaries', 'Topics' and 'Voting' tabs (WAI-ARIA tabs pattern) and
// the three panels, all rendered on the server; the island only switches between them.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DEFAULT_TAB, TABS, TAB_LABELS, nextTabIndex, panelId, tabFromSearch, tabId, type TabName } from '../../lib/tabs';
import '../../styles/district.css';

interface Props {
  meetings?: ReactNode;
  topics?: ReactNode;
  voting?: ReactNode;
}

/** Below this width the sidebar sits above the panels, and choosing a tab scrolls it into view. */
const NARROW = '(max-width: 767.98px)';

export default function TabSwitcher(panels: Props) {
  // The server cannot see ?tab=: it renders Meetings. In the browser the ?tab= tab is already open in the HTML
  // (tabPreselectScript ran before the first paint), so hydration starts from that same tab.
  const [active, setActive] = useState<TabName>(() => (typeof location === 'undefined' ? DEFAULT_TAB : tabFromSearch(location.search)));
  const tabs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const sidebar = useRef<HTMLDivElement>(null);

  // Set when the visitor chooses a tab; the scroll waits for the new panel to be on screen.
  const chosen = useRef(false);

  useEffect(() => {
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
    <section className="board-breakdown" aria-labelledby="board-breakdown-heading">
      <div className="board-sidebar" ref={sidebar}>
        <h2 id="board-breakdown-heading">Board Breakdown</h2>
        <div className="board-tabs" role="tablist" aria-labelledby="board-breakdown-heading">
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
      <div className="board-panels">
        {TABS.map((tab) => (
          <div key={tab} className="board-panel" role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={0} hidden={active !== tab}>
            {panels[tab]}
          </div>
        ))}
      </div>
    </section>
  );
}

// The Board Breakdown's sidebar: its heading and the 'Summaries', 'Topics' and 'Voting' tabs. Plain markup, never
// hydrated: each tab is a link carrying ?tab=, and the page's board script (browser/boardScript.ts) turns them into tabs
// (WAI-ARIA tabs pattern) the moment the HTML is shown. Drawn by BoardBreakdown.
import './district.css';
import './BoardTabs.css';
import { BOARD_BREAKDOWN_HEADING_ID, TABS, TAB_KEYS, panelId, tabHref, tabId, type TabName } from '../tabs';
import { type T } from '../words';

export default function BoardTabs({ active, t }: { active: TabName; t: T }) {
  return (
    <div className="board-sidebar">
      <h2 id={BOARD_BREAKDOWN_HEADING_ID}>{t('district.breakdown.heading')}</h2>
      <div className="board-tabs" role="tablist" aria-labelledby={BOARD_BREAKDOWN_HEADING_ID}>
        {TABS.map((tab) => (
          <a
            key={tab}
            href={tabHref(tab)}
            role="tab"
            id={tabId(tab)}
            data-tab={tab}
            aria-selected={active === tab}
            aria-controls={panelId(tab)}
            tabIndex={active === tab ? 0 : -1}
          >
            {t(TAB_KEYS[tab])}
          </a>
        ))}
      </div>
    </div>
  );
}

// The district page's few lines of plain script, inlined in its head so that the Board Breakdown's tabs, the meeting
// cards' Expand/Minimize and share buttons, and the first taps on the Topics and Voting tabs work the moment the HTML
// is shown, long before any island loads. Handlers are delegated from the document, so the same script serves cards
// and tabs rendered later (the live page of a district added after the build).
//
// The pages import it as `./boardScript.ts?inline-script`: the build bundles this module with what it imports into one
// minified classic script that runs boardScript() (src/lib/node/inlineScript.ts), and the page puts that text in its
// head, before the panels, with its hash in the Content-Security-Policy. It must run before the panels are parsed, to
// mark the ?tab= tab for CSS from the first paint: a module script would run only after the whole page was parsed.
import { copyShareLink, pageUrl } from '../share';
import { meetingToggleVerb } from '../meetingCards';
import { TABS, nextTabIndex, panelId, tabFromSearch, tabId, type TabName } from '../tabs';
import {
  answerChange,
  answerClick,
  answerKey,
  asleep,
  markBarEnds,
  markScrolled,
  placeTopicBars,
  revealTopic,
} from './islandsAsleep';
import { WAKING_EVENTS } from '../../directives/demand';

/** Below this width the sidebar sits above the panels, and choosing a tab scrolls it into view (768 px). */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** What the script uses of the page's window: the page's own, or jsdom's in the tests. */
export type BoardWindow = Pick<
  Window & typeof globalThis,
  | 'document'
  | 'location'
  | 'history'
  | 'matchMedia'
  | 'navigator'
  | 'alert'
  | 'prompt'
  | 'addEventListener'
  | 'dispatchEvent'
  | 'Element'
  | 'HTMLElement'
  | 'Event'
>;

const isTab = (value: string | null): value is TabName => TABS.some((tab) => tab === value);

/**
 * The script. It marks the ?tab= tab on <html data-tab> at once (CSS shows that panel before the markup is even
 * parsed), syncs the tabs' and panels' attributes when the document is parsed, and from then on:
 * - a tab link shows its panel and pushes `?tab=` to the address (Back returns to the previous tab);
 * - arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern);
 * - Expand/Minimize shows or hides a card's summary; a share button (data-share-path) copies its link and says so;
 * - a #meeting-MM-DD-YY hash expands that card and scrolls it into view; a #topic-{id} hash shows that topic and
 *   scrolls the Topics panel into view;
 * - the first focus, tap, key or change inside a [data-demand] element sends that event, which loads its island
 *   (client:demand); until the island has woken, its topic, vote, sort and scroll controls are answered here
 *   (islandsAsleep.ts), and the island takes that state over when it wakes.
 */
export default function boardScript(win: BoardWindow = window): void {
  const { document, location } = win;
  const root = document.documentElement;

  /** Shows one tab's panel, marks that tab selected and the only one in the Tab order. */
  function show(tab: TabName): void {
    root.setAttribute('data-tab', tab);
    for (const name of TABS) {
      const button = document.getElementById(tabId(name));
      const panel = document.getElementById(panelId(name));
      if (button) {
        button.setAttribute('aria-selected', String(name === tab));
        button.tabIndex = name === tab ? 0 : -1;
      }
      if (panel) panel.hidden = name !== tab;
    }
    placeTopicBars(document);
  }

  /** Chooses a tab: its panel, `?tab=` in a new history entry, the sidebar in view on a phone; focus when asked. */
  function choose(tab: TabName, focus: boolean): void {
    const button = document.getElementById(tabId(tab));
    if (tab !== root.getAttribute('data-tab')) {
      const url = new URL(location.href);
      url.searchParams.set('tab', tab);
      url.hash = '';
      win.history.pushState(null, '', url.href);
      show(tab);
      const sidebar = button?.closest('.board-sidebar');
      if (sidebar && win.matchMedia(NARROW_QUERY).matches) {
        sidebar.scrollIntoView({
          block: 'start',
          behavior: win.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        });
      }
    }
    if (focus && button) button.focus();
  }

  /** Opens or closes a meeting card's summary. */
  function expand(toggle: Element, open: boolean): void {
    const summary = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!summary) return;
    summary.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    const verb = toggle.querySelector('.meeting-toggle-verb');
    // A translated page's control carries its verbs (data-expand, data-minimize); an English one says them in English.
    if (verb) verb.textContent = toggle.getAttribute(open ? 'data-minimize' : 'data-expand') ?? meetingToggleVerb(open);
  }

  /** Follows the address's hash: a meeting card expanded and scrolled to, or a topic shown and scrolled to. */
  function reveal(): void {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id.startsWith('topic-')) {
      const topics = document.getElementById(panelId('topics'));
      if (!topics || topics.hidden) return;
      revealTopic(document, location.hash);
      const detail = document.getElementById(id);
      (detail && !detail.hidden ? detail : topics).scrollIntoView({ block: 'start' });
      return;
    }
    if (!id.startsWith('meeting-')) return;
    const card = document.getElementById(id);
    if (!card || !card.classList.contains('meeting-card')) return;
    const toggle = card.querySelector('.meeting-toggle');
    if (toggle) expand(toggle, true);
    card.scrollIntoView({ block: 'start' });
  }

  const elementOf = (event: Event): Element | null => (event.target instanceof win.Element ? event.target : null);

  root.setAttribute('data-tab', tabFromSearch(location.search));
  document.addEventListener('DOMContentLoaded', () => {
    show(tabFromSearch(location.search));
    reveal();
  });
  win.addEventListener('popstate', () => show(tabFromSearch(location.search)));
  win.addEventListener('hashchange', reveal);

  // Sent before the page's own handlers (capture), so the island starts loading at the first sign of interest.
  for (const type of WAKING_EVENTS) {
    document.addEventListener(
      type,
      (event) => {
        const widget = elementOf(event)?.closest('[data-demand]');
        if (widget) win.dispatchEvent(new win.Event(widget.getAttribute('data-demand') ?? ''));
      },
      { capture: true, passive: true },
    );
  }

  // A sleeping topic bar scrolled (its arrows, a swipe): each arrow disabled at its end, as the island does, and the
  // bar marked scrolled, so that the island keeps it where it is when it wakes.
  document.addEventListener(
    'scroll',
    (event) => {
      const target = elementOf(event);
      if (target instanceof win.HTMLElement && target.matches('.topic-bar[role="tablist"]') && asleep(target)) {
        markBarEnds(target);
        markScrolled(target);
      }
    },
    { capture: true, passive: true },
  );

  document.addEventListener('change', (event) => {
    const target = elementOf(event);
    if (target) answerChange(target);
  });

  document.addEventListener('click', (event) => {
    const target = elementOf(event);
    if (!target) return;
    const tab = target.closest('.board-tabs [role=tab]');
    if (tab) {
      // A click with a modifier or another button stays the browser's: open the tab's link elsewhere.
      if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const name = tab.getAttribute('data-tab');
      if (isTab(name)) choose(name, false);
      return;
    }
    const toggle = target.closest('button.meeting-toggle');
    if (toggle) {
      expand(toggle, toggle.getAttribute('aria-expanded') !== 'true');
      return;
    }
    const share = target.closest('button[data-share-path]');
    if (share) {
      // A translated page's button carries the alert's and the prompt's words in its language.
      const words = {
        copied: share.getAttribute('data-copied') ?? undefined,
        prompt: share.getAttribute('data-copy-prompt') ?? undefined,
      };
      void copyShareLink(pageUrl(location) + (share.getAttribute('data-share-path') ?? ''), win, words);
      return;
    }
    answerClick(target);
  });

  document.addEventListener('keydown', (event) => {
    const target = elementOf(event);
    if (!target) return;
    const tab = target.closest('.board-tabs [role=tab]');
    if (!tab) {
      if (answerKey(target, event.key)) event.preventDefault();
      return;
    }
    const next = nextTabIndex(
      TABS.findIndex((name) => name === tab.getAttribute('data-tab')),
      event.key,
      TABS.length,
    );
    if (next === null) return;
    event.preventDefault();
    choose(TABS[next], true);
  });
}

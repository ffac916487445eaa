// The Topics and Voting islands load on the first interaction with them, so that reading a district page loads no
// React. Until one wakes, the board script answers its controls here so that a tap takes effect at once: a topic is
// shown, a vote is marked pressed, a column is marked sorted, the topic bar scrolls. When the island wakes it takes
// that state over (TopicVoting's adoptPageState, VotingTables' adoptedSort): the vote is sent, the rows are sorted.
// Only controls inside an island that has not woken are answered here; once it has, React answers them.
import { nextTabIndex } from '../tabs';
import { topicIdFromHash } from '../topicItems';
import { nextSort, type SortKey, type SortState } from '../voteRecords';
import { barEnds, centerTopic, scrollBar } from './topicBar';

/** Whether an element sits in an island that has not woken yet (Astro drops the island's ssr mark when it hydrates). */
export function asleep(element: Element): boolean {
  return element.closest('astro-island[ssr]') !== null;
}

/**
 * Shows one topic of the topic bar (its tab selected and focusable, its panel shown, the others hidden), and marks
 * the bar as answered here (data-answered), so the island knows on waking that the page chose this topic.
 */
export function showTopic(tab: HTMLElement): void {
  const list = tab.closest<HTMLElement>('[role="tablist"]');
  if (!list) return;
  list.dataset.answered = 'true';
  for (const other of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const chosen = other === tab;
    other.setAttribute('aria-selected', String(chosen));
    other.tabIndex = chosen ? 0 : -1;
    const panel = tab.ownerDocument.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !chosen;
  }
}

/** Marks a vote pressed at once (and its other direction not), as the island will show it while it is sent. */
export function pressVote(button: HTMLElement): void {
  const actions = button.parentElement;
  if (!actions || button.getAttribute('aria-pressed') === 'true') return;
  for (const other of actions.querySelectorAll<HTMLElement>('[data-vote]'))
    other.setAttribute('aria-pressed', String(other === button));
}

/** The sort a table's headers show now: the header marked aria-sort, or the tables' default. */
function shownSort(table: Element): SortState {
  const header = table.querySelector<HTMLElement>('th[aria-sort][data-sort-key]');
  const direction = header?.getAttribute('aria-sort');
  return header && (direction === 'ascending' || direction === 'descending')
    ? { key: header.dataset.sortKey as SortKey, direction }
    : { key: 'date', direction: 'descending' };
}

/** Marks a table sorted by a column (aria-sort and its arrow on that header alone), and its phone controls to match. */
export function showSort(table: Element, sort: SortState): void {
  for (const header of table.querySelectorAll<HTMLElement>('th[data-sort-key]')) {
    if (header.dataset.sortKey === sort.key) header.setAttribute('aria-sort', sort.direction);
    else header.removeAttribute('aria-sort');
  }
  const controls =
    table.closest('.voting-section')?.querySelectorAll<HTMLSelectElement>('select[data-sort-control]') ?? [];
  for (const control of controls) control.value = control.dataset.sortControl === 'key' ? sort.key : sort.direction;
}

/** Answers a click inside a sleeping island; returns whether it did. */
export function answerClick(target: Element): boolean {
  if (!asleep(target)) return false;
  const topic = target.closest<HTMLElement>('.topic-bar [role="tab"]');
  if (topic) return (showTopic(topic), true);
  const vote = target.closest<HTMLElement>('button[data-vote]');
  if (vote) return (pressVote(vote), true);
  const sortButton = target.closest('th[data-sort-key] button');
  const header = sortButton?.closest<HTMLElement>('th[data-sort-key]');
  const table = header?.closest('table');
  if (header && table) return (showSort(table, nextSort(shownSort(table), header.dataset.sortKey as SortKey)), true);
  const scroll = target.closest<HTMLElement>('button[data-scroll-step]');
  const bar = scroll && target.ownerDocument.getElementById(scroll.getAttribute('aria-controls') ?? '');
  if (scroll && bar) return (scrollBar(bar, Number(scroll.dataset.scrollStep)), markScrolled(bar), true);
  return false;
}

/** Answers a phone sort control changed inside a sleeping island: the headers show the sort it chose. */
export function answerChange(target: Element): void {
  if (!asleep(target) || target.tagName !== 'SELECT' || !target.hasAttribute('data-sort-control')) return;
  const section = target.closest('.voting-section');
  const table = section?.querySelector('table');
  const key = section?.querySelector<HTMLSelectElement>('select[data-sort-control="key"]')?.value as
    SortKey | undefined;
  const direction = section?.querySelector<HTMLSelectElement>('select[data-sort-control="direction"]')?.value;
  if (!table || !key) return;
  // A new column starts newest first for dates and A to Z otherwise; a new order keeps the column.
  const chosen: SortState =
    target.getAttribute('data-sort-control') === 'key'
      ? { key, direction: key === 'date' ? 'descending' : 'ascending' }
      : { key, direction: direction === 'ascending' ? 'ascending' : 'descending' };
  showSort(table, chosen);
}

/** Arrow keys, Home and End move between the topics of a sleeping island's bar (WAI-ARIA tabs pattern). */
export function answerKey(target: Element, key: string): boolean {
  const tab = target.closest<HTMLElement>('.topic-bar [role="tab"]');
  if (!tab || !asleep(tab)) return false;
  const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const next = nextTabIndex(tabs.indexOf(tab), key, tabs.length);
  if (next === null) return false;
  showTopic(tabs[next]);
  tabs[next].focus();
  return true;
}

/** A #topic-{id} address shows that topic in a sleeping island, as the island would; returns whether it did. */
export function revealTopic(document: Document, hash: string): boolean {
  const id = topicIdFromHash(hash);
  const tab = id === null ? null : document.getElementById(`topic-tab-${id}`);
  if (!tab || !asleep(tab)) return false;
  showTopic(tab);
  centerInBar(tab);
  return true;
}

/** Scrolls a topic bar (only the bar, never the page) so a topic's title is in its middle, as the island does. */
function centerInBar(tab: HTMLElement): void {
  const bar = tab.closest<HTMLElement>('[role="tablist"]');
  if (bar) centerTopic(bar, tab);
}

/**
 * Marks a sleeping topic bar as scrolled by the reader (its arrows, a swipe): the island, waking, keeps the bar where
 * the reader left it instead of bringing the selected topic back to its middle.
 */
export function markScrolled(bar: HTMLElement): void {
  bar.dataset.scrolled = 'true';
}

/** Disables each arrow of a topic bar at its end of the bar (nothing further to scroll that way), as the island does. */
export function markBarEnds(bar: HTMLElement): void {
  const { start: atStart, end: atEnd } = barEnds(bar);
  for (const arrow of bar.ownerDocument.querySelectorAll<HTMLButtonElement>(
    `button[data-scroll-step][aria-controls="${bar.id}"]`,
  )) {
    arrow.disabled = Number(arrow.dataset.scrollStep) < 0 ? atStart : atEnd;
  }
}

/**
 * Places every sleeping topic bar in view (its panel shown): the selected topic in the bar's middle, unless the page
 * already chose one, and each arrow disabled at its end. Run when the page is parsed and when the Topics tab is shown.
 */
export function placeTopicBars(document: Document): void {
  for (const bar of document.querySelectorAll<HTMLElement>('.topic-bar[role="tablist"]')) {
    if (!asleep(bar) || bar.clientWidth === 0) continue;
    const selected = bar.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (selected && !bar.dataset.answered) centerInBar(selected);
    markBarEnds(bar);
  }
}

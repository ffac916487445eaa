// The district page's inline board script, run in jsdom on the markup the page renders: the ?tab= tab shown before
// the markup is parsed, tabs that push ?tab= and follow Back, arrow keys, Expand/Minimize, share and the card hash.
// The module runs on jsdom's window; the last tests run the inline script the build makes of it, as the page does.
import { describe, expect, it, vi } from 'vitest';
import { JSDOM } from 'jsdom';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import BoardTabs from '../view/BoardTabs';
import boardScript from '../browser/boardScript';
import { buildInlineScript } from '../../lib/node/inlineScript';
import { meetingShareUrl } from '../../lib/record/meetingLinks';
import { topicShareUrl } from '../topicItems';
import { DEFAULT_TAB, TABS, boardPanel, tabFromSearch } from '../tabs';
import { catalogue } from '../../i18n/catalogues';
import { districtWords } from '../words';

const BOARD_SCRIPT = new URL('../browser/boardScript.ts', import.meta.url).pathname;

/**
 * The Topics panel's island before it wakes (Astro marks it ssr until it hydrates): a topic bar of two topics, their
 * panels, a vote button pair and the bar's scroll arrow; and the Voting panel's table with two sortable columns.
 */
const SLEEPING_TOPICS = `<astro-island ssr><div data-demand="topics-demand"><div class="topic-bar"><button type="button" data-scroll-step="120" aria-controls="bar">›</button><div id="bar" role="tablist">
<button role="tab" id="topic-tab-1" aria-controls="topic-1" aria-selected="true" tabindex="0">Budget</button>
<button role="tab" id="topic-tab-2" aria-controls="topic-2" aria-selected="false" tabindex="-1">Start Times</button></div></div>
<div role="tabpanel" id="topic-1">Budget<div><button type="button" data-vote="up" aria-pressed="false">Up</button><button type="button" data-vote="down" aria-pressed="false">Down</button></div>
<button type="button" data-share-path="${topicShareUrl('', 1)}">Share</button></div>
<div role="tabpanel" id="topic-2" hidden>Start Times</div></div></astro-island>`;
const SLEEPING_VOTING = `<astro-island ssr><div data-demand="voting-demand" class="voting-section"><table><thead><tr>
<th data-sort-key="date" aria-sort="descending"><button type="button">Date</button></th><th data-sort-key="category"><button type="button">Category</button></th></tr></thead></table>
<select data-sort-control="key"><option value="date">Date</option><option value="category">Category</option></select>
<select data-sort-control="direction"><option value="descending">Newest first</option><option value="ascending">Oldest first</option></select></div></astro-island>`;

/**
 * The Board Breakdown as the server renders it (Meetings open), with one meeting card, loaded at `url`, with the
 * board script run as the page's head runs it: the module on this window, or the inline script the build made of it.
 */
function page(url: string, inline?: string) {
  const panels = TABS.map((tab) => {
    const { hidden, ...attributes } = boardPanel(tab);
    const attrs = Object.entries(attributes)
      .map(([name, value]) => `${name === 'tabIndex' ? 'tabindex' : name}="${value}"`)
      .join(' ');
    const card = {
      meetings: `<article class="meeting-card" id="meeting-06-17-25"><button type="button" class="meeting-toggle" aria-expanded="false" aria-controls="s1"><span class="meeting-toggle-verb">Expand</span></button><div id="s1" hidden>Summary</div><button type="button" data-share-path="${meetingShareUrl('', 'meeting-06-17-25')}">Share</button></article>`,
      topics: SLEEPING_TOPICS,
      voting: SLEEPING_VOTING,
    }[tab];
    return `<div ${attrs}${hidden ? ' hidden' : ''}>${card}</div>`;
  });
  const html = `<!doctype html><html><head></head><body><section>${renderToStaticMarkup(createElement(BoardTabs, { active: DEFAULT_TAB, t: districtWords('en', catalogue('en')) }))}${panels.join('')}</section></body></html>`;
  const dom = new JSDOM(html, { url, runScripts: 'outside-only', pretendToBeVisual: true });
  const { window } = dom;
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  window.HTMLElement.prototype.scrollBy = vi.fn();
  if (inline === undefined) boardScript(window);
  else window.eval(inline);
  return window;
}

type Win = ReturnType<typeof page>;
const loaded = (window: Win) => window.document.dispatchEvent(new window.Event('DOMContentLoaded'));
const state = (window: Win) => ({
  marked: window.document.documentElement.getAttribute('data-tab'),
  selected: TABS.filter(
    (tab) => window.document.getElementById(`tab-${tab}`)!.getAttribute('aria-selected') === 'true',
  ),
  shown: TABS.filter((tab) => !(window.document.getElementById(`panel-${tab}`) as HTMLElement).hidden),
});

describe('boardScript: the ?tab= tab, by the same rule as tabFromSearch', () => {
  it.each([
    '?tab=topics',
    '?tab=TOPICS',
    '?tab=VotingAnalysis',
    '?tab=voting',
    '?tab=Meetings',
    '?tab=summaries',
    '?tab=%20topics%20',
    '?foo=1&tab=VOTING',
    '?tab=nonsense',
    '',
  ])('%j', (search) => {
    const window = page(`https://example.org/1${search}`);
    const tab = tabFromSearch(search);
    // Marked at once, for CSS, before the document is parsed; attributes synced once it is.
    expect(window.document.documentElement.getAttribute('data-tab')).toBe(tab);
    loaded(window);
    expect(state(window)).toEqual({ marked: tab, selected: [tab], shown: [tab] });
  });
});

describe('boardScript: choosing a tab', () => {
  it('shows its panel and pushes ?tab= to the address; popstate shows the address tab again', () => {
    const window = page('https://example.org/1');
    loaded(window);
    window.document
      .getElementById('tab-voting')!
      .dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(window.location.search).toBe('?tab=voting');
    expect(state(window)).toEqual({ marked: 'voting', selected: ['voting'], shown: ['voting'] });
    window.history.replaceState(null, '', '/1?tab=topics');
    window.dispatchEvent(new window.PopStateEvent('popstate'));
    expect(state(window).shown).toEqual(['topics']);
  });

  it.each([
    ['meetings', 'ArrowRight', 'topics'],
    ['voting', 'ArrowRight', 'meetings'],
    ['meetings', 'ArrowLeft', 'voting'],
    ['topics', 'ArrowUp', 'meetings'],
    ['topics', 'ArrowDown', 'voting'],
    ['voting', 'Home', 'meetings'],
    ['meetings', 'End', 'voting'],
  ])('from %s, %s chooses and focuses %s', (from, key, to) => {
    const window = page(`https://example.org/1?tab=${from}`);
    loaded(window);
    window.document
      .getElementById(`tab-${from}`)!
      .dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    expect(state(window).shown).toEqual([to]);
    expect(window.document.activeElement?.id).toBe(`tab-${to}`);
  });

  it('leaves a click with a modifier key to the browser (open in a new tab)', () => {
    const window = page('https://example.org/1');
    loaded(window);
    const click = new window.MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    window.document.getElementById('tab-topics')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(state(window).shown).toEqual(['meetings']);
  });
});

describe('boardScript: meeting cards', () => {
  it('Expand shows the summary and says Minimize; Minimize hides it', () => {
    const window = page('https://example.org/1');
    loaded(window);
    const toggle = window.document.querySelector('.meeting-toggle')!;
    toggle.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    expect((window.document.getElementById('s1') as HTMLElement).hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Minimize');
    toggle.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    expect((window.document.getElementById('s1') as HTMLElement).hidden).toBe(true);
    expect(toggle.textContent).toBe('Expand');
  });

  it('a #meeting- hash expands its card', () => {
    const window = page('https://example.org/1#meeting-06-17-25');
    loaded(window);
    expect(window.document.querySelector('.meeting-toggle')!.getAttribute('aria-expanded')).toBe('true');
  });

  it("share copies page URL + ?tab=Meetings#meeting-… and alerts 'Link copied to clipboard!'", async () => {
    const window = page('https://example.org/1?tab=voting#x');
    loaded(window);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText } });
    const alert = vi.fn();
    window.alert = alert;
    window.document
      .querySelector('#meeting-06-17-25 [data-share-path]')!
      .dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('https://example.org/1?tab=Meetings#meeting-06-17-25');
  });
});

describe('boardScript: the Topics and Voting islands before they wake', () => {
  const click = (window: Win, selector: string) =>
    window.document
      .querySelector(selector)!
      .dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  const shownTopics = (window: Win) =>
    [...window.document.querySelectorAll<HTMLElement>('[id^="topic-"][role=tabpanel]')]
      .filter((p) => !p.hidden)
      .map((p) => p.id);

  it.each([
    ['focusin', '#topic-tab-2', 'topics-demand'],
    ['pointerdown', '#topic-tab-2', 'topics-demand'],
    ['click', 'th[data-sort-key=category] button', 'voting-demand'],
    ['keydown', '#topic-tab-1', 'topics-demand'],
    ['change', 'select[data-sort-control=key]', 'voting-demand'],
  ])('%s inside an island sends its demand event (%s wakes %s)', (type, selector, demand) => {
    const window = page('https://example.org/1?tab=topics');
    loaded(window);
    const heard = vi.fn();
    window.addEventListener(demand, heard);
    window.document.querySelector(selector)!.dispatchEvent(new window.Event(type, { bubbles: true }));
    expect(heard).toHaveBeenCalled();
  });

  it('a tap on a topic shows it at once; arrow keys move along the bar', () => {
    const window = page('https://example.org/1?tab=topics');
    loaded(window);
    click(window, '#topic-tab-2');
    expect(shownTopics(window)).toEqual(['topic-2']);
    expect(window.document.getElementById('topic-tab-2')!.getAttribute('aria-selected')).toBe('true');
    window.document
      .getElementById('topic-tab-2')!
      .dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Home', bubbles: true, cancelable: true }));
    expect(shownTopics(window)).toEqual(['topic-1']);
    expect(window.document.activeElement?.id).toBe('topic-tab-1');
  });

  it('a #topic-{id} address shows that topic', () => {
    const window = page('https://example.org/1?tab=topics#topic-2');
    loaded(window);
    expect(shownTopics(window)).toEqual(['topic-2']);
  });

  it('a vote is marked pressed at once, and the other direction not', () => {
    const window = page('https://example.org/1?tab=topics');
    loaded(window);
    click(window, '[data-vote=up]');
    expect(window.document.querySelector('[data-vote=up]')!.getAttribute('aria-pressed')).toBe('true');
    click(window, '[data-vote=down]');
    expect(window.document.querySelector('[data-vote=up]')!.getAttribute('aria-pressed')).toBe('false');
    expect(window.document.querySelector('[data-vote=down]')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('a column header sorts its column (A to Z first), and the phone controls follow', () => {
    const window = page('https://example.org/1?tab=voting');
    loaded(window);
    click(window, 'th[data-sort-key=category] button');
    expect(window.document.querySelector('th[data-sort-key=category]')!.getAttribute('aria-sort')).toBe('ascending');
    expect(window.document.querySelector('th[data-sort-key=date]')!.hasAttribute('aria-sort')).toBe(false);
    expect((window.document.querySelector('select[data-sort-control=key]') as HTMLSelectElement).value).toBe(
      'category',
    );
  });

  it("a topic's share button copies page URL + ?tab=topics#topic-{id}", async () => {
    const window = page('https://example.org/1?tab=topics');
    loaded(window);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText } });
    window.alert = vi.fn();
    click(window, '#topic-1 [data-share-path]');
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('https://example.org/1?tab=topics#topic-1'));
  });

  it('once an island has woken, its controls are left to it', () => {
    const window = page('https://example.org/1?tab=topics');
    loaded(window);
    window.document.querySelector('#panel-topics astro-island')!.removeAttribute('ssr');
    click(window, '#topic-tab-2');
    expect(shownTopics(window)).toEqual(['topic-1']);
  });
});

describe('boardScript: the inline script the build makes of it', () => {
  it('is one classic script (an IIFE), with no import or export left', async () => {
    const { code } = await buildInlineScript(BOARD_SCRIPT);
    expect(code).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
  });

  it('marks the ?tab= tab at once, then chooses tabs and expands cards as the module does', async () => {
    const { code } = await buildInlineScript(BOARD_SCRIPT);
    const window = page('https://example.org/1?tab=topics#meeting-06-17-25', code);
    expect(window.document.documentElement.getAttribute('data-tab')).toBe('topics');
    loaded(window);
    expect(state(window)).toEqual({ marked: 'topics', selected: ['topics'], shown: ['topics'] });
    expect(window.document.querySelector('.meeting-toggle')!.getAttribute('aria-expanded')).toBe('true');
    window.document
      .getElementById('tab-voting')!
      .dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(window.location.search).toBe('?tab=voting');
    expect(state(window)).toEqual({ marked: 'voting', selected: ['voting'], shown: ['voting'] });
  });
});

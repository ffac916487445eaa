// The district page's inline board script, run in jsdom on the markup the page renders: the ?tab= tab shown before
// the markup is parsed, tabs that push ?tab= and follow Back, arrow keys, Expand/Minimize, share and the card hash.
// The module runs on jsdom's window; the last tests run the inline script the build makes of it, as the page does.
import { describe, expect, it, vi } from 'vitest';
import { JSDOM } from 'jsdom';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import BoardTabs from '../../src/components/BoardTabs';
import boardScript from '../../src/lib/boardScript';
import { buildInlineScript } from '../../src/lib/node/inlineScript';
import { DEFAULT_TAB, TABS, boardPanel, tabFromSearch } from '../../src/lib/tabs';

const BOARD_SCRIPT = new URL('../../src/lib/boardScript.ts', import.meta.url).pathname;

/**
 * The Board Breakdown as the server renders it (Meetings open), with one meeting card, loaded at `url`, with the
 * board script run as the page's head runs it: the module on this window, or the inline script the build made of it.
 */
function page(url: string, inline?: string) {
  const panels = TABS.map((tab) => {
    const { hidden, ...attributes } = boardPanel(tab);
    const attrs = Object.entries(attributes).map(([name, value]) => `${name === 'tabIndex' ? 'tabindex' : name}="${value}"`).join(' ');
    const card = tab === 'meetings'
      ? '<article class="meeting-card" id="meeting-06-17-25"><button type="button" class="meeting-toggle" aria-expanded="false" aria-controls="s1"><span class="meeting-toggle-verb">Expand</span></button><div id="s1" hidden>Summary</div><button type="button" data-share-anchor="meeting-06-17-25">Share</button></article>'
      : '';
    return `<div ${attrs}${hidden ? ' hidden' : ''}>${card}</div>`;
  });
  const html = `<!doctype html><html><head></head><body><section>${renderToStaticMarkup(createElement(BoardTabs, { active: DEFAULT_TAB }))}${panels.join('')}</section></body></html>`;
  const dom = new JSDOM(html, { url, runScripts: 'outside-only', pretendToBeVisual: true });
  const { window } = dom;
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  if (inline === undefined) boardScript(window);
  else window.eval(inline);
  return window;
}

type Win = ReturnType<typeof page>;
const loaded = (window: Win) => window.document.dispatchEvent(new window.Event('DOMContentLoaded'));
const state = (window: Win) => ({
  marked: window.document.documentElement.getAttribute('data-tab'),
  selected: TABS.filter((tab) => window.document.getElementById(`tab-${tab}`)!.getAttribute('aria-selected') === 'true'),
  shown: TABS.filter((tab) => !(window.document.getElementById(`panel-${tab}`) as HTMLElement).hidden),
});

describe('boardScript: the ?tab= tab, by the same rule as tabFromSearch', () => {
  it.each(['?tab=topics', '?tab=TOPICS', '?tab=VotingAnalysis', '?tab=voting', '?tab=Meetings', '?tab=summaries', '?tab=%20topics%20', '?foo=1&tab=VOTING', '?tab=nonsense', ''])(
    '%j',
    (search) => {
      const window = page(`https://example.org/1${search}`);
      const tab = tabFromSearch(search);
      // Marked at once, for CSS, before the document is parsed; attributes synced once it is.
      expect(window.document.documentElement.getAttribute('data-tab')).toBe(tab);
      loaded(window);
      expect(state(window)).toEqual({ marked: tab, selected: [tab], shown: [tab] });
    },
  );
});

describe('boardScript: choosing a tab', () => {
  it('shows its panel and pushes ?tab= to the address; popstate shows the address tab again', () => {
    const window = page('https://example.org/1');
    loaded(window);
    window.document.getElementById('tab-voting')!.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
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
    window.document.getElementById(`tab-${from}`)!.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
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
    window.document.querySelector('[data-share-anchor]')!.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('https://example.org/1?tab=Meetings#meeting-06-17-25');
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
    window.document.getElementById('tab-voting')!.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(window.location.search).toBe('?tab=voting');
    expect(state(window)).toEqual({ marked: 'voting', selected: ['voting'], shown: ['voting'] });
  });
});

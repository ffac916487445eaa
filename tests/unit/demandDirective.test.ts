// client:demand in jsdom: an island sleeps until its host's window event or the reader's first focus, tap, click, key
// or change inside it, then hydrates once; what happens elsewhere on the page leaves it asleep.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JSDOM } from 'jsdom';
import demand, { WAKING_EVENTS, addressAsks, demandOptions } from '../../src/directives/demand';

/** A page with a sleeping island (a closed <details> holding a form, like the alert form) and a box outside it. */
function page() {
  const dom = new JSDOM(
    `<input id="outside"><astro-island ssr><details><summary>Email me</summary><form><input id="inside"></form></details></astro-island>`,
  );
  vi.stubGlobal('window', dom.window);
  const island = dom.window.document.querySelector('astro-island') as unknown as HTMLElement;
  const hydrate = vi.fn(() => Promise.resolve());
  const load = vi.fn(() => Promise.resolve(hydrate));
  return { dom, island, hydrate, load };
}

/** Lets the directive's awaited load and hydrate run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client:demand', () => {
  it('leaves the island asleep until asked, and a touch elsewhere on the page does not ask', async () => {
    const { dom, island, hydrate, load } = page();
    void demand(load, { name: 'demand', value: 'search-demand' }, island);
    for (const type of WAKING_EVENTS)
      dom.window.document.getElementById('outside')!.dispatchEvent(new dom.window.Event(type, { bubbles: true }));
    dom.window.dispatchEvent(new dom.window.Event('another-demand'));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(hydrate).not.toHaveBeenCalled();
  });

  it("hydrates on its host's window event, once", async () => {
    const { dom, island, hydrate, load } = page();
    void demand(load, { name: 'demand', value: 'search-demand' }, island);
    dom.window.dispatchEvent(new dom.window.Event('search-demand'));
    dom.window.dispatchEvent(new dom.window.Event('search-demand'));
    dom.window.document.getElementById('inside')!.dispatchEvent(new dom.window.Event('focusin', { bubbles: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it.each(WAKING_EVENTS.map((type) => [type]))('hydrates at the first %s inside it, once', async (type) => {
    const { dom, island, hydrate, load } = page();
    void demand(load, { name: 'demand', value: 'alert-form-demand' }, island);
    const summary = dom.window.document.querySelector('summary')!;
    summary.dispatchEvent(new dom.window.Event(type, { bubbles: true }));
    summary.dispatchEvent(new dom.window.Event(type, { bubbles: true }));
    dom.window.dispatchEvent(new dom.window.Event('alert-form-demand'));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('listens for island-demand when given no event name', async () => {
    const { dom, island, hydrate, load } = page();
    void demand(load, { name: 'demand', value: '' }, island);
    dom.window.dispatchEvent(new dom.window.Event('island-demand'));
    await settle();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('holds a form sent before hydration and sends it again, once, to the hydrated handler', async () => {
    const dom = new JSDOM(
      `<astro-island ssr><form><input name="q" value="palo"><button type="submit">Go</button></form></astro-island>`,
    );
    vi.stubGlobal('window', dom.window);
    const island = dom.window.document.querySelector('astro-island') as unknown as HTMLElement;
    const form = dom.window.document.querySelector('form')!;
    const sent: string[] = [];
    // The island's own handler, there only once hydrated (as React's is).
    const hydrate = vi.fn(() => {
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        sent.push(new dom.window.FormData(form).get('q') as string);
      });
      return Promise.resolve();
    });
    void demand(() => Promise.resolve(hydrate), { name: 'demand', value: '' }, island);
    const early = new dom.window.SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(sent).toEqual([]);
    await settle();
    await settle();
    expect(sent).toEqual(['palo']);
  });

  it.each([
    ['email-link-demand press', 1],
    // Without `press` (the district page's islands, whose first tap the board script answers): never pressed twice.
    ['voting-tables-demand', 0],
  ])('with %j, presses again once hydrated a plain button pressed before: %i time(s)', async (value, replayed) => {
    const dom = new JSDOM(`<astro-island ssr><button type="button">Confirm</button></astro-island>`);
    vi.stubGlobal('window', dom.window);
    const island = dom.window.document.querySelector('astro-island') as unknown as HTMLElement;
    const button = dom.window.document.querySelector('button')!;
    let presses = 0;
    const hydrate = vi.fn(() => {
      button.addEventListener('click', () => (presses += 1));
      return Promise.resolve();
    });
    void demand(() => Promise.resolve(hydrate), { name: 'demand', value }, island);
    button.click();
    await settle();
    await settle();
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(presses).toBe(replayed);
    button.click();
    expect(presses).toBe(replayed + 1);
  });

  it('wakes when the browser is idle if the address carries the parameter, and not otherwise', async () => {
    for (const [url, woken] of [
      ['https://example.org/search/records?q=budget', 1],
      ['https://example.org/search/records?q=', 0],
      ['https://example.org/search/records', 0],
    ] as const) {
      const dom = new JSDOM(`<astro-island ssr><form></form></astro-island>`, { url });
      vi.stubGlobal('window', dom.window);
      const island = dom.window.document.querySelector('astro-island') as unknown as HTMLElement;
      const hydrate = vi.fn(() => Promise.resolve());
      vi.useFakeTimers();
      void demand(() => Promise.resolve(hydrate), { name: 'demand', value: 'search-demand ?q' }, island);
      await vi.runAllTimersAsync();
      vi.useRealTimers();
      expect(hydrate).toHaveBeenCalledTimes(woken);
    }
  });
});

describe('demandOptions', () => {
  it.each([
    ['', { event: 'island-demand', params: [], press: false }],
    ['search-demand', { event: 'search-demand', params: [], press: false }],
    ['search-demand ?q', { event: 'search-demand', params: ['q'], press: false }],
    ['?q ?state', { event: 'island-demand', params: ['q', 'state'], press: false }],
    ['  a-demand   ? ', { event: 'a-demand', params: [], press: false }],
    ['email-link-demand press', { event: 'email-link-demand', params: [], press: true }],
    [undefined, { event: 'island-demand', params: [], press: false }],
  ])('reads %j', (value, expected) => {
    expect(demandOptions(value)).toEqual(expected);
  });
});

describe('addressAsks', () => {
  it.each([
    ['?q=budget', ['q'], true],
    ['?q=%20', ['q'], false],
    ['?q=', ['q'], false],
    ['?state=CA', ['q'], false],
    ['?state=CA', ['q', 'state'], true],
    ['', ['q'], false],
  ])('%s with %j: %s', (search, params, expected) => {
    expect(addressAsks(search, params)).toBe(expected);
  });
});

// client:demand in jsdom: an island sleeps until its host's window event or the reader's first focus, tap, click, key
// or change inside it, then hydrates once; what happens elsewhere on the page leaves it asleep.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JSDOM } from 'jsdom';
import demand, { WAKING_EVENTS } from '../../src/directives/demand';

/** A page with a sleeping island (a closed <details> holding a form, like the alert form) and a box outside it. */
function page() {
  const dom = new JSDOM(`<input id="outside"><astro-island ssr><details><summary>Email me</summary><form><input id="inside"></form></details></astro-island>`);
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
    for (const type of WAKING_EVENTS) dom.window.document.getElementById('outside')!.dispatchEvent(new dom.window.Event(type, { bubbles: true }));
    dom.window.dispatchEvent(new dom.window.Event('another-demand'));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(hydrate).not.toHaveBeenCalled();
  });

  it('hydrates on its host\'s window event, once', async () => {
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
});

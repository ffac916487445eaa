// Right-to-left ready: the district page drawn right to left (dir="rtl" on <html>, as an Arabic page would be) on a
// phone and on a desktop, each tab in turn, keeps everything inside the viewport across and no two controls on top of
// each other. The styles use logical properties (margin-inline-start, inset-inline-end, text-align: start), so the
// page mirrors itself; this holds them to it.
import { expect, test, type Page } from '@playwright/test';

/** What the page shows right to left, measured in the page: boxes past the viewport's sides, and controls overlapping. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      // What a closed <details> holds is laid out but not shown (its summary is).
      const folded = element.closest('details:not([open]) > :not(summary)');
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        element.getClientRects().length > 0 &&
        !folded &&
        !element.closest('[hidden], .visually-hidden, [aria-hidden="true"] *')
      );
    };
    // The visible part of a box: cut by every ancestor that clips or scrolls its content (a table or the topic bar
    // scrolling sideways holds more than it shows, by design).
    const visible = (element: Element, box: DOMRect) => {
      let [left, right, top, bottom] = [box.left, box.right, box.top, box.bottom];
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        [left, right, top, bottom] = [
          Math.max(left, clip.left),
          Math.min(right, clip.right),
          Math.max(top, clip.top),
          Math.min(bottom, clip.bottom),
        ];
      }
      return right - left > 0.5 && bottom - top > 0.5 ? { left, right, top, bottom } : null;
    };
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;

    const outside: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      outside.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element)) continue;
      const box = visible(element, element.getBoundingClientRect());
      if (box && (box.left < -1 || box.right > width + 1))
        outside.push(`${describe(element)} at ${Math.round(box.left)}..${Math.round(box.right)}`);
    }

    // Each line of a control (a link wrapping over two lines is two boxes), with the part of it that is visible.
    const controls = [
      ...document.body.querySelectorAll(
        'a[href], button, select, input, textarea, [role="tab"], [tabindex]:not([tabindex="-1"])',
      ),
    ].filter(shown);
    const pieces = controls.flatMap((element) =>
      [...element.getClientRects()]
        .map((box) => ({ element, box: visible(element, box) }))
        .filter((piece) => piece.box !== null),
    );
    const overlapping: string[] = [];
    for (let i = 0; i < pieces.length; i += 1) {
      for (let j = i + 1; j < pieces.length; j += 1) {
        const [a, b] = [pieces[i], pieces[j]];
        if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const across = Math.min(a.box!.right, b.box!.right) - Math.max(a.box!.left, b.box!.left);
        const down = Math.min(a.box!.bottom, b.box!.bottom) - Math.max(a.box!.top, b.box!.top);
        if (across > 1 && down > 1) overlapping.push(`${describe(a.element)} and ${describe(b.element)}`);
      }
    }
    return { outside, overlapping };
  });
}

for (const width of [375, 1280]) {
  for (const tab of ['meetings', 'topics', 'voting']) {
    test(`right to left at ${width} px, the ${tab} tab: nothing past the viewport's sides, no controls overlapping`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/1?tab=${tab}`);
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('.board-panel:not([hidden])')).toHaveCount(1);
      expect(await layoutProblems(page)).toEqual({ outside: [], overlapping: [] });
    });
  }
}

// Hostile content (tests/fixtures/hostile.mjs, loaded into the test database before the build): on every
// page that shows it, no executable markup survives, text shows as text, and the layout holds.
import { expect, test, type Page } from '@playwright/test';
import { HOSTILE_DISTRICT_ID } from '../fixtures/hostile.mjs';

const PAGES = [`/${HOSTILE_DISTRICT_ID}`, `/${HOSTILE_DISTRICT_ID}?tab=topics`, `/${HOSTILE_DISTRICT_ID}?tab=voting`];

/** Records anything a payload could do if it ran: a dialog, or the __pwned flag every payload sets. */
async function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  // The YouTube player cannot be reached from here; a blank page stands in for it.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  return { dialogs, pwned: () => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null) };
}

/**
 * Expands every meeting card: each Expand button clicked in the page, where the board script answers it, in one pass
 * (a driver click per card took most of these tests' time on a busy machine); then every card says Minimize.
 */
async function expandAll(page: Page) {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('button.meeting-toggle[aria-expanded="false"]'))
      button.click();
  });
  await expect(page.getByRole('button', { name: 'Expand' })).toHaveCount(0);
}

/** What the rich text holds that it must not: elements, handlers and addresses that could run or mislead. */
function dangerousMarkup(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const root of document.querySelectorAll('.rich-text')) {
      for (const el of root.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (
          [
            'script',
            'iframe',
            'form',
            'input',
            'svg',
            'math',
            'style',
            'object',
            'embed',
            'base',
            'meta',
            'link',
            'video',
            'audio',
            'template',
            'noscript',
            'details',
            'img',
            'textarea',
            'select',
          ].includes(tag)
        )
          found.push(`<${tag}>`);
        for (const attr of el.getAttributeNames()) {
          if (attr.startsWith('on') || attr === 'style' || attr === 'srcdoc' || attr === 'formaction')
            found.push(`${tag}[${attr}]`);
        }
        const href = el.getAttribute('href');
        if (href && !/^(https:|mailto:|#)/i.test(href)) found.push(`${tag}[href=${href}]`);
      }
    }
    return found;
  });
}

for (const path of PAGES) {
  test(`hostile content on ${path} is inert: nothing runs, no dangerous markup, text shows as text`, async ({
    page,
  }) => {
    const watch = await watchForScript(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Show every summary, point at and focus what a visitor would, then look again.
    if (!path.includes('?tab=')) await expandAll(page);
    // Every element of the rich text gets the events a visitor's pointer and focus send, in one pass in the page (a
    // hover per paragraph through the driver took most of this test's time on a busy machine).
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('main .rich-text, main .rich-text *')) {
        for (const type of [
          'pointerover',
          'pointerenter',
          'mouseover',
          'mouseenter',
          'mousemove',
          'focus',
          'focusin',
        ]) {
          el.dispatchEvent(new Event(type, { bubbles: !type.endsWith('enter') && type !== 'focus' }));
        }
      }
    });
    await page.mouse.move(5, 5);
    expect(await dangerousMarkup(page)).toEqual([]);
    expect(await watch.pwned()).toBeNull();
    expect(watch.dialogs).toEqual([]);
    // A name with markup in it is shown as the text it is.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      '<b>Hostile</b> <script>window.__pwned="name"</script> Test District',
    );
  });
}

test('hostile meeting summaries keep their harmless text and drop the rest', async ({ page }) => {
  await watchForScript(page);
  await page.goto(`/${HOSTILE_DISTRICT_ID}`);
  await expandAll(page);
  // Each summary is what its (now Minimize) button controls.
  const text = await page
    .getByRole('button', { name: 'Minimize' })
    .evaluateAll((buttons) =>
      buttons.map((button) => document.getElementById(button.getAttribute('aria-controls') ?? '')?.innerText ?? ''),
    );
  const all = text.join('\n');
  expect(all).toContain('Paragraph with handlers');
  expect(all).toContain('Style injection');
  expect(all).not.toContain('window.__pwned');
  // The page is still visible: injected styles did not hide it.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const safeLink = page.getByRole('link', { name: 'A normal link that must open safely' });
  await expect(safeLink).toHaveAttribute('href', 'https://example.org/');
  const target = await safeLink.getAttribute('target');
  if (target === '_blank') await expect(safeLink).toHaveAttribute('rel', /noopener/);
});

test('hostile votes, categories, outcomes and member names show as text in the voting tables', async ({ page }) => {
  const watch = await watchForScript(page);
  await page.goto(`/${HOSTILE_DISTRICT_ID}?tab=voting`);
  const tables = page.getByRole('tabpanel', { name: 'Voting' }).getByRole('table');
  await expect(tables.first()).toBeVisible();
  await expect(tables.first()).toContainText('<script>window.__pwned = "plain"</script>');
  // Where the hostile text is shown (the cells and the headers' sort buttons, which carry member names) it stays text;
  // the only element besides is the site's own icon in each link to a member's page, one per member.
  await expect(tables.first().locator('tbody, thead button').locator('script, img, svg')).toHaveCount(0);
  await expect(tables.first().locator('script, img, svg')).toHaveCount(
    await tables
      .first()
      .getByRole('link', { name: /^Every vote of / })
      .count(),
  );
  expect(await watch.pwned()).toBeNull();
});

for (const width of [320, 1280]) {
  test(`hostile long words and strings do not widen the page at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await watchForScript(page);
    for (const path of PAGES) {
      await page.goto(path);
      if (!path.includes('?tab=')) await expandAll(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  });
}

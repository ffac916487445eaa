// The navigation bar on a phone: under 768 px a hamburger opens a sidebar with the same three links and
// a close control; focus moves into it, Escape closes it, and focus returns to the hamburger.
import { expect, test } from '@playwright/test';
import { config, expectNoAxeViolations } from './siteHelpers';

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test('the links hide behind a hamburger; the logo, title and donation link stay', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'School Board Transparency' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Buy me a coffee/ })).toBeVisible();
  });

  test('the sidebar opens with focus inside, shows the three links, and Escape closes it and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused();
    const links = sidebar.getByRole('link');
    await expect(links).toHaveText([/^Home$/, /^About$/, /^Contact Us/]);
    await expect(sidebar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(sidebar.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(sidebar.getByRole('link', { name: /^Contact Us/ })).toHaveAttribute('href', config.contactFormUrl);
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(hamburger).toBeFocused();
  });

  test('the close control closes the sidebar and returns focus to the hamburger', async ({ page }) => {
    await page.goto('/about');
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.focus();
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar).toBeHidden();
    await expect(hamburger).toBeFocused();
  });

  test('a click on the dimmed page beside the sidebar closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(sidebar).toBeHidden();
  });

  test('while the sidebar is open, Tab never reaches the page behind it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      // Focus is in the sidebar, or past its end in the browser's own controls: never on the page behind.
      const outside = await page.evaluate(() => {
        const focused = document.activeElement;
        return Boolean(
          focused && focused !== document.body && !document.getElementById('site-menu')?.contains(focused),
        );
      });
      expect(outside).toBe(false);
    }
  });

  test('a link in the sidebar opens its page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  });

  test('the open sidebar has no WCAG 2.2 A/AA violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('widening the window past 768 px closes the sidebar and shows the links in the bar', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
  });
});

test('at 1280 px the links are in the bar and there is no hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test("at 320 px in Spanish, the longest words, the header's controls keep a finger's size (44 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/es/1');
  const banner = page.getByRole('banner');
  for (const control of [
    banner.getByRole('link', { name: 'Buscar en el registro' }),
    banner.getByRole('link', { name: /^Invítenos un café/ }),
    banner.getByRole('button', { name: 'Abrir el menú' }),
  ]) {
    const box = await control.boundingBox();
    expect(box?.width, (await control.getAttribute('class')) ?? '').toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
});

for (const route of ['/', '/about', '/search', '/yesform', '/noform', '/login']) {
  test(`${route} fits a 320 px screen without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(route);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

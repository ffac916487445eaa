// The navigation bar and footer on every route, word for word, with their link targets
// from the site configuration; the demo-data notice; no outside scripts; and an accessibility sweep.
import { expect, test } from '@playwright/test';
import { ROUTES, config, expectNoAxeViolations } from './siteHelpers';

for (const route of ROUTES) {
  test.describe(`on ${route}`, () => {
    test('the navigation bar has the logo and title, Home, About, Contact Us and Buy me a coffee', async ({ page }) => {
      await page.goto(route);
      const banner = page.getByRole('banner');
      const brand = banner.getByRole('link', { name: 'School Board Transparency' });
      await expect(brand).toHaveAttribute('href', '/');
      await expect(brand.locator('img')).toBeVisible();
      const main = banner.getByRole('navigation', { name: 'Main' });
      await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(main.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
      const contact = main.getByRole('link', { name: /^Contact Us/ });
      await expect(contact).toHaveAttribute('href', config.contactFormUrl);
      await expect(contact).toHaveAttribute('target', '_blank');
      await expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
      const coffee = banner.getByRole('link', { name: /^Buy me a coffee/ });
      await expect(coffee).toBeVisible();
      await expect(coffee).toHaveAttribute('href', config.donationUrl);
      await expect(coffee).toHaveAttribute('rel', 'noopener noreferrer');
    });

    test('the footer has the description, quick links, contact and the 2025 copyright', async ({ page }) => {
      await page.goto(route);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Empowering parents with timely and transparent school board information.');
      const links = footer.getByRole('navigation', { name: 'Quick Links' });
      await expect(links.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(links.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
      const support = links.getByRole('link', { name: /^Support Us/ });
      await expect(support).toHaveAttribute('href', config.donationUrl);
      await expect(support).toHaveAttribute('target', '_blank');
      await expect(footer.getByRole('link', { name: config.contactEmail })).toHaveAttribute(
        'href',
        `mailto:${config.contactEmail}`,
      );
      await expect(footer.getByRole('link', { name: /^Contact form/ })).toHaveAttribute('href', config.contactFormUrl);
      await expect(footer).toContainText('© 2025');
    });

    test('the page says its data is fictional while it runs on the demo database', async ({ page }) => {
      await page.goto(route);
      const notice = page.getByText(
        'The board members, votes, meeting summaries and topics on this site are fictional.',
      );
      // The tests run on the embedded stack, so this is the demo case; a hosted database shows no notice.
      if (config.demoData) await expect(notice).toBeVisible();
      else await expect(notice).toHaveCount(0);
    });

    test('has no WCAG 2.2 A/AA violations', async ({ page }) => {
      await page.goto(route);
      await expectNoAxeViolations(page);
    });
  });
}

test('no page but /login loads anything from another site: the donation link is a plain link', async ({
  page,
  baseURL,
}) => {
  const apiOrigin = new URL(process.env.TEST_API_URL ?? 'http://127.0.0.1:1').origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const origin = new URL(request.url()).origin;
    if (origin !== new URL(baseURL!).origin && origin !== apiOrigin && !request.url().startsWith('data:'))
      outside.push(request.url());
  });
  for (const route of ROUTES.filter((r) => r !== '/login')) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(outside).toEqual([]);
});

test.describe('footer quick links scroll smoothly to the top', () => {
  for (const [route, name] of [
    ['/', 'Home'],
    ['/about', 'About'],
  ] as const) {
    test(`'${name}' on ${route} scrolls this page to the top instead of reloading it`, async ({ page }) => {
      await page.setViewportSize({ width: 800, height: 500 });
      await page.goto(route);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name, exact: true }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(navigations).toEqual([]);
    });
  }

  test("'About' on the home page opens the About page at its top", async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Quick Links' })
      .getByRole('link', { name: 'About', exact: true })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

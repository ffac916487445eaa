// The Content-Security-Policy holds on every route: no violation and no console error while a page loads
// and its islands hydrate.
import { expect, test } from '@playwright/test';
import { ROUTES } from './siteRoutes';

for (const route of ROUTES) {
  test(`${route} loads with zero CSP violations and zero console errors`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // A missing path answers 404 by design; the browser logs that status as an error for the document itself.
      if (message.type() === 'error' && !(route === '/no-such-page' && /404/.test(message.text())))
        problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // Google's sign-in script cannot be reached from the test machine: should a page load it, a stand-in answers at
    // its address (/login loads it only when the visitor reaches for its button; login.spec.ts runs it there).
    await page.route('https://accounts.google.com/**', (r) =>
      r.fulfill({ contentType: 'text/javascript', body: 'window.google = { accounts: { id: {} } };' }),
    );
    const response = await page.goto(route);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // A built page carries its policy in a meta tag; the one rendered on demand (the search's results) in a header.
    const header = response?.headers()['content-security-policy'] ?? '';
    await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(
      header.includes('script-src') ? 0 : 1,
    );
  });
}

test('the CSP allows the database origin for connections and YouTube frames only on district pages', async ({
  page,
}) => {
  await page.goto('/1');
  const district = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(district).toContain(`connect-src 'self' ${new URL(process.env.TEST_API_URL ?? 'http://127.0.0.1').origin}`);
  expect(district).toContain('frame-src https://www.youtube-nocookie.com');
  expect(district).not.toContain('accounts.google.com');
  await page.goto('/about');
  const about = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(about).not.toContain('youtube-nocookie');
  expect(about).not.toContain('accounts.google.com');
  await page.goto('/login');
  const login = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(login).toContain('https://accounts.google.com/gsi/client');
});

// Every route at 320 px wide and at 200% zoom (a 1280 px window zoomed to 200% lays out at 640 CSS px):
// nothing scrolls sideways and the main heading is on screen. Spanish words run longest (the header's links, the
// district page's tabs), so the translated pages with the most controls are visited too.
import { expect, test } from '@playwright/test';
import { ROUTES } from './siteRoutes';

const TRANSLATED = [
  '/es/',
  '/es/1',
  '/es/1?tab=voting',
  '/zh/1?tab=topics',
  '/es/1/members/daniel-whitfield',
  '/zh/search/records?q=budget',
  '/es/votingPAUSD',
];

for (const [label, viewport] of [
  ['320 px wide', { width: 320, height: 640 }],
  ['200% zoom', { width: 640, height: 400 }],
] as const) {
  test(`every route works at ${label}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const route of [...ROUTES, ...TRANSLATED]) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${route} scrolls sideways by ${overflow} px at ${label}`).toBeLessThanOrEqual(0);
    }
  });
}

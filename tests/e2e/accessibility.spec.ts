// WCAG 2.2 AA: an axe sweep of every route and of every tab and dialog state, with no violations.
import { expect, test } from '@playwright/test';
import { ROUTES } from './siteRoutes';
import { expectNoAxeViolations, suggestionList } from './siteHelpers';

for (const route of ROUTES) {
  test(`axe finds no violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
}

// Each state below checks what it changed; the sweep above reads every route whole.
test('axe finds no violations with a meeting expanded', async ({ page }) => {
  await page.goto('/1');
  await page
    .getByRole('button', { name: /^Expand / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Minimize / })).toBeVisible();
  await expectNoAxeViolations(page, { include: ['.meeting-card:has(.meeting-toggle[aria-expanded="true"])'] });
});

for (const [width, tab] of [
  [1280, 'Topics'],
  [1280, 'Voting'],
  [375, 'Voting'],
] as const) {
  test(`axe finds no violations at ${width} px on the ${tab} tab, chosen by a click`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/1');
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expectNoAxeViolations(page, { include: ['.board-sidebar', `#panel-${tab.toLowerCase()}`] });
  });
}

test('axe finds no violations with an About step dialog open', async ({ page }) => {
  await page.goto('/about');
  await page
    .getByRole('button', { name: /Data Collection/i })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, { include: ['dialog[open]'] });
});

test('axe finds no violations with the mobile sidebar open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds no violations with search suggestions open', async ({ page }) => {
  await page.goto('/search');
  await page.getByPlaceholder('Search...').fill('palo');
  await expect(suggestionList(page).getByRole('option').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

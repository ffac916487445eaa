// WCAG 2.2 AA: an axe sweep of every route and of every tab and dialog state, with no violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from './routes';
import { suggestionList } from './site-helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const route of ROUTES) {
  test(`axe finds no violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
}

// One state a test: three full axe runs of the district page in one test took most of its time on a busy machine.
test('axe finds no violations with a meeting expanded', async ({ page }) => {
  await page.goto('/1');
  await page.getByRole('button', { name: /^Expand / }).first().click();
  await expect(page.getByRole('button', { name: /^Minimize / })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

for (const [width, tab] of [[1280, 'Topics'], [1280, 'Voting'], [375, 'Voting']] as const) {
  test(`axe finds no violations at ${width} px on the ${tab} tab, chosen by a click`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/1');
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('axe finds no violations with an About step dialog open', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: /Data Collection/i }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('axe finds no violations with the mobile sidebar open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('axe finds no violations with search suggestions open', async ({ page }) => {
  await page.goto('/search');
  await page.getByPlaceholder('Search...').fill('palo');
  await expect(suggestionList(page).getByRole('option').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

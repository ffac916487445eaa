// Without JavaScript: the district page shows Summaries, Topics and Voting one after another, each under its heading,
// with a jump list first; the district search form with a state chosen lands on that state's page (netlify.toml's
// redirect, which the local server applies too), which lists every district in it, linked, with that state chosen in
// its search form; with no state chosen it leads to the listing of every state.
import { expect, test } from '@playwright/test';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px with JavaScript off`, () => {
    test.use({ javaScriptEnabled: false, viewport: { width, height: 800 } });

    test('the district page shows the three sections under their headings, with a jump list to them', async ({
      page,
    }) => {
      await page.goto('/1');
      const jump = page.getByRole('navigation', { name: 'Sections' });
      await expect(jump.getByRole('link')).toHaveText(['Summaries', 'Topics', 'Voting']);
      for (const name of ['Summaries', 'Topics', 'Voting'])
        await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      await jump.getByRole('link', { name: 'Voting' }).click();
      await expect(page).toHaveURL(/#panel-voting$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Voting', exact: true })).toBeInViewport();
      await expect(page.getByRole('heading', { name: 'Current Board Votes' })).toBeVisible();
    });

    test("the search form's Go with a state chosen lands on that state's list of districts", async ({ page }) => {
      await page.goto('/');
      await page.getByPlaceholder('Search...').first().fill('palo');
      await page.getByRole('combobox', { name: 'State' }).first().selectOption('CA');
      await page.getByRole('button', { name: 'Go' }).first().click();
      await expect(page).toHaveURL(/\/states\/CA\?q=palo&state=CA$/);
      await expect(page.getByRole('heading', { level: 1, name: 'School districts in CA' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
      const palo = page.getByRole('link', { name: 'Palo Alto Unified School District', exact: true });
      await expect(palo).toHaveAttribute('href', '/1');
      await palo.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
    });

    test('the search form with no state chosen leads to every state, and a state lists its districts', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByPlaceholder('Search...').first().fill('palo');
      await page.getByRole('button', { name: 'Go' }).first().click();
      await expect(page).toHaveURL(/\/search\?q=palo&state=$/);
      const states = page.getByRole('region', { name: 'Browse districts by state' });
      await expect(states.getByRole('link')).toHaveCount(50);
      await states.getByRole('link', { name: 'CA', exact: true }).click();
      await expect(page).toHaveURL(/\/states\/CA$/);
      await expect(page.getByRole('heading', { level: 1, name: 'School districts in CA' })).toBeVisible();
    });
  });
}

// Without JavaScript: the district page shows Summaries, Topics and Voting one after another, each under its heading,
// with a jump list first. (The district search without JavaScript: noScriptSearch.spec.ts.)
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
  });
}

// With the database stopped after the build (these run after every other browser test, see playwright.config.ts):
// every page still reads from its pre-rendered HTML, every live part says what went wrong instead of hanging, and a
// write shows an error and keeps what the resident typed.
import { expect, test } from '@playwright/test';
import { shownTopic } from '../../src/district/tests/e2e/districtHelpers';

test.describe('@offline the database is stopped', () => {
  // The test stack (scripts/e2e-stack.mjs) stops every part of itself; a second stop does nothing.
  test.beforeAll(async () => {
    const response = await fetch(`${process.env.TEST_STACK_URL}/stop`, { method: 'POST' });
    expect(response.ok).toBe(true);
  });

  for (const [path, heading] of [
    ['/', 'School Board Transparency'],
    ['/about', 'About School Board Transparency'],
    ['/1', 'Palo Alto Unified School District'],
    ['/votingPAUSD', 'Vote on PAUSD Board Agenda — June 17th, 2025'],
  ] as const) {
    test(`${path} still shows its pre-rendered content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('the district page keeps its meetings, topics and votes from the build', async ({ page }) => {
    await page.goto('/1');
    await expect(page.getByRole('button', { name: 'Expand' }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Topics' }).click();
    await expect(page.getByRole('tablist', { name: 'Topics' }).getByRole('tab').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Voting' }).click();
    await expect(page.getByRole('heading', { name: 'Current Board Votes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past Board Votes' })).toBeVisible();
  });

  test('a topic vote that cannot be written says so and the counts stay as they were', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/1?tab=topics');
    const shown = shownTopic(page);
    const up = shown.getByRole('button', { name: /^Upvote/ });
    const before = await up.textContent();
    await up.click();
    await expect(
      shown.getByText('Your vote could not be saved: the connection to the server failed. Please try again.'),
    ).toBeVisible();
    await expect(up).toHaveText(before ?? '');
    expect(errors.length).toBeGreaterThan(0);
  });

  test('without JavaScript, the search page says the search is unavailable, and every state is a link away', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/search?q=palo&state=');
    expect(response?.status()).toBe(503);
    await expect(
      page.getByText(
        'The district search is not answering just now. Please try again in a minute, or browse the districts by state.',
      ),
    ).toBeVisible();
    await expect(page.getByPlaceholder('Search...')).toHaveValue('palo');
    await page.getByRole('main').getByRole('link', { name: 'Browse districts by state' }).click();
    await expect(page.getByRole('region', { name: 'Browse districts by state' }).getByRole('link')).toHaveCount(50);
    await context.close();
  });

  test('the search shows no suggestions and logs the failure', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/search');
    await page.getByPlaceholder('Search...').fill('palo');
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    await expect(page.getByRole('combobox', { name: 'District name' })).toHaveAttribute('aria-expanded', 'false');
    await expect(
      page
        .getByRole('listbox', { name: 'District suggestions', includeHidden: true })
        .getByRole('option', { includeHidden: true }),
    ).toHaveCount(0);
  });

  test("a district that was not built shows 'Error loading district info: …'", async ({ page }) => {
    await page.goto('/424242');
    await expect(page.getByText(/^Error loading district info: .+/)).toBeVisible();
  });

  test('an agenda vote that cannot be sent shows an error and keeps every answer', async ({ page }) => {
    await page.goto('/votingPAUSD');
    await expect(page.getByRole('button', { name: 'Submit Vote' })).toBeEnabled();
    for (const group of await page.getByRole('group').all())
      await group.getByRole('radio', { name: 'Support', exact: true }).check();
    await page.getByRole('textbox', { name: 'Email' }).fill('resident@example.org');
    await page.getByRole('textbox', { name: 'Comments' }).fill('Please fund the libraries.');
    await page.getByRole('button', { name: 'Submit Vote' }).click();
    await expect(
      page.getByText(/Your vote could not be sent: .+ Your answers are still here; please try again\./).first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('resident@example.org');
    await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue('Please fund the libraries.');
    for (const group of await page.getByRole('group').all())
      await expect(group.getByRole('radio', { name: 'Support', exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Submit Vote' })).toBeEnabled();
  });

  test('a subscription that cannot be sent shows an error and keeps the address', async ({ page }) => {
    await page.goto('/1');
    const box = page.getByRole('region', { name: 'Get Summaries In Your Email' });
    await box.scrollIntoViewIfNeeded();
    await expect(box.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await box.getByRole('textbox', { name: 'Email' }).fill('parent@example.org');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByText(/^Your subscription could not be sent: .+\. Please try again\.$/)).toBeVisible();
    await expect(box.getByRole('textbox', { name: 'Email' })).toHaveValue('parent@example.org');
  });
});

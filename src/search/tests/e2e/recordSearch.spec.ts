// The record search as a parent uses it, live against the embedded database with the demo seed: on a district page a
// result lands on the exact meeting card, topic or vote row; the site-wide page finds a term in two districts and
// narrows to one; the empty, failed and too-long states say so.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, holdIsland, islandHydrated } from '../../../../tests/e2e/siteHelpers';

const SEARCH_CALL = '**/rest/v1/rpc/search_records';

function boardSearch(page: Page) {
  return page.getByRole('searchbox', { name: "Search this board's record" });
}

/** Focuses the district page's search box (which loads its island) and waits until it searches in place. */
async function readyToSearch(page: Page) {
  await boardSearch(page).focus();
  await islandHydrated(page, 'RecordSearch');
}

async function searchBoard(page: Page, text: string) {
  await readyToSearch(page);
  await boardSearch(page).fill(text);
  await boardSearch(page).press('Enter');
}

const resultList = (page: Page) => page.getByRole('list', { name: 'Search results' });
const results = (page: Page) => resultList(page).getByRole('listitem');
const resultLink = (page: Page, name: string) => resultList(page).getByRole('link', { name, exact: true });

test.describe('on a district page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/1');
  });

  test("has 'Search this board's record' above the tabs, and its script loads only when the box is used", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/1');
    await page.waitForLoadState('networkidle');
    const box = await boardSearch(page).boundingBox();
    const tabs = await page.getByRole('tablist', { name: 'Board Breakdown' }).boundingBox();
    expect(box!.y).toBeLessThan(tabs!.y);
    expect(scripts.filter((url) => url.includes('RecordSearch'))).toEqual([]);
    await boardSearch(page).focus();
    await expect.poll(() => scripts.some((url) => url.includes('RecordSearch'))).toBe(true);
  });

  test('lists results with kind, date, title and snippet, and announces their count', async ({ page }) => {
    await searchBoard(page, '"cell phones"');
    await expect(page.getByRole('status').filter({ hasText: 'cell phones' })).toHaveText(
      '4 matches for “cell phones”, best matches first.',
    );
    await expect(results(page)).toHaveCount(4);
    const first = results(page).first();
    await expect(first.getByRole('link')).toHaveText('Cell Phone Policy');
    await expect(first.getByText('Topic', { exact: true })).toBeVisible();
    await expect(first.locator('mark').first()).toHaveText(/cell/i);
    await expect(results(page).nth(1)).toContainText('Vote · 03/11/25');
  });

  test("on a Spanish page, a vote's snippet says its category, outcome and votes in Spanish, the names as written", async ({
    page,
  }) => {
    await page.goto('/es/1');
    const box = page.getByRole('searchbox', { name: 'Buscar en el registro de esta junta' });
    await box.focus();
    await islandHydrated(page, 'RecordSearch');
    await box.fill('"cell phone policy"');
    await box.press('Enter');
    const list = page.getByRole('list', { name: 'Resultados de la búsqueda' });
    const vote = list.getByRole('listitem').filter({
      has: page.getByRole('link', { name: 'Adopt the revised student cell phone policy (second reading)' }),
    });
    const snippet = vote.locator('.record-snippet');
    // The excerpt is cut after a few names ('…'), as every snippet is.
    await expect(snippet).toHaveText('Normas · Aprobada (4-1) · No: Sofia Delgado-Reyes · Sí: Maria Okafor, James …');
    await expect(snippet).not.toContainText('Passed');
    await expect(snippet.getByText('Sofia Delgado-Reyes')).toHaveAttribute('lang', 'en');
  });

  test('a meeting result opens Summaries at that card, expanded and highlighted', async ({ page }) => {
    await searchBoard(page, 'phones');
    await results(page).filter({ hasText: 'Meeting · 02/11/25' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/1\?tab=Meetings#meeting-02-11-25$/);
    await expect(page.getByRole('tab', { name: 'Summaries' })).toHaveAttribute('aria-selected', 'true');
    const card = page.locator('#meeting-02-11-25');
    await expect(card.getByRole('button', { name: /^Minimize/ })).toBeVisible();
    await expect(card).toBeInViewport();
    await expect(card).toBeFocused();
    expect(await card.evaluate((el) => el.matches(':target'))).toBe(true);
    // Back returns to the page as it was, search results and all.
    await page.goBack();
    await expect(page).toHaveURL(/\/1$/);
    await expect(results(page).first()).toBeVisible();
  });

  test('a topic result opens Topics at that topic', async ({ page }) => {
    await searchBoard(page, 'later start');
    await resultLink(page, 'Later School Start Times').click();
    await expect(page).toHaveURL(/\/1\?tab=topics#topic-2$/);
    await expect(page.getByRole('tab', { name: 'Topics' })).toHaveAttribute('aria-selected', 'true');
    const topic = page.locator('#topic-2');
    await expect(topic).toBeVisible();
    await expect(topic).toBeInViewport();
    await expect(page.getByRole('tab', { name: 'Later School Start Times' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a vote result opens Voting at that row, highlighted', async ({ page }) => {
    await searchBoard(page, 'interim budget');
    await resultLink(page, 'Certify the first interim budget report').click();
    await expect(page).toHaveURL(/\/1\?tab=voting#vote-18$/);
    await expect(page.getByRole('tab', { name: 'Voting' })).toHaveAttribute('aria-selected', 'true');
    const row = page.locator('#vote-18');
    await expect(row).toContainText('Certify the first interim budget report');
    await expect(row).toBeInViewport();
    expect(await row.evaluate((el) => el.matches(':target'))).toBe(true);
  });

  test('says so when nothing matches', async ({ page }) => {
    await searchBoard(page, 'qqzzyx');
    await expect(page.getByRole('status').filter({ hasText: 'qqzzyx' })).toHaveText('No results for “qqzzyx”.');
    await expect(results(page)).toHaveCount(0);
  });

  test('refuses text over 200 characters without asking the server', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rpc/search_records')) calls += 1;
    });
    await searchBoard(page, 'a'.repeat(201));
    await expect(page.getByText('Search text can be at most 200 characters; this is 201.')).toBeVisible();
    await expect(boardSearch(page)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('says the search failed when the server cannot be reached, and works again after', async ({ page }) => {
    await page.route(SEARCH_CALL, (route) => route.abort('connectionrefused'));
    await searchBoard(page, 'budget');
    await expect(
      page.getByText('The search could not reach the server. Check your connection and try again.'),
    ).toBeVisible();
    await page.unroute(SEARCH_CALL);
    await boardSearch(page).press('Enter');
    await expect(results(page).first()).toBeVisible();
  });

  test('has no accessibility violations with results shown', async ({ page }) => {
    await searchBoard(page, 'budget');
    await expect(results(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('the site-wide search', () => {
  test('is linked from the navigation bar and from the district search page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Search records' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search the record' })).toBeVisible();
    await page.goto('/search');
    await page.getByRole('link', { name: "Search every board's meeting summaries, topics and votes" }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search the record' })).toBeVisible();
  });

  test("finds a term in two districts, names each result's district, and narrows to one", async ({ page }) => {
    await page.goto('/search/records');
    const box = page.getByRole('searchbox', { name: "Search every board's record" });
    // Typed at once, as a parent would, whether or not the page's script has loaded yet.
    await box.fill('boundaries');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/records\?q=boundaries$/);
    await expect(results(page)).toHaveCount(5);
    await expect(results(page).filter({ hasText: 'Palo Alto Unified School District' })).toHaveCount(3);
    await expect(results(page).filter({ hasText: 'Mountain View Whisman School District' })).toHaveCount(2);
    await page
      .getByRole('combobox', { name: 'District' })
      .selectOption({ label: 'Mountain View Whisman School District' });
    await expect(results(page)).toHaveCount(2);
    await expect(results(page).filter({ hasText: 'Palo Alto Unified School District' })).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=boundaries&district=2$/);
    await resultLink(page, 'Middle School Boundaries').click();
    await expect(page).toHaveURL(/\/2\?tab=topics#topic-12$/);
    await expect(page.locator('#topic-12')).toBeVisible();
  });

  test('keeps what was typed before its script loaded', async ({ page }) => {
    const release = await holdIsland(page, 'RecordSearch');
    await page.goto('/search/records');
    const box = page.getByRole('searchbox', { name: "Search every board's record" });
    await box.fill('solar');
    release();
    await islandHydrated(page, 'RecordSearch');
    await expect(box).toHaveValue('solar');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?q=solar$/);
    await expect(results(page)).toHaveCount(3);
  });

  test("a district page's search sent before its script loaded lands here, filtered to that district", async ({
    page,
  }) => {
    await page.goto('/search/records?q=solar&district=2');
    await expect(page.getByRole('searchbox', { name: "Search every board's record" })).toHaveValue('solar');
    await expect(results(page)).toHaveCount(3);
    await expect(page.getByRole('combobox', { name: 'District' })).toHaveValue('2');
  });

  test('ranks the best matches first, and offers newest first, in the address too', async ({ page }) => {
    await page.goto('/search/records?q=boundaries');
    await expect(page.getByRole('status').filter({ hasText: 'boundaries' })).toHaveText(
      '5 matches for “boundaries”, best matches first.',
    );
    const order = page.getByRole('combobox', { name: 'Order' });
    await expect(order).toHaveValue('');
    await order.selectOption({ label: 'Newest first' });
    await expect(page.getByRole('status').filter({ hasText: 'boundaries' })).toHaveText(
      '5 matches for “boundaries”, newest first.',
    );
    await expect(page).toHaveURL(/\?q=boundaries&order=newest$/);
    // Dated results newest first, topics (which have no date) after them.
    const lines = await results(page).allTextContents();
    const dates = lines.map((line) => line.match(/\d\d\/\d\d\/\d\d/)?.[0] ?? '').filter(Boolean);
    const days = dates.map((date) => `${date.slice(6)}${date.slice(0, 2)}${date.slice(3, 5)}`);
    expect(days).toEqual([...days].sort().reverse());
    expect(lines.at(-1)).toMatch(/^Topic · /);
    await page.reload();
    await expect(order).toHaveValue('newest');
    await expect(page.getByRole('status').filter({ hasText: 'boundaries' })).toHaveText(
      '5 matches for “boundaries”, newest first.',
    );
  });

  test('shows only the kind chosen', async ({ page }) => {
    await page.goto('/search/records?q=boundaries');
    await expect(results(page)).toHaveCount(5);
    await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Topics' });
    await expect(results(page)).toHaveCount(2);
    for (const text of await results(page).allTextContents()) expect(text).toMatch(/^Topic · /);
  });
});

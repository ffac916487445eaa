// The district search without JavaScript: 'Go' sends the form to /search, which is rendered on demand (the site's
// Netlify function, which the local server calls as Netlify does) and lists the districts the database finds for the
// words, each a link to its page, in the page's language; nothing found says so, with what to try. A state alone leads
// to that state's list; nothing asked shows every state's list.
import { expect, test, type Page } from '@playwright/test';

test.use({ javaScriptEnabled: false });

const results = (page: Page) => page.getByRole('region', { name: /^Districts for|^Distritos para|的学区$/ });

async function search(page: Page, words: string, state = '', go = 'Go') {
  await page
    .getByPlaceholder(/^Search\.\.\.$|^Buscar\.\.\.$/)
    .first()
    .fill(words);
  if (state)
    await page
      .getByRole('combobox', { name: /^State$|^Estado$/ })
      .first()
      .selectOption(state);
  await page.getByRole('button', { name: go, exact: true }).first().click();
}

test("'Palo Alto' typed on the home page and 'Go' lists the Palo Alto district, linked to its page", async ({
  page,
}) => {
  await page.goto('/');
  await search(page, 'Palo Alto');
  await expect(page).toHaveURL(/\/search\?q=Palo\+Alto&state=$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Districts for “Palo Alto”' })).toBeVisible();
  await expect(results(page).getByText('1 district found.')).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveText(['Palo Alto Unified School District (CA, Santa Clara)']);
  // The words stay in the box, to change and send again.
  await expect(page.getByPlaceholder('Search...')).toHaveValue('Palo Alto');
  const palo = results(page).getByRole('link', { name: 'Palo Alto Unified School District', exact: true });
  await expect(palo).toHaveAttribute('href', '/1');
  await expect(palo.locator('mark')).toHaveText('Palo Alto');
  await palo.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
});

test("'PAUSD', its initials, finds the Palo Alto district", async ({ page }) => {
  await page.goto('/search');
  await search(page, 'PAUSD');
  await expect(page).toHaveURL(/\/search\?q=PAUSD&state=$/);
  await expect(
    results(page).getByRole('link', { name: 'Palo Alto Unified School District', exact: true }),
  ).toHaveAttribute('href', '/1');
});

test('words with a state chosen list the districts in that state, with those the site has no records of yet', async ({
  page,
}) => {
  await page.goto('/search');
  await search(page, 'public schools', 'NY');
  await expect(page).toHaveURL(/\/search\?q=public\+schools&state=NY$/);
  await expect(results(page).getByText('2 districts found.')).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveText([
    'Buffalo Public Schools (NY, Erie) · No records yet',
    'Yonkers Public Schools (NY, Westchester) · No records yet',
  ]);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('NY');
});

test('a search that finds nothing says so where it can be seen, with what to try and every state a link away', async ({
  page,
}) => {
  await page.goto('/');
  await search(page, 'qqqqzzzz');
  await expect(results(page).getByText('No districts found.')).toBeVisible();
  await expect(
    results(page).getByText('Try fewer words, the name of your city or county, your ZIP code, or another state.'),
  ).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(0);
  await results(page).getByRole('link', { name: 'Browse districts by state' }).click();
  await expect(page).toHaveURL(/\/states$/);
  await expect(page.getByRole('region', { name: 'Browse districts by state' }).getByRole('link')).toHaveCount(50);
});

test("a state alone leads to that state's list; nothing asked shows every state's list at /search", async ({
  page,
}) => {
  await page.goto('/');
  await search(page, '', 'CA');
  await expect(page).toHaveURL(/\/states\/CA$/);
  await expect(page.getByRole('heading', { level: 1, name: 'School districts in CA' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Palo Alto Unified School District', exact: true })).toHaveAttribute(
    'href',
    '/1',
  );
  await page.goto('/');
  await search(page, '  ');
  await expect(page).toHaveURL(/\/search\?q=\++&state=$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your District' })).toBeVisible();
  const states = page.getByRole('region', { name: 'Browse districts by state' });
  await expect(states.getByRole('link')).toHaveCount(50);
  await states.getByRole('link', { name: 'CA', exact: true }).click();
  await expect(page).toHaveURL(/\/states\/CA$/);
});

test('the Spanish search page answers in Spanish and leads to the Spanish district page', async ({ page }) => {
  await page.goto('/es/search');
  await search(page, 'Palo Alto', '', 'Ir');
  await expect(page).toHaveURL(/\/es\/search\?q=Palo\+Alto&state=$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 2, name: 'Distritos para «Palo Alto»' })).toBeVisible();
  await expect(results(page).getByText('Se encontró 1 distrito.')).toBeVisible();
  await expect(
    results(page).getByRole('link', { name: 'Palo Alto Unified School District', exact: true }),
  ).toHaveAttribute('href', '/es/1');
  await page.goto('/es/search?q=qqqqzzzz');
  await expect(results(page).getByText('No se encontraron distritos.')).toBeVisible();
  await expect(
    results(page).getByText(
      'Pruebe con menos palabras, el nombre de su ciudad o condado, su código postal u otro estado.',
    ),
  ).toBeVisible();
  await page.goto('/zh/search?q=PAUSD');
  await expect(page.getByRole('heading', { level: 2, name: '“PAUSD”的学区' })).toBeVisible();
  await expect(
    results(page).getByRole('link', { name: 'Palo Alto Unified School District', exact: true }),
  ).toHaveAttribute('href', '/zh/1');
});

test("the page rendered on demand carries the site's security headers and its policy as a header", async ({ page }) => {
  const response = await page.goto('/search?q=palo');
  const headers = response?.headers() ?? {};
  expect(response?.status()).toBe(200);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

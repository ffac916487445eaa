// The district search as a visitor uses it, live against the embedded database: suggestions while typing
// with the typed text highlighted, the state filter, every keyboard path of the WAI-ARIA combobox, 'Go',
// a blank string, a failed search, and a slow earlier answer that must not replace a newer one.
import { expect, test, type Page, type Request } from '@playwright/test';
import { US_STATES } from '../../src/lib/districtSearch';
import { expectNoAxeViolations, islandHydrated, settle, suggestionList } from './siteHelpers';

const SEARCH_CALL = '**/rest/v1/rpc/search_districts';
const searchText = (request: Request) =>
  request.url().includes('/rpc/search_districts') ? request.postDataJSON()?.search_text : undefined;

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'District name' });
}

// The box sleeps until first focused (client:demand): each test starts with it awake.
test.beforeEach(async ({ page }) => {
  await page.goto('/search');
  await searchBox(page).focus();
  await islandHydrated(page, 'DistrictSearch');
});

test("the search page has 'Find Your District', the 'Search...' box, the state dropdown and 'Go'", async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your District' })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search...');
  const state = page.getByRole('combobox', { name: 'State' });
  const options = await state.locator('option').allTextContents();
  expect(options).toEqual(['State', ...US_STATES]);
  await expect(state).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Go' })).toBeVisible();
});

test('typing shows suggestions with the typed text highlighted, plus state and county in parentheses, and which boards have no records yet', async ({
  page,
}) => {
  const box = searchBox(page);
  await box.pressSequentially('alto');
  const options = suggestionList(page).getByRole('option');
  await expect(options).toHaveText([
    'Alto Independent School District (TX, Cherokee) · No records yet',
    'Alton Community Unit School District 11 (IL, Madison) · No records yet',
    'Los Altos School District (CA, Santa Clara)',
    'Mountain View Los Altos Union High School District (CA, Santa Clara) · No records yet',
    'Palo Alto Unified School District (CA, Santa Clara)',
  ]);
  await expect(options.locator('mark')).toHaveText(['Alto', 'Alto', 'Alto', 'Alto', 'Alto']);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await suggestionList(page).getAttribute('id'))!);
  await expect(page.getByRole('status')).toHaveText('5 districts found.');
});

test('the highlight follows the case of the name, whatever case was typed', async ({ page }) => {
  await searchBox(page).fill('PALO ALTO');
  const option = suggestionList(page).getByRole('option');
  await expect(option).toHaveText(['Palo Alto Unified School District (CA, Santa Clara)']);
  await expect(option.locator('mark')).toHaveText('Palo Alto');
});

test('the state filter keeps only that state, and "State" brings every state back', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('public schools');
  const options = suggestionList(page).getByRole('option');
  await expect(options.filter({ hasText: '(NY,' })).not.toHaveCount(0);
  await expect(options.filter({ hasText: '(FL,' })).not.toHaveCount(0);
  await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
  await expect(options).toHaveText([
    'Buffalo Public Schools (NY, Erie) · No records yet',
    'Yonkers Public Schools (NY, Westchester) · No records yet',
  ]);
  await page.getByRole('combobox', { name: 'State' }).selectOption('');
  await expect(options.filter({ hasText: '(FL,' })).not.toHaveCount(0);
});

test('arrow down and up move the highlight, wrapping at the ends', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('palo');
  const options = suggestionList(page).getByRole('option');
  await expect(options).toHaveCount(4);
  const highlighted = suggestionList(page).getByRole('option', { selected: true });
  await expect(highlighted).toHaveCount(0);
  await expect(box).not.toHaveAttribute('aria-activedescendant');

  await box.press('ArrowDown');
  await expect(highlighted).toHaveText(/^Palo Alto Unified/);
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(highlighted).toHaveText(/^Palo Pinto/);
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await box.press('ArrowUp');
  await expect(highlighted).toHaveText(/^Palo Alto Unified/);
  await box.press('ArrowUp');
  await expect(highlighted).toHaveText(/^Palos Verdes/);
  await box.press('ArrowDown');
  await expect(highlighted).toHaveText(/^Palo Alto Unified/);
  await expect(box).toBeFocused();
});

test('Enter opens the highlighted suggestion', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('palo');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(suggestionList(page).getByRole('option', { selected: true })).toHaveText(/^Palo Verde Unified/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/5$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Verde Unified School District' })).toBeVisible();
});

test('Escape closes the list and keeps the text; arrow down opens it again', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('palo');
  const listbox = page.getByRole('listbox', { includeHidden: true });
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  await box.press('ArrowDown');
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await expect(box).toHaveValue('palo');
  await box.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await expect(suggestionList(page).getByRole('option', { selected: true })).toHaveText(/^Palo Alto Unified/);
});

test('clicking a suggestion opens its district', async ({ page }) => {
  await searchBox(page).fill('palo');
  await suggestionList(page)
    .getByRole('option', { name: /^Palo Alto Unified/ })
    .click();
  await expect(page).toHaveURL(/\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
});

test("'Go' opens the district when exactly one suggestion exists", async ({ page }) => {
  await searchBox(page).fill('palo alto');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(1);
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/\/1$/);
});

test("Enter with nothing highlighted acts as 'Go'", async ({ page }) => {
  const box = searchBox(page);
  await box.fill('PAUSD');
  await expect(suggestionList(page).getByRole('option')).toHaveText([
    'Palo Alto Unified School District (CA, Santa Clara)',
  ]);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/1$/);
});

test("'Go' pressed before the suggestions arrive waits for them", async ({ page }) => {
  await searchBox(page).fill('palo alto');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/\/1$/);
});

test("'Go' with several suggestions does nothing visible", async ({ page }) => {
  await searchBox(page).fill('palo');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  const navigations: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && navigations.push(request.url()));
  await page.getByRole('button', { name: 'Go' }).click();
  await settle(page);
  expect(navigations).toEqual([]);
  await expect(page).toHaveURL(/\/search\?q=palo$/);
  await expect(searchBox(page)).toHaveValue('palo');
});

test("'Go' with no suggestions does nothing visible", async ({ page }) => {
  await searchBox(page).fill('zzzz no such district');
  await expect(page.getByRole('status')).toHaveText('No districts found.');
  const navigations: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && navigations.push(request.url()));
  await page.getByRole('button', { name: 'Go' }).click();
  await settle(page);
  expect(navigations).toEqual([]);
  await expect(suggestionList(page).getByRole('option')).toHaveCount(0);
});

test('a blank search string clears the suggestions', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('palo');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  await box.fill('   ');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test('typed wildcards match only themselves', async ({ page }) => {
  await searchBox(page).fill('%');
  await expect(page.getByRole('status')).toHaveText('No districts found.');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(0);
});

test('a failed search is logged and shows no suggestions', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('palo');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  await page.route(SEARCH_CALL, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ message: 'the database is down' }),
    }),
  );
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes('District search failed'),
  );
  await box.fill('palo alto');
  await logged;
  await expect(suggestionList(page).getByRole('option')).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test('a slow answer to an earlier search never replaces the answer to a later one', async ({ page }) => {
  // Hold the answer to 'palo' until the answer to 'palo alto' is on screen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SEARCH_CALL, async (route) => {
    if (route.request().method() === 'POST' && searchText(route.request()) === 'palo') await held;
    await route.continue();
  });
  const box = searchBox(page);
  const earlier = page.waitForRequest((request) => searchText(request) === 'palo');
  await box.fill('palo');
  await earlier;
  await box.fill('palo alto');
  const options = suggestionList(page).getByRole('option');
  await expect(options).toHaveText(['Palo Alto Unified School District (CA, Santa Clara)']);

  const lateAnswer = page.waitForResponse((response) => searchText(response.request()) === 'palo');
  release();
  const response = await lateAnswer;
  expect(((await response.json()) as unknown[]).length).toBe(4);
  await response.finished();
  await settle(page);
  await expect(options).toHaveText(['Palo Alto Unified School District (CA, Santa Clara)']);
  await expect(options.locator('mark')).toHaveText('Palo Alto');
});

test('typing waits for a pause: quick keystrokes send one search', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    const text = searchText(request);
    if (request.method() === 'POST' && text) sent.push(text);
  });
  // The page's clock is held still while typing, so keystrokes are 'quick' however busy this machine is;
  // then it runs past the pause.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await searchBox(page).pressSequentially('palo');
  expect(sent).toEqual([]);
  await page.clock.runFor(1000);
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  expect(sent).toEqual(['palo']);
});

const NEW_YORK_PUBLIC_SCHOOLS = [
  'Buffalo Public Schools (NY, Erie) · No records yet',
  'Yonkers Public Schools (NY, Westchester) · No records yet',
];

/** The page's own list of the districts found for its address's words. */
const listedFor = (page: Page, text: string) =>
  page.getByRole('region', { name: `Districts for “${text}”` }).getByRole('listitem');

/** The box, awake with the answer for the page's words, holds it without showing a second list of the same districts. */
async function expectHeldNotShown(page: Page, suggestions: string[]) {
  const held = page.getByRole('listbox', { name: 'District suggestions', includeHidden: true });
  await expect(held.getByRole('option', { includeHidden: true })).toHaveText(suggestions);
  await expect(held).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
}

test('an address with ?q= and &state= fills the search in, lists what it finds once, and opens the suggestions when asked', async ({
  page,
}) => {
  await page.goto('/search?q=public%20schools&state=ny');
  await islandHydrated(page, 'DistrictSearch');
  await expect(searchBox(page)).toHaveValue('public schools');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('NY');
  await expect(listedFor(page, 'public schools')).toHaveText(NEW_YORK_PUBLIC_SCHOOLS);
  await expectHeldNotShown(page, NEW_YORK_PUBLIC_SCHOOLS);
  await searchBox(page).press('ArrowDown');
  await expect(suggestionList(page).getByRole('option')).toHaveText(NEW_YORK_PUBLIC_SCHOOLS);
  await expect(suggestionList(page).getByRole('option', { selected: true })).toHaveText(NEW_YORK_PUBLIC_SCHOOLS[0]);
  // Words of the reader's own open the suggestions as they are found.
  await searchBox(page).press('Escape');
  await searchBox(page).fill('yonkers');
  await expect(suggestionList(page).getByRole('option')).toHaveText([NEW_YORK_PUBLIC_SCHOOLS[1]]);
});

test('an address whose words find nothing says so once, on the page', async ({ page }) => {
  const answered = page.waitForResponse(SEARCH_CALL);
  await page.goto('/search?q=qqqqzzzz');
  await islandHydrated(page, 'DistrictSearch');
  await expect(searchBox(page)).toHaveValue('qqqqzzzz');
  // The box has its own answer (nothing) by now.
  await answered;
  await settle(page);
  await expect(page.getByText('No districts found.')).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Districts for “qqqqzzzz”' }).getByText('No districts found.'),
  ).toBeVisible();
});

test("the search form sent as it is with words and a state lists that state's districts found, and the box wakes with them", async ({
  page,
}) => {
  await page.goto('/search');
  await page.getByRole('combobox', { name: 'State' }).focus();
  await islandHydrated(page, 'DistrictSearch');
  await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
  // The no-script path: the form itself is sent, and /search, rendered on demand, lists what it found.
  await page.locator('form.district-search').evaluate((form: HTMLFormElement) => {
    (form.elements.namedItem('q') as HTMLInputElement).value = 'public schools';
    HTMLFormElement.prototype.submit.call(form);
  });
  await expect(page).toHaveURL(/\/search\?q=public\+schools&state=NY$/);
  await expect(listedFor(page, 'public schools')).toHaveText(NEW_YORK_PUBLIC_SCHOOLS);
  await islandHydrated(page, 'DistrictSearch');
  await expect(searchBox(page)).toHaveValue('public schools');
  await expectHeldNotShown(page, NEW_YORK_PUBLIC_SCHOOLS);
});

test('the open suggestion list, with a highlighted suggestion, has no WCAG 2.2 A/AA violations', async ({ page }) => {
  const box = searchBox(page);
  await box.fill('palo');
  await expect(suggestionList(page).getByRole('option')).toHaveCount(4);
  await box.press('ArrowDown');
  await expect(suggestionList(page).getByRole('option', { selected: true })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('a search that finds nothing says so where it can be seen, with what to try', async ({ page }) => {
  await searchBox(page).fill('qqqqzzzz');
  const none = page.getByRole('status');
  await expect(none).toHaveText('No districts found.');
  await expect(none).toBeVisible();
  const box = await none.boundingBox();
  expect(box?.width).toBeGreaterThan(50);
  expect(box?.height).toBeGreaterThan(10);
  await expect(
    page.getByText('Try fewer words, the name of your city or county, your ZIP code, or another state.'),
  ).toBeVisible();
  await searchBox(page).fill('palo');
  await expect(suggestionList(page).getByRole('option').first()).toBeVisible();
  await expect(page.getByText('Try fewer words')).toHaveCount(0);
});

// The words a parent uses, each leading to Palo Alto Unified (the home page's own button says "PAUSD").
for (const typed of [
  'PAUSD',
  '94301',
  'Palo Alto School District',
  'Palo Alto USD',
  'Santa Clara County',
  'California',
]) {
  test(`'${typed}' suggests Palo Alto Unified`, async ({ page }) => {
    await searchBox(page).fill(typed);
    await expect(suggestionList(page).getByRole('option', { name: /Palo Alto Unified School District/ })).toBeVisible();
  });
}

test('the address carries the search, restores it on reload and keeps it through the language switch', async ({
  page,
}) => {
  await searchBox(page).fill('PAUSD');
  const state = page.getByRole('combobox', { name: 'State' });
  await state.selectOption('CA');
  await expect(page).toHaveURL(/\/search\?q=PAUSD&state=CA$/);
  await state.selectOption('');
  await expect(page).toHaveURL(/\/search\?q=PAUSD$/);
  await page.reload();
  await expect(searchBox(page)).toHaveValue('PAUSD');
  await expect(listedFor(page, 'PAUSD').filter({ hasText: 'Palo Alto Unified' })).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Language', exact: true }).getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/search\?q=PAUSD$/);
  await expect(page.getByRole('combobox', { name: 'Nombre del distrito' })).toHaveValue('PAUSD');
  await expect(
    page
      .getByRole('region', { name: 'Distritos para «PAUSD»' })
      .getByRole('listitem')
      .filter({ hasText: 'Palo Alto Unified' }),
  ).toHaveCount(1);
});

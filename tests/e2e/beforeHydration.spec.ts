// Before the reader acts, the search pages, the record search and the email links' pages load no React:
// their islands sleep until the first focus, tap or key inside them (client:demand). Nothing the reader does meanwhile
// is lost: text typed and choices made before an island woke are still there once it is, the first 'Go', search or
// vote sent meanwhile takes effect, and a search link shows its results without a touch. An island's script is held
// back (the request waits, then goes on unchanged) to make sure the reader acts before it has run.
import { expect, test } from '@playwright/test';
import { sql } from '../../supabase/tests/helpers';
import { useTranslations } from '../../src/i18n/catalogues';
import { holdIsland, islandAsleep, islandHydrated, pageErrors, suggestionList } from './siteHelpers';

type Sleeper = 'DistrictSearch' | 'RecordSearch' | 'AgendaVoteForm' | 'EmailLink';

// The vote page too: once the meeting is over, as in the demo data, its residents' totals are read and shown by the
// page's own script while the form sleeps.
const PAGES: [path: string, island: Sleeper][] = [
  ['/', 'DistrictSearch'],
  ['/zh/votingPAUSD', 'AgendaVoteForm'],
  ['/es/search', 'DistrictSearch'],
  ['/search/records', 'RecordSearch'],
  ['/confirm?token=abc', 'EmailLink'],
  [`/es/unsubscribe?token=${'a'.repeat(64)}`, 'EmailLink'],
];

for (const [path, island] of PAGES) {
  test(`${path} loads no React until the reader acts`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await islandAsleep(page, island);
  });
}

test("the vote page shows the residents' totals with its form still asleep, and the form takes them over as they are", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.goto('/votingPAUSD');
  const budget = page.getByRole('group', { name: 'Adoption of the 2025-26 District Budget' });
  const line = budget.locator('.resident-totals');
  // Whatever the totals are at this moment (counted, too few yet), the line is there in words, and no React loaded.
  await expect(line).toContainText(/^Residents’ answers: (Support \d+|Residents’ totals appear here)/);
  await expect(line).toBeVisible();
  await islandAsleep(page, 'AgendaVoteForm');
  const shown = await line.textContent();
  // The first touch wakes the form: it hydrates over the lines the page's script wrote, without a mismatch.
  await budget.getByRole('radio', { name: 'Support', exact: true }).check();
  await islandHydrated(page, 'AgendaVoteForm');
  await expect(budget.getByRole('radio', { name: 'Support', exact: true })).toBeChecked();
  await expect(line).toHaveText(shown!);
  expect(errors).toEqual([]);
});

test('text typed into the district search before it woke is kept and searched', async ({ page }) => {
  const release = await holdIsland(page, 'DistrictSearch');
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: 'District name' });
  await box.fill('palo');
  await page.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await islandAsleep(page, 'DistrictSearch');
  release();
  await islandHydrated(page, 'DistrictSearch');
  await expect(box).toHaveValue('palo');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
  await expect(suggestionList(page).getByRole('option').first()).toBeVisible();
  for (const text of await suggestionList(page).getByRole('option').allTextContents()) expect(text).toMatch(/\(CA, /);
});

test("a 'Go' pressed before the district search woke opens the one district found", async ({ page }) => {
  const release = await holdIsland(page, 'DistrictSearch');
  await page.goto('/');
  await page.getByRole('combobox', { name: 'District name' }).fill('palo alto');
  await page.getByRole('button', { name: 'Go' }).click();
  await islandAsleep(page, 'DistrictSearch');
  release();
  await expect(page).toHaveURL(/\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
});

test('a record search sent before its island woke searches in place', async ({ page }) => {
  const release = await holdIsland(page, 'RecordSearch');
  await page.goto('/search/records');
  const box = page.getByRole('searchbox', { name: "Search every board's record" });
  await box.fill('solar');
  await box.press('Enter');
  await islandAsleep(page, 'RecordSearch');
  release();
  await expect(page).toHaveURL(/\/search\/records\?q=solar$/);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(3);
  await expect(box).toHaveValue('solar');
});

test('a search link shows its results without a touch and without React, in every language', async ({ page }) => {
  for (const locale of ['en', 'zh'] as const) {
    const call = page.waitForRequest('**/rest/v1/rpc/search_records');
    await page.goto(`${locale === 'en' ? '' : `/${locale}`}/search/records?q=solar`);
    // The page connects ahead to the API its script calls.
    await expect(page.locator('head link[rel="preconnect"]')).toHaveAttribute(
      'href',
      new URL((await call).url()).origin,
    );
    await expect(
      page.getByRole('list', { name: useTranslations(locale)('records.resultsLabel') }).getByRole('listitem'),
    ).toHaveCount(3);
    await expect(page.getByRole('searchbox')).toHaveValue('solar');
    await expect(page.getByRole('status')).toHaveText(
      useTranslations(locale)('records.matches.relevance', { count: 3, text: 'solar' }),
    );
    await islandAsleep(page, 'RecordSearch');
  }
});

test("a search link's results are the island's once it wakes: its first touch takes them over, without a mismatch", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.goto('/search/records?q=solar&kind=meeting');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  const shown = await results.allTextContents();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('meeting');
  await page.getByRole('searchbox', { name: "Search every board's record" }).focus();
  await islandHydrated(page, 'RecordSearch');
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('meeting');
  expect(await results.allTextContents()).toEqual(shown);
  // From its own first search on, the island answers alone.
  await page.getByRole('combobox', { name: 'Show' }).selectOption('');
  await expect(page).toHaveURL(/\/search\/records\?q=solar$/);
  await expect(results).toHaveCount(3);
  expect(errors).toEqual([]);
});

test.describe('a search link with more than one page of results', () => {
  // A district of its own (inserted with the superuser, ids 900000 and up, and deleted afterwards) with 23 meetings
  // that name a word no other record has: one page of 20 results, and 3 more.
  const DISTRICT = 900000 + Math.floor(Math.random() * 49999) * 2;
  const WORD = 'quillwort';
  test.beforeAll(async () => {
    await sql('insert into public.districts (id, name, state) values ($1, $2, $3)', [
      DISTRICT,
      'Quillwort Test School District',
      'CA',
    ]);
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
       select $1, date '2025-01-07' + 7 * n, 'Regular Board Meeting', '<p>The board heard about the ' || $2 || ' garden, part ' || n || '.</p>' from generate_series(1, 23) n`,
      [DISTRICT, WORD],
    );
  });
  test.afterAll(async () => {
    await sql('delete from public.districts where id = $1', [DISTRICT]);
  });

  test("'Show more results' works before the island wakes, and the island takes all of them over", async ({ page }) => {
    const release = await holdIsland(page, 'RecordSearch');
    await page.goto(`/search/records?q=${WORD}`);
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results).toHaveCount(20);
    await expect(page.getByRole('status')).toHaveText(`23 matches for “${WORD}”, best matches first.`);
    await page.getByRole('button', { name: 'Show more results' }).click();
    await expect(results).toHaveCount(23);
    await expect(page.getByRole('status')).toHaveText(`23 matches for “${WORD}”, best matches first.`);
    await expect(page.getByRole('button', { name: 'Show more results' })).toBeHidden();
    await islandAsleep(page, 'RecordSearch');
    release();
    await islandHydrated(page, 'RecordSearch');
    await expect(results).toHaveCount(23);
    await expect(page.getByRole('status')).toHaveText(`23 matches for “${WORD}”, best matches first.`);
    await expect(page.getByRole('button', { name: 'Show more results' })).toBeHidden();
  });
});

test('choices made and a vote sent before the form woke are all sent, once', async ({ page }) => {
  const email = `early-voter-${crypto.randomUUID()}@example.org`;
  const release = await holdIsland(page, 'AgendaVoteForm');
  await page.goto('/votingPAUSD');
  const items: [item: string, label: string][] = [
    ['Adoption of the 2025-26 District Budget', 'Oppose'],
    ['Local Control and Accountability Plan (LCAP)', 'Support'],
    ['Every Student Reads Initiative Update', 'Support'],
    ['Summer 2025 Facilities and Maintenance Projects', 'Neutral / Unsure'],
    ['Accessible Playground at Hoover Elementary', 'Support'],
  ];
  for (const [item, label] of items)
    await page.getByRole('group', { name: item }).getByRole('radio', { name: label, exact: true }).check();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Submit Vote' }).click();
  await islandAsleep(page, 'AgendaVoteForm');
  release();
  await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
  const stored = await sql<Record<string, string>>(
    'select budget, lcap, esri_update, summer_projects, hoover_playground, email from public.agenda_votes where email = $1',
    [email],
  );
  expect(stored).toEqual([
    {
      budget: 'oppose',
      lcap: 'support',
      esri_update: 'support',
      summer_projects: 'neutral',
      hoover_playground: 'support',
      email,
    },
  ]);
});

test('choices made before the form woke are still checked once it is awake', async ({ page }) => {
  const release = await holdIsland(page, 'AgendaVoteForm');
  await page.goto('/votingPAUSD');
  const budget = page.getByRole('group', { name: 'Adoption of the 2025-26 District Budget' });
  await budget.getByRole('radio', { name: 'Support', exact: true }).check();
  await page.getByRole('textbox', { name: 'Comments' }).fill('More reading tutors.');
  release();
  await islandHydrated(page, 'AgendaVoteForm');
  // A later choice re-renders the form: the earlier ones must survive it.
  await page
    .getByRole('group', { name: 'Accessible Playground at Hoover Elementary' })
    .getByRole('radio', { name: 'Oppose', exact: true })
    .check();
  await expect(budget.getByRole('radio', { name: 'Support', exact: true })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue('More reading tutors.');
});

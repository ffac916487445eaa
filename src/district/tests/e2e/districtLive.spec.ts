// Districts added after the build: /{id} is answered by the 404 page, which renders the district from live data
// with the same components, and with the same loading, error and empty texts. The districts are inserted here
// with the superuser (ids 900000 and up, random) and deleted afterwards.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { collectAlerts, stubYouTube } from './districtHelpers';

const LIVE = 900000 + Math.floor(Math.random() * 49999) * 2;
const EMPTY = LIVE + 1;

test.beforeAll(async () => {
  await sql(
    'insert into public.districts (id, name, state, county, address, phone, "totalStudents") values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $3, $4, null, null, null)',
    [
      LIVE,
      'Live Test Unified School District',
      'CA',
      'Santa Clara',
      '1 Test Way, Palo Alto, CA 94306',
      '(650) 555-0100',
      12345,
      EMPTY,
      'Empty Test School District',
    ],
  );
  await sql(
    `insert into public.meetings ("districtId", date, title, topics, summary, meeting_type, "isUpcoming", youtube_link) values
      ($1, '2025-09-09', null, '["Budget", "Safety"]', $2, 'special', false, 'https://www.youtube.com/watch?v=aBcDeFgHiJ1'),
      ($1, '2025-08-12', 'Regular Board Meeting', '"Calendar"', '<p>Comment began at 4:10.</p>', 'normal', false, 'https://vimeo.com/12345'),
      ($1, '2026-10-01', 'Regular Board Meeting', null, '<p>Agenda to come.</p>', 'upcoming', true, null)`,
    [
      LIVE,
      '<h3>Opening</h3><p>Opened at 2:30 <img src="x" onerror="alert(1)">and heard comment at 1:02:03.</p><script>alert(2)</script><ul><li>One item</li></ul>',
    ],
  );
  await sql(
    `insert into public.topics ("districtId", title, description, upvotes, downvotes) values ($1, 'Live Topic', '<p>A <a href="javascript:alert(1)">bad link</a> and a <a href="https://example.org/">good one</a>.</p>', 1500, 3)`,
    [LIVE],
  );
  await sql(
    `insert into public.votings ("districtId", type, "voteDate", category, issue, outcome, votes) values
      ($1, 'recent', '2025-09-09', 'Budget', 'Adopt a live budget', 'Passed (2-1)', '[{"name":"Ann Lee","vote":"Yes"},{"name":"Bo Chan","vote":"No"},{"name":"Cy Diaz","vote":"Yes"}]'),
      ($1, 'past', '2024-09-10', 'Policy', 'An older decision', 'Failed', '[{"name":"Ann Lee","vote":"No"}]')`,
    [LIVE],
  );
});

test.afterAll(async () => {
  await sql('delete from public.districts where id = any($1)', [[LIVE, EMPTY]]);
});

/** Holds the page's one request (its district_pages document) until the test lets it go, so the loading state can be seen. */
async function holdDistrict(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/district_pages?*', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('the 404 page answers a path that was not built (as on Netlify)', async ({ request }) => {
  const response = await request.get(`/${LIVE}`);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Loading district info...');
});

test("a district added after the build opens live: 'Loading district info...', then the same page", async ({
  page,
}) => {
  const release = await holdDistrict(page);
  await page.goto(`/${LIVE}`);
  await expect(page.getByText('Loading district info...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Test Unified School District' })).toBeVisible();
  await expect(page).toHaveTitle('Live Test Unified School District | School Board Transparency');
  await expect(page.getByText('Enrollment: 12,345')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Board Breakdown' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Board Breakdown' }).getByRole('tab')).toHaveText([
    'Summaries',
    'Topics',
    'Voting',
  ]);
  await expect(
    page.getByRole('region', { name: 'Get Summaries In Your Email' }).getByRole('textbox', { name: 'Email' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Did you find this useful?' })).toBeVisible();
  await expect(page.getByText('Page not found')).toBeHidden();
});

test('live meetings: cards by the same rules, sanitised in the browser, time stamps only with a YouTube link', async ({
  page,
}) => {
  await stubYouTube(page);
  const alerts = collectAlerts(page);
  await page.goto(`/${LIVE}`);
  const cards = page.getByRole('tabpanel', { name: 'Summaries' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
    'Upcoming Regular Board Meeting',
    'Special Board Meeting',
    'Regular Board Meeting',
  ]);
  await expect(cards.nth(0).getByText('Upcoming', { exact: true })).toBeVisible();

  const special = page.locator('#meeting-09-09-25');
  await expect(special.getByText('Budget, Safety', { exact: true })).toBeVisible();
  await special.getByRole('button', { name: 'Expand' }).click();
  await expect(special.getByRole('heading', { name: 'Opening' })).toBeVisible();
  await expect(special.locator('img, script')).toHaveCount(0);
  await expect(special.getByRole('button', { name: /^Play the video from/ })).toHaveText(['2:30', '1:02:03']);
  await special.getByRole('button', { name: 'Play the video from 1:02:03' }).click();
  const dialog = page.getByRole('dialog', { name: 'Starting at 1:02:03 – drag to move' });
  await expect(dialog.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/aBcDeFgHiJ1?autoplay=1&controls=0&loop=1&playlist=aBcDeFgHiJ1&start=3723',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A video link that is not a watch, short or embed link gives no popup: the time stamp stays text.
  const vimeo = page.locator('#meeting-08-12-25');
  await vimeo.getByRole('button', { name: 'Expand' }).click();
  await expect(vimeo.getByText('Comment began at 4:10.')).toBeVisible();
  await expect(vimeo.getByRole('button', { name: /^Play the video from/ })).toHaveCount(0);
  expect(alerts).toEqual([]);
});

test('a #meeting- hash opens that live card once it has loaded', async ({ page }) => {
  await page.goto(`/${LIVE}?tab=Meetings#meeting-08-12-25`);
  const card = page.locator('#meeting-08-12-25');
  await expect(card.getByRole('button', { name: 'Minimize' })).toBeVisible();
  await expect(card).toBeInViewport();
});

test('live topics and votes: counters, sanitised description, a vote written and the tables', async ({ page }) => {
  await page.goto(`/${LIVE}?tab=topics`);
  const panel = page.getByRole('tabpanel', { name: 'Topics' });
  await expect(panel.getByRole('heading', { level: 3, name: 'Live Topic' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'good one' })).toHaveAttribute('href', 'https://example.org/');
  await expect(panel.getByText('bad link')).not.toHaveAttribute('href');
  const up = panel.getByRole('button', { name: /^Upvote/ });
  await expect(up).toHaveText('Upvote 1.5k');
  await panel.getByRole('button', { name: /^Downvote/ }).click();
  await expect(panel.getByRole('button', { name: /^Downvote/ })).toHaveText('Downvote 4');
  const [{ downvotes }] = await sql<{ downvotes: number }>(
    'select downvotes from public.topics where "districtId" = $1',
    [LIVE],
  );
  expect(downvotes).toBe(4);

  await page.getByRole('tab', { name: 'Voting' }).click();
  const current = page.getByRole('table', { name: 'Current Board Votes' });
  await expect(current.getByRole('columnheader')).toHaveText([
    'Date',
    'Category',
    'Issue (Brief Description)',
    'Outcome',
    'Ann Lee',
    'Bo Chan',
    'Cy Diaz',
  ]);
  await expect(current.getByRole('row', { name: /Adopt a live budget/ }).getByRole('cell')).toHaveText([
    '9/9/25',
    'Budget',
    'Adopt a live budget',
    'Passed(2-1)',
    'Yes',
    'No',
    'Yes',
  ]);
  await expect(page.getByRole('table', { name: 'Past Board Votes' }).getByRole('columnheader')).toHaveText([
    'Date',
    'Category',
    'Issue (Brief Description)',
    'Outcome',
    'Ann Lee',
  ]);
});

test("a live district without rows says 'No meetings found.', 'No topics found.' and shows no votes", async ({
  page,
}) => {
  await page.goto(`/${EMPTY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Empty Test School District' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Summaries' }).getByText('No meetings found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Topics' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Topics' }).getByText('No topics found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Voting' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Voting' }).getByText('No votes found.')).toHaveCount(2);
});

test("a failed district load says 'Error loading district info: {message}'", async ({ page }) => {
  await page.route('**/rest/v1/district_pages?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'XX000', message: 'database is down' }),
    }),
  );
  await page.goto(`/${LIVE}`);
  await expect(page.getByText('Error loading district info: database is down')).toBeVisible();
});

test('the live page reads its whole district in one request, as the build does', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) requests.push(new URL(request.url()).pathname);
  });
  await page.goto(`/${LIVE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Live Test Unified School District' })).toBeVisible();
  await expect(
    page.getByRole('tabpanel', { name: 'Summaries' }).getByRole('heading', { level: 3 }).first(),
  ).toBeVisible();
  expect(requests).toEqual(['/rest/v1/district_pages']);
});

const tabErrors = [
  ['meetings', 'Summaries', 'Error loading meetings: the meetings of this district could not be read.'],
  ['topics', 'Topics', 'Error loading topics: the topics of this district could not be read.'],
  ['votings', 'Voting', 'Error: the votes of this district could not be read.'],
] as const;

for (const [list, tab, errorText] of tabErrors) {
  test(`'Loading district info...', then '${errorText}' in the ${tab} tab when its list cannot be read`, async ({
    page,
  }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The page's document as the database sends it, held until released, with this one list damaged.
    await page.route('**/rest/v1/district_pages?*', async (route) => {
      await gate;
      const response = await route.fetch();
      const body = await response.json();
      body.page[list] = 'not a list';
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/${LIVE}?tab=${tab}`);
    await expect(page.getByText('Loading district info...')).toBeVisible();
    release();
    await expect(page.getByRole('tabpanel', { name: tab }).getByRole('alert')).toHaveText(errorText);
    await expect(page.getByRole('heading', { level: 1, name: 'Live Test Unified School District' })).toBeVisible();
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a numeric path that names no district says so in 'Error loading district info: …', then offers the search`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const id = LIVE + 1_000_000_000;
    await page.goto(`/${id}`);
    await expect(page.getByRole('alert')).toHaveText(
      `Error loading district info: No district has the id ${id}. Check the address, or search for your district below.`,
    );
    await expect(page.getByRole('heading', { name: 'Find Your District' })).toBeVisible();
    await expect(page.getByPlaceholder('Search...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeHidden();
  });
}

test('any other unknown path shows the not-found page, and never loads a district', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) requests.push(request.url());
  });
  await page.goto('/no-such-page');
  await expect(page.locator('#not-found-route')).toBeVisible();
  await expect(page.locator('#live-district-route')).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
});

test("a live district's record is searched too: a result lands on its vote row", async ({ page }) => {
  await page.goto(`/${LIVE}`);
  const box = page.getByRole('searchbox', { name: "Search this board's record" });
  await box.fill('live budget');
  await box.press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page.getByRole('status').filter({ hasText: 'live budget' })).toHaveText(
    /^\d+ match(es)? for “live budget”(, best matches first)?\.$/,
  );
  await results.getByRole('link', { name: 'Adopt a live budget', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${LIVE}\\?tab=voting#vote-\\d+$`));
  await expect(page.getByRole('tab', { name: 'Voting' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: 'Adopt a live budget' }).first()).toBeInViewport();
});

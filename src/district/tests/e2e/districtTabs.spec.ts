// Board Breakdown: the sidebar, its three tabs (WAI-ARIA tabs pattern), ?tab= and all panels in the HTML.
import { expect, test } from '@playwright/test';

test('the sidebar is titled Board Breakdown and holds the Summaries, Topics and Voting tabs, Meetings first', async ({
  page,
}) => {
  await page.goto('/1');
  await expect(page.getByRole('heading', { level: 2, name: 'Board Breakdown' })).toBeVisible();
  const tablist = page.getByRole('tablist', { name: 'Board Breakdown' });
  await expect(tablist.getByRole('tab')).toHaveText(['Summaries', 'Topics', 'Voting']);
  await expect(tablist.getByRole('tab', { name: 'Summaries' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Summaries' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Topics' })).toBeHidden();
  await expect(page.getByRole('tabpanel', { name: 'Voting' })).toBeHidden();
});

const tabQueries = [
  ['topics', 'Topics'],
  ['Topics', 'Topics'],
  ['TOPICS', 'Topics'],
  ['votinganalysis', 'Voting'],
  ['VotingAnalysis', 'Voting'],
  ['voting', 'Voting'],
  ['Voting', 'Voting'],
  ['meetings', 'Summaries'],
  ['Meetings', 'Summaries'],
  ['summaries', 'Summaries'],
  ['nonsense', 'Summaries'],
  ['', 'Summaries'],
] as const;

for (const [value, tab] of tabQueries) {
  test(`?tab=${value} opens the ${tab} tab`, async ({ page }) => {
    await page.goto(`/1?tab=${value}`);
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expect(
      page.getByRole('tablist', { name: 'Board Breakdown' }).getByRole('tab', { selected: true }),
    ).toHaveCount(1);
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px, with every island's script held back, tabs and Expand work, the address follows the tab and Back returns`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // No module script ever arrives: what the visitor uses comes from the HTML and the inline board script.
    const held: string[] = [];
    await page.route('**/_astro/*.js', (route) => {
      held.push(route.request().url());
      return route.abort();
    });
    await page.goto('/1?tab=topics');
    await expect(page.getByRole('tab', { name: 'Topics' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Topics' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Summaries' })).toBeHidden();
    await page.getByRole('tab', { name: 'Voting' }).click();
    await expect(page).toHaveURL(/\/1\?tab=voting$/);
    await expect(page.getByRole('tabpanel', { name: 'Voting' })).toBeVisible();
    await page.getByRole('tab', { name: 'Summaries' }).click();
    await expect(page).toHaveURL(/\/1\?tab=meetings$/);
    const card = page.locator('#meeting-09-10-24');
    await card.getByRole('button', { name: /^Expand / }).click();
    await expect(card.getByText('Public comment on this item ran long')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Minimize / })).toHaveAttribute('aria-expanded', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\/1\?tab=voting$/);
    await expect(page.getByRole('tab', { name: 'Voting' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Voting' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('tabpanel', { name: 'Topics' })).toBeVisible();
    expect(held.length).toBeGreaterThan(0);
  });
}

test('the tabs are links carrying ?tab=', async ({ page }) => {
  await page.goto('/1');
  const tablist = page.getByRole('tablist', { name: 'Board Breakdown' });
  for (const [name, tab] of [
    ['Summaries', 'meetings'],
    ['Topics', 'topics'],
    ['Voting', 'voting'],
  ]) {
    await expect(tablist.getByRole('tab', { name })).toHaveAttribute('href', `?tab=${tab}`);
  }
});

test('on the default tab no island wakes up, so no React is loaded: reading needs none of it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  // Each island's code and React's renderer (client.*) are files of their own, fetched when an island wakes up.
  const islandCode = () =>
    scripts.filter((path) =>
      /react|\/(client|TopicVoting|VotingTables|RecordSearch|SubscribeForm|VideoPopup|DistrictSearch)\./.test(path),
    );
  await page.goto('/1');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('tabpanel', { name: 'Summaries' })).toBeVisible();
  expect(islandCode()).toEqual([]);
  // Opening a tab to read it loads nothing either; the same watch sees the topics' island load at the first tap in it.
  await page.getByRole('tab', { name: 'Topics' }).click();
  await expect(page.getByRole('tablist', { name: 'Topics' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(islandCode()).toEqual([]);
  await page.getByRole('tablist', { name: 'Topics' }).getByRole('tab', { selected: true }).click();
  await expect.poll(islandCode).toContainEqual(expect.stringContaining('TopicVoting'));
});

test('clicking a tab shows its panel and hides the others', async ({ page }) => {
  await page.goto('/1');
  await page.getByRole('tab', { name: 'Voting' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Voting' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Board Votes' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Summaries' })).toBeHidden();
  await page.getByRole('tab', { name: 'Topics' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Topics' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Voting' })).toBeHidden();
});

test('arrow keys, Home and End move between the tabs and choose them (focus follows)', async ({ page }) => {
  await page.goto('/1');
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('Summaries').focus();
  // Only the selected tab is in the Tab order.
  await expect(tab('Summaries')).toHaveAttribute('tabindex', '0');
  await expect(tab('Topics')).toHaveAttribute('tabindex', '-1');
  const steps = [
    ['ArrowRight', 'Topics'],
    ['ArrowRight', 'Voting'],
    ['ArrowRight', 'Summaries'],
    ['ArrowLeft', 'Voting'],
    ['ArrowDown', 'Summaries'],
    ['ArrowUp', 'Voting'],
    ['Home', 'Summaries'],
    ['End', 'Voting'],
  ] as const;
  for (const [key, name] of steps) {
    await page.keyboard.press(key);
    await expect(tab(name)).toBeFocused();
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
  // Tab moves on into the panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Voting' })).toBeFocused();
});

test('all three panels are in the pre-rendered HTML', async ({ request }) => {
  const html = await (await request.get('/1')).text();
  // Meetings, a topic description and a vote record, before any script runs.
  expect(html).toContain('Study session Teacher Housing');
  expect(html).toContain('secondary math pathways review');
  expect(html).toContain('Past Board Votes');
  expect(html).toContain('Elect Priya Raman board president for 2025');
  expect(html.match(/role="tabpanel"/g)?.length).toBeGreaterThanOrEqual(3);
});

test('without JavaScript every panel, topic and summary is readable', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/1?tab=voting');
  await expect(page.getByRole('heading', { name: 'Study session Teacher Housing' })).toBeVisible();
  await expect(page.getByText('Public comment on this item ran long')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Math Pathways', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Budget 2025-26', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Board Votes' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Elect Priya Raman board president for 2025' })).toBeVisible();
  // Controls that need script are not offered.
  await expect(page.getByRole('button', { name: 'Expand' })).toHaveCount(0);
  await context.close();
});

const widths = [
  [375, true],
  [1280, false],
] as const;

for (const [width, scrolls] of widths) {
  test(`at ${width} px choosing a tab ${scrolls ? 'scrolls the sidebar into view' : 'leaves the page where it is'}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/1');
    const heading = page.getByRole('heading', { name: 'Board Breakdown' });
    // Scroll so the sidebar's heading is above the viewport while its tabs are still on screen.
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), top + 40);
    // (On wide screens the sidebar is sticky, so it never leaves the viewport.)
    if (scrolls) await expect(heading).not.toBeInViewport({ ratio: 1 });
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole('tab', { name: 'Topics' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Topics' })).toBeVisible();
    if (scrolls) {
      await expect(heading).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before);
    } else {
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
    }
  });
}

for (const tab of ['Summaries', 'Topics', 'Voting']) {
  test(`at 320 px the ${tab} tab fits the screen: wide content scrolls inside it, not the page`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/1');
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}

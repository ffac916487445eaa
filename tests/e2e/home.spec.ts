// The home page: the hero, the way to Palo Alto, and 'What We Provide' with its demo clip, which fades in
// once 10% of it is visible (and does not move at all under reduced motion).
import { expect, test, type Page } from '@playwright/test';
import { settle, suggestionList } from './siteHelpers';

const HERO_TEXT =
  'Stay informed on every school board decision, track the topics that matter most, and get up-to-date voting details—all in one place.';

test('the hero says what the site is for and leads to Palo Alto', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'School Board Transparency' })).toBeVisible();
  await expect(page.getByText(HERO_TEXT)).toBeVisible();
  const visit = page.getByRole('link', { name: 'Visit Palo Alto (PAUSD)' });
  await expect(visit).toHaveAttribute('href', '/1');
  await visit.click();
  await expect(page).toHaveURL(/\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
});

test('the district search is on the home page below the hero', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Find Your District' })).toBeVisible();
  // Typed while the box's island wakes (at this first focus): the text is searched once it is awake.
  await page.getByRole('combobox', { name: 'District name' }).fill('palo alto');
  await expect(suggestionList(page).getByRole('option')).toHaveText([
    'Palo Alto Unified School District (CA, Santa Clara)',
  ]);
});

test('the home box finds Palo Alto from the initials its own button names (PAUSD), at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'District name' });
  await box.fill('PAUSD');
  await expect(suggestionList(page).getByRole('option')).toHaveText([
    'Palo Alto Unified School District (CA, Santa Clara)',
  ]);
  await page.screenshot({ path: test.info().outputPath('home-search-pausd-375.png') });
  await box.press('Enter');
  await expect(page).toHaveURL(/\/1$/);
});

test("'What We Provide' lists the three offerings beside a looping, muted demo clip with a poster", async ({
  page,
  request,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What We Provide' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { level: 3 })).toHaveText([
    'Clear and Concise Summaries',
    'In-Depth Topic Trends',
    'Voting Patterns and Insights',
  ]);
  const video = section.locator('video');
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('loop', true);
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).not.toHaveAttribute('autoplay');
  await expect(video).toHaveAttribute('aria-describedby', 'demo-caption');
  await expect(
    section.getByText(
      'The site in use: finding a district, reading a meeting summary, then its topics and how each member voted.',
    ),
  ).toBeVisible();
  const poster = (await video.getAttribute('poster'))!;
  expect((await request.get(poster)).status(), poster).toBe(200);
  // WebM for most browsers, MP4 for Safari: each served with its type.
  const sources = await video
    .locator('source')
    .evaluateAll((elements) => elements.map((source) => [source.getAttribute('src')!, source.getAttribute('type')!]));
  expect(sources).toEqual([
    ['/media/demo.webm', 'video/webm'],
    ['/media/demo.mp4', 'video/mp4'],
  ]);
  for (const [path, type] of sources) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain(type);
  }
});

/** The fraction of the section inside the viewport. */
function visibleShare(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('[data-fade-in]')!.getBoundingClientRect();
    return Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) / box.height;
  });
}

/** Scrolls so that the given share of the section's height is inside the viewport. */
async function showShare(page: Page, share: number) {
  await page.evaluate((share) => {
    const box = document.querySelector('[data-fade-in]')!.getBoundingClientRect();
    window.scrollBy(0, box.top - innerHeight + box.height * share);
  }, share);
  await settle(page);
}

test.describe('the fade-in', () => {
  test.use({ viewport: { width: 375, height: 600 } });

  test("'What We Provide' is hidden below the fold and fades in once 10% of it is visible", async ({ page }) => {
    await page.goto('/');
    const section = page.locator('[data-fade-in]');
    await expect(section).toHaveAttribute('data-fade', 'waiting');
    await expect(section).toHaveCSS('opacity', '0');
    await showShare(page, 0.05);
    expect(await visibleShare(page)).toBeLessThan(0.1);
    await settle(page);
    await expect(section).toHaveAttribute('data-fade', 'waiting');
    await showShare(page, 0.2);
    await expect(section).toHaveAttribute('data-fade', 'shown');
    await expect(section).toHaveCSS('opacity', '1');
  });

  test('the demo clip plays while it is on screen', async ({ page }) => {
    await page.goto('/');
    const video = page.getByRole('region', { name: 'What We Provide' }).locator('video');
    await expect(video).toHaveJSProperty('paused', true);
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveJSProperty('paused', false);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('the section is simply there, and the clip does not play by itself', async ({ page }) => {
      await page.goto('/');
      const section = page.locator('[data-fade-in]');
      await expect(section).toHaveCSS('opacity', '1');
      await expect(section).not.toHaveAttribute('data-fade');
      const video = page.getByRole('region', { name: 'What We Provide' }).locator('video');
      await video.scrollIntoViewIfNeeded();
      await settle(page);
      await expect(video).toHaveJSProperty('paused', true);
      await expect(section).toHaveCSS('opacity', '1');
    });
  });
});

test('everything on the home page is readable before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 600 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(HERO_TEXT)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'District name' })).toHaveAttribute('placeholder', 'Search...');
  const section = page.getByRole('region', { name: 'What We Provide' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveCSS('opacity', '1');
  await expect(section.getByText('In-Depth Topic Trends')).toBeVisible();
  await context.close();
});

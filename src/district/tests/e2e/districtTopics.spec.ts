// The Topics tab of district 1: the scrolling bar, the selected topic, k counters, preselection, sharing, and
// live votes written through the database function. Vote tests use topics no other test reads for exact values
// (8, 9 and 10) and assert relative changes; display tests read topics 1 to 3, which no test votes on.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { collectAlerts, shownTopic } from './districtHelpers';
import { holdIsland, islandHydrated } from '../../../../tests/e2e/siteHelpers';

// The topic island loads on the first interaction (client:demand): until then the board script answers the bar and
// the vote buttons, and the island takes over what they showed. Most tests act as a visitor does, without waiting.
async function openTopics(page: Page, hash = '') {
  await page.goto(`/1?tab=topics${hash}`);
}

/** Wakes the island as a keyboard user does (focus on the bar), and waits until it has: it then reads live counts. */
async function wakeTopics(page: Page) {
  await bar(page).getByRole('tab', { selected: true }).focus();
  await islandHydrated(page, 'TopicVoting');
}

const bar = (page: Page) => page.getByRole('tablist', { name: 'Topics' });
const shown = shownTopic;
const upvote = (page: Page) => shown(page).getByRole('button', { name: /^Upvote/ });
const downvote = (page: Page) => shown(page).getByRole('button', { name: /^Downvote/ });

/** This test client's stored vote on a topic forgotten, so a test starts as a visitor who has not voted on it. */
async function forgetOwnVote(id: number) {
  await sql('delete from private.topic_client_votes where topic_id = $1', [id]);
}

async function dbCounts(id: number) {
  const [row] = await sql<{ upvotes: number; downvotes: number }>(
    'select upvotes, downvotes from public.topics where id = $1',
    [id],
  );
  return row;
}

test('the bar lists the 11 topics, newest first, and the default topic is selected', async ({ page }) => {
  await openTopics(page);
  const tabs = bar(page).getByRole('tab');
  await expect(tabs).toHaveCount(11);
  await expect(tabs.first()).toHaveText('Every Student Reads Initiative');
  await expect(tabs.last()).toHaveText('Budget 2025-26');
  await expect(bar(page).getByRole('tab', { selected: true })).toHaveText('Budget 2025-26');
  await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('Budget 2025-26');
});

const counters = [
  // [topic id, title, upvotes shown, downvotes shown]
  [1, 'Budget 2025-26', '1.2k', '87'],
  [2, 'Later School Start Times', '999', '142'],
  [3, 'Math Pathways', '312', '1.0k'],
] as const;

for (const [id, title, up, down] of counters) {
  test(`#topic-${id} preselects '${title}' with its sanitised description and counters ${up} / ${down}`, async ({
    page,
  }) => {
    await openTopics(page, `#topic-${id}`);
    await expect(bar(page).getByRole('tab', { selected: true })).toHaveText(title);
    await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(shown(page).getByRole('listitem').first()).toBeVisible();
    await expect(upvote(page)).toHaveText(`Upvote ${up}`);
    await expect(downvote(page)).toHaveText(`Downvote ${down}`);
    await expect(upvote(page)).toHaveAccessibleName(`Upvote ${up}`);
  });
}

test('clicking a title, or the arrow keys in the bar, selects a topic', async ({ page }) => {
  await openTopics(page);
  await bar(page).getByRole('tab', { name: 'Math Pathways' }).click();
  await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('Math Pathways');
  await page.keyboard.press('ArrowRight');
  await expect(bar(page).getByRole('tab', { name: 'Later School Start Times' })).toBeFocused();
  await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('Later School Start Times');
  await page.keyboard.press('Home');
  await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('Every Student Reads Initiative');
});

test('the arrows scroll the bar by 120 px a click', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openTopics(page, '#topic-7');
  const scrollLeft = () => bar(page).evaluate((el) => el.scrollLeft);
  const start = await scrollLeft();
  await page.getByRole('button', { name: 'Scroll topics right' }).click();
  await expect.poll(scrollLeft).toBe(start + 120);
  await page.getByRole('button', { name: 'Scroll topics left' }).click();
  await page.getByRole('button', { name: 'Scroll topics left' }).click();
  await expect.poll(scrollLeft).toBe(start - 120);
});

test('at 375 px the first tap on an arrow scrolls the bar, though the selected topic sits at its end and the island wakes on it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The island's script is held back until the tap has been answered, so that it wakes after it.
  const release = await holdIsland(page, 'TopicVoting');
  await openTopics(page);
  await expect(bar(page).getByRole('tab', { selected: true })).toHaveText('Budget 2025-26');
  const scrollLeft = () => bar(page).evaluate((el) => Math.round(el.scrollLeft));
  const end = await bar(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  await expect.poll(scrollLeft).toBe(end);
  await page.getByRole('button', { name: 'Scroll topics left' }).click();
  await expect.poll(scrollLeft).toBe(end - 120);
  release();
  await islandHydrated(page, 'TopicVoting');
  // The island keeps the bar where the tap left it: the next tap scrolls on from there.
  await page.getByRole('button', { name: 'Scroll topics left' }).click();
  await expect.poll(scrollLeft).toBe(end - 240);
  await expect(bar(page).getByRole('tab', { selected: true })).toHaveText('Budget 2025-26');
});

test("the share icon copies page URL + ?tab=topics#topic-{id} and alerts 'Link copied to clipboard!'", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const alerts = collectAlerts(page);
  await openTopics(page, '#topic-3');
  await shown(page).getByRole('button', { name: 'Copy a link to the topic Math Pathways' }).click();
  await expect.poll(() => alerts).toEqual(['Link copied to clipboard!']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/1?tab=topics#topic-3`);
  await context.close();
});

test('counts are fetched live after hydration, not left at the build’s numbers', async ({ page }) => {
  const before = await dbCounts(10);
  await sql('update public.topics set upvotes = 4321 where id = 10');
  try {
    await openTopics(page, '#topic-10');
    await wakeTopics(page);
    await expect(upvote(page)).toHaveText('Upvote 4.3k');
  } finally {
    await sql('update public.topics set upvotes = $2 where id = $1', [10, before.upvotes]);
  }
});

test('votes follow the transition table, are written to the database and survive a reload', async ({ page }) => {
  await forgetOwnVote(8);
  const start = await dbCounts(8);
  await openTopics(page, '#topic-8');
  await wakeTopics(page);
  await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('Special Education Services');
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes}`);
  await expect(downvote(page)).toHaveText(`Downvote ${start.downvotes}`);

  // none → up: +1 up.
  await upvote(page).click();
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes + 1}`);
  await expect(upvote(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await dbCounts(8)).toEqual({ upvotes: start.upvotes + 1, downvotes: start.downvotes });

  // up → up: nothing.
  await upvote(page).click();
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes + 1}`);
  expect(await dbCounts(8)).toEqual({ upvotes: start.upvotes + 1, downvotes: start.downvotes });

  // up → down: −1 up, +1 down.
  await downvote(page).click();
  await expect(downvote(page)).toHaveText(`Downvote ${start.downvotes + 1}`);
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes}`);
  await expect(downvote(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(upvote(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await dbCounts(8)).toEqual({ upvotes: start.upvotes, downvotes: start.downvotes + 1 });

  // The counts are kept; the visitor's own vote is not (it lives only in the page).
  await page.reload();
  await wakeTopics(page);
  await expect(downvote(page)).toHaveText(`Downvote ${start.downvotes + 1}`);
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes}`);
  await expect(downvote(page)).toHaveAttribute('aria-pressed', 'false');

  // Up after the reload: the page starts again from none, but the database applies the change from the vote this
  // client last made (down), so one client's vote still counts once: +1 up, −1 down.
  await upvote(page).click();
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes + 1}`);
  await expect.poll(() => dbCounts(8)).toEqual({ upvotes: start.upvotes + 1, downvotes: start.downvotes });
});

test('a first tap on a vote, before the island has loaded, is shown at once and then sent', async ({ page }) => {
  await forgetOwnVote(7);
  const start = await dbCounts(7);
  await openTopics(page, '#topic-7');
  await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('AI in Classrooms');
  await expect(page.locator('astro-island[component-url*="/TopicVoting."][ssr]')).toBeAttached();
  await upvote(page).click();
  await expect(upvote(page)).toHaveAttribute('aria-pressed', 'true');
  await islandHydrated(page, 'TopicVoting');
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes + 1}`);
  await expect.poll(() => dbCounts(7)).toEqual({ upvotes: start.upvotes + 1, downvotes: start.downvotes });
});

test('a failed vote write is logged, shown, and the counts stay as they were', async ({ page }) => {
  const start = await dbCounts(9);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/rest/v1/rpc/vote_topic', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Service unavailable' }),
    }),
  );
  await openTopics(page, '#topic-9');
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes}`);
  await upvote(page).click();
  await expect(shown(page).getByRole('status')).toHaveText(
    'Your vote could not be saved: the server could not take it just now. Please try again.',
  );
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes}`);
  await expect(upvote(page)).toHaveAttribute('aria-pressed', 'false');
  expect(errors.some((e) => e.startsWith('Could not save the vote on topic 9'))).toBe(true);
  expect(await dbCounts(9)).toEqual(start);
});

test('past the limit on votes for one topic, the topic says so and the counts stay as they were', async ({ page }) => {
  // The limit is real (supabase/tests/anonymousLimits.test.ts) but lifted for this suite, whose every request comes
  // from one address: the database's answer past it (HTTP 429 with the limit's code) is given in the browser.
  const start = await dbCounts(9);
  await page.route('**/rest/v1/rpc/vote_topic', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PT429', message: 'limit.topic_votes', details: null, hint: null }),
    }),
  );
  await openTopics(page, '#topic-9');
  await upvote(page).click();
  await expect(shown(page).getByRole('status')).toHaveText(
    'Too many votes on this topic from your connection. Please try again in a few minutes.',
  );
  await expect(upvote(page)).toHaveText(`Upvote ${start.upvotes}`);
  expect(await dbCounts(9)).toEqual(start);
});

test("a district without topics says 'No topics found.' and one without meetings 'No meetings found.'", async ({
  page,
}) => {
  await page.goto('/4?tab=topics');
  await expect(page.getByRole('tabpanel', { name: 'Topics' }).getByText('No topics found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Summaries' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Summaries' }).getByText('No meetings found.')).toBeVisible();
});

for (const width of [375, 1280]) {
  test.describe(`Topics at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('several titles are in view at once, none cut off, and each arrow is disabled at its end of the bar', async ({
      page,
    }) => {
      await openTopics(page);
      const tabs = bar(page).getByRole('tab');
      const barBox = (await bar(page).boundingBox())!;
      let whole = 0;
      for (let i = 0; i < (await tabs.count()); i++) {
        const box = (await tabs.nth(i).boundingBox())!;
        if (box.x >= barBox.x - 1 && box.x + box.width <= barBox.x + barBox.width + 1) whole += 1;
        // Never truncated: the whole title fits its button.
        expect(await tabs.nth(i).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      expect(whole).toBeGreaterThanOrEqual(2);
      // The default topic is the last: the bar opens at its end.
      const left = page.getByRole('button', { name: 'Scroll topics left' });
      const right = page.getByRole('button', { name: 'Scroll topics right' });
      await expect(right).toBeDisabled();
      await expect(left).toBeEnabled();
      await bar(page).evaluate((el) => el.scrollTo({ left: 0 }));
      await expect(left).toBeDisabled();
      await expect(right).toBeEnabled();
    });

    test('the focus ring of a title is never clipped by the bar, and the counters say what they count', async ({
      page,
    }) => {
      await openTopics(page);
      const padding = await bar(page).evaluate((el) =>
        Math.min(
          ...['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'].map((p) =>
            Number.parseFloat(getComputedStyle(el)[p as 'paddingTop']),
          ),
        ),
      );
      // Keyboard focus, so the ring shows (:focus-visible).
      await bar(page).getByRole('tab', { selected: true }).click();
      await page.keyboard.press('ArrowLeft');
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
      });
      expect(ring).toBeGreaterThan(0);
      expect(padding).toBeGreaterThanOrEqual(ring);
      await expect(upvote(page).getByText('Upvote', { exact: true })).toBeVisible();
      await expect(downvote(page).getByText('Downvote', { exact: true })).toBeVisible();
    });

    test('a #topic-{id} link scrolls its topic into view', async ({ page }) => {
      await openTopics(page, '#topic-3');
      await expect(shown(page).getByRole('heading', { level: 3 })).toHaveText('Math Pathways');
      await expect(shown(page).getByRole('heading', { level: 3 })).toBeInViewport();
    });
  });
}

// The Meetings tab of district 1 (the demo data, supabase/demo/ and supabase/seed.sql): cards with their title, date, 'Topics:' and 'Upcoming', Expand/Minimize, the share
// link with its alert, the hash that opens a card, sanitised summaries and time stamps that open the video.
import { expect, test } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { collectAlerts } from './districtHelpers';

/** District 1's upcoming meeting: the seed puts it on the first Tuesday after the day it was loaded. */
async function upcomingMeeting() {
  const rows = await sql<{ shown: string; anchor: string; future: boolean }>(
    `select to_char(date, 'MM/DD/YY') as shown, 'meeting-' || to_char(date, 'MM-DD-YY') as anchor, date > current_date as future
     from public.meetings where "districtId" = 1 and "isUpcoming"`,
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

test('district 1 shows its 18 meetings as cards, newest first', async ({ page }) => {
  await page.goto('/1');
  const cards = page.getByRole('tabpanel', { name: 'Summaries' }).getByRole('article');
  await expect(cards).toHaveCount(18);
  const dates = await cards.locator('time').allTextContents();
  const upcoming = await upcomingMeeting();
  expect(upcoming.future).toBe(true);
  expect(dates.slice(0, 3)).toEqual([upcoming.shown, '06/17/25', '06/03/25']);
  expect(dates.at(-1)).toBe('08/13/24');
});

test("the 17 June 2025 card links to the agenda vote page, in the page's language; no other card does", async ({
  page,
}) => {
  for (const [path, name, target] of [
    ['/1', 'Tell the Board where you stand on this meeting’s agenda', '/votingPAUSD'],
    ['/es/1', 'Dígale a la Junta qué opina de la agenda de esta reunión', '/es/votingPAUSD'],
    ['/zh/1', '告诉教育委员会您对本次会议议程的立场', '/zh/votingPAUSD'],
  ] as const) {
    await page.goto(path);
    const links = page.getByRole('tabpanel').getByRole('link', { name });
    await expect(links).toHaveCount(1);
    await expect(page.locator('#meeting-06-17-25').getByRole('link', { name })).toHaveAttribute('href', target);
  }
  await page.goto('/1');
  await page
    .locator('#meeting-06-17-25')
    .getByRole('link', { name: /Tell the Board where you stand/ })
    .click();
  await expect(page).toHaveURL(/\/votingPAUSD$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vote on PAUSD Board Agenda — June 17th, 2025' }),
  ).toBeVisible();
});

const cards = [
  // [anchor, title, topics line ('' for none)]
  ['meeting-08-13-24', 'Regular Board Meeting', 'Opening of School, Budget, Facilities'],
  ['meeting-08-27-24', 'Board Meeting', 'Student Mental Health and Wellness'],
  ['meeting-09-24-24', 'Study session Board Meeting', 'Later School Start Times, Student Mental Health'],
  ['meeting-01-28-25', 'Special Board Meeting', 'Enrollment and School Boundaries'],
  ['meeting-04-08-25', 'Study session Teacher Housing', 'Teacher Housing'],
  ['meeting-12-10-24', 'Annual Organizational Meeting', ''],
] as const;

for (const [anchor, title, topics] of cards) {
  test(`card ${anchor}: '${title}', MM/DD/YY date, topics joined with commas`, async ({ page }) => {
    await page.goto('/1');
    const card = page.locator(`#${anchor}`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(card.locator('time')).toHaveText(anchor.slice('meeting-'.length).replaceAll('-', '/'));
    if (topics) {
      await expect(card.getByRole('heading', { name: 'Topics:' })).toBeVisible();
      await expect(card.getByText(topics, { exact: true })).toBeVisible();
    } else {
      await expect(card.getByRole('heading', { name: 'Topics:' })).toHaveCount(0);
    }
  });
}

test("the upcoming card: 'Upcoming Regular Board Meeting', its date after today as MM/DD/YY, topics joined with commas", async ({
  page,
}) => {
  const { shown, anchor } = await upcomingMeeting();
  await page.goto('/1');
  const card = page.locator(`#${anchor}`);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Upcoming Regular Board Meeting');
  await expect(card.locator('time')).toHaveText(shown);
  await expect(card.locator('.meeting-topics')).toHaveText('Budget, Facilities Bond, Student Mental Health');
});

test("an upcoming meeting shows the 'Upcoming' badge and no share icon; past meetings have one", async ({ page }) => {
  const { anchor } = await upcomingMeeting();
  await page.goto('/1');
  const upcoming = page.locator(`#${anchor}`);
  await expect(upcoming.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(upcoming.getByRole('button', { name: /^Copy a link/ })).toHaveCount(0);
  const past = page.locator('#meeting-06-17-25');
  await expect(past.getByText('Upcoming', { exact: true })).toHaveCount(0);
  await expect(past.getByRole('button', { name: 'Copy a link to Regular Board Meeting on 06/17/25' })).toBeVisible();
});

test('Expand shows the summary and becomes Minimize; Minimize hides it again', async ({ page }) => {
  await page.goto('/1');
  const card = page.locator('#meeting-09-10-24');
  const summary = card.getByText('Public comment on this item ran long');
  await expect(summary).toBeHidden();
  await card.getByRole('button', { name: 'Expand' }).click();
  await expect(summary).toBeVisible();
  const minimize = card.getByRole('button', { name: 'Minimize' });
  await expect(minimize).toHaveAttribute('aria-expanded', 'true');
  await minimize.click();
  await expect(summary).toBeHidden();
  await expect(card.getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
});

test('every card has its Expand control, named by its meeting; one without a summary expands to say none is available yet', async ({
  page,
}) => {
  await page.goto('/1');
  const cards = page.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: /^Expand / })).toHaveCount(count);
  const past = page.locator('#meeting-09-10-24');
  const title = await past.getByRole('heading', { level: 3 }).textContent();
  await expect(past.getByRole('button', { name: `Expand ${title}, 09/10/24`, exact: true })).toBeVisible();
  // The consent-agenda meeting of 05/27/25 has no summary in the demo data.
  const noSummary = page.locator('#meeting-05-27-25');
  const none = noSummary.getByText('No summary available yet.');
  await expect(none).toBeHidden();
  await noSummary.getByRole('button', { name: 'Expand Board Meeting, 05/27/25', exact: true }).click();
  await expect(none).toBeVisible();
  await expect(
    noSummary.getByRole('button', { name: 'Minimize Board Meeting, 05/27/25', exact: true }),
  ).toHaveAttribute('aria-expanded', 'true');
});

test("the share icon copies page URL + ?tab=Meetings#meeting-MM-DD-YY and alerts 'Link copied to clipboard!'", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const alerts = collectAlerts(page);
  // Whatever the current query and hash, the link starts from the page URL.
  await page.goto('/1?tab=voting#somewhere');
  await page.getByRole('tab', { name: 'Summaries' }).click();
  await page
    .locator('#meeting-09-10-24')
    .getByRole('button', { name: /^Copy a link/ })
    .click();
  await expect.poll(() => alerts).toEqual(['Link copied to clipboard!']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/1?tab=Meetings#meeting-09-10-24`);
  await context.close();
});

const hashes = [
  ['/1?tab=Meetings#meeting-10-08-24', 'meeting-10-08-24', 'Facilities master plan and a possible bond'],
  ['/1#meeting-03-11-25', 'meeting-03-11-25', 'Eliminating 6.0 vacant central-office positions.'],
] as const;

for (const [path, anchor, text] of hashes) {
  test(`${path} expands that card and scrolls it into view`, async ({ page }) => {
    await page.goto(path);
    const card = page.locator(`#${anchor}`);
    await expect(card.getByRole('button', { name: 'Minimize' })).toBeVisible();
    await expect(card.getByText(text)).toBeVisible();
    await expect(card).toBeInViewport();
    // Only that card.
    await expect(page.getByRole('button', { name: 'Minimize' })).toHaveCount(1);
  });
}

test('a hash that matches no card expands nothing', async ({ page }) => {
  await page.goto('/1?tab=Meetings#meeting-01-01-99');
  await expect(page.getByRole('button', { name: 'Expand' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Minimize' })).toHaveCount(0);
});

test('changing the hash to another card expands it', async ({ page }) => {
  await page.goto('/1');
  await page.evaluate(() => {
    location.hash = '#meeting-02-11-25';
  });
  await expect(page.locator('#meeting-02-11-25').getByRole('button', { name: 'Minimize' })).toBeVisible();
});

test('summaries are rich text: headings, lists and https links survive sanitising', async ({ page }) => {
  await page.goto('/1');
  const card = page.locator('#meeting-08-13-24');
  await card.getByRole('button', { name: 'Expand' }).click();
  await expect(card.getByRole('heading', { name: 'Welcome back and opening of school' })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(3);
  await expect(card.getByRole('link', { name: 'district agenda portal' })).toHaveAttribute(
    'href',
    'https://www.example.org/pausd-demo/agendas/2024-08-13',
  );
});

test('time stamps become controls only when the meeting has a video link', async ({ page }) => {
  await page.goto('/1');
  const withVideo = page.locator('#meeting-08-13-24');
  await withVideo.getByRole('button', { name: 'Expand' }).click();
  await expect(withVideo.getByRole('button', { name: /^Play the video from/ })).toHaveText([
    '3:07',
    '12:45',
    '1:05:10',
  ]);

  // Meeting 6 has no video: its clock times stay plain text.
  const withoutVideo = page.locator('#meeting-10-22-24');
  await withoutVideo.getByRole('button', { name: 'Expand' }).click();
  await expect(withoutVideo.getByText('The board recessed at 9:15 p.m.')).toBeVisible();
  await expect(withoutVideo.getByRole('button', { name: /^Play the video from/ })).toHaveCount(0);
});

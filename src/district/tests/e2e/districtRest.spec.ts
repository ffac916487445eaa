// The rest of the district page: the subscribe box, 'Did you find this useful?', and an accessibility sweep.
import { expect, test } from '@playwright/test';
import { stubYouTube } from './districtHelpers';
import { expectNoAxeViolations } from '../../../../tests/e2e/siteHelpers';

test("'Get Summaries In Your Email' has a required email field and a 'Subscribe' button", async ({ page }) => {
  await page.goto('/1');
  const box = page.getByRole('region', { name: 'Get Summaries In Your Email' });
  await expect(box.getByRole('heading', { name: 'Get Summaries In Your Email' })).toBeVisible();
  const email = box.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(box.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test("'Did you find this useful?' offers Yes (to /yesform) and No (to /noform)", async ({ page }) => {
  await page.goto('/1');
  const feedback = page.getByRole('region', { name: 'Did you find this useful?' });
  await expect(feedback.getByRole('link', { name: 'Yes', exact: true })).toHaveAttribute('href', '/yesform');
  await expect(feedback.getByRole('link', { name: 'No', exact: true })).toHaveAttribute('href', '/noform');
  await feedback.getByRole('link', { name: 'Yes', exact: true }).click();
  await expect(page).toHaveURL(/\/yesform$/);
});

test('the page comes after the header in order: Board Breakdown, following the board, the subscribe box, then the feedback question', async ({
  page,
}) => {
  await page.goto('/1');
  const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'Board Breakdown',
    'Follow this board',
    'Get Summaries In Your Email',
    'Did you find this useful?',
  ]);
});

test('axe finds no violations on the Summaries tab with a card open and the video popup showing', async ({ page }) => {
  await stubYouTube(page);
  await page.goto('/1');
  const card = page.locator('#meeting-08-13-24');
  await card.getByRole('button', { name: 'Expand' }).click();
  await card.getByRole('button', { name: 'Play the video from 3:07' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('title', /.+/);
  // The player's document is YouTube's (here a stand-in page, as YouTube cannot be reached): axe checks the frame's
  // element and everything of ours around it, not what the other site serves inside it.
  await expectNoAxeViolations(page, {
    include: ['#meeting-08-13-24', '[role="dialog"]'],
    bestPractice: true,
    readFrames: false,
  });
});

for (const tab of ['Topics', 'Voting']) {
  test(`axe finds no best-practice violations on the ${tab} tab`, async ({ page }) => {
    // As a reader gets it: the island has not woken (it would change nothing a reader sees). The WCAG rules read this
    // tab in the sweep of its route (accessibility.spec.ts); here, axe's best practices on the panel.
    await page.goto(`/1?tab=${tab}`);
    await expectNoAxeViolations(page, { include: [`#panel-${tab.toLowerCase()}`], bestPracticeOnly: true });
  });
}

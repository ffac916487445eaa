// The About page: 'How It Works' with four numbered cards that open a modal (closed by X, a click on the
// overlay, or Escape), and 'Meet The Team' with three people.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './siteHelpers';

const STEPS = ['Data Collection', 'Automated AI Summarization', 'Trending Topic Extraction', 'Voting Pattern Analysis'];

test("'How It Works' shows the four steps as numbered cards with a short description", async ({ page }) => {
  await page.goto('/about');
  const section = page.getByRole('region', { name: 'How It Works' });
  const cards = section.getByRole('button');
  await expect(cards).toHaveCount(4);
  for (const [index, title] of STEPS.entries()) {
    const card = cards.nth(index);
    await expect(card).toContainText(`${index + 1}`);
    await expect(card).toContainText(title);
    await expect(card).toHaveAccessibleName(new RegExp(`^Step ${index + 1}: ${title}`));
  }
  await expect(cards.first()).toContainText('We gather meeting minutes, recordings and public records');
});

test('the first step explains the data collected: 300+ page minutes, 5+ hour recordings, voting summaries and agendas', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('button', { name: /Data Collection/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Collection' });
  await expect(dialog).toBeVisible();
  for (const fact of ['300+ pages', '5+ hours', 'voting summaries and agendas'])
    await expect(dialog).toContainText(fact);
});

test('a step card opens its modal, and the X button closes it, returning focus to the card', async ({ page }) => {
  await page.goto('/about');
  const card = page.getByRole('button', { name: /Automated AI Summarization/ });
  await card.click();
  const dialog = page.getByRole('dialog', { name: 'Automated AI Summarization' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('summarized automatically by AI');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
});

test('a click on the overlay closes the modal', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: /Trending Topic Extraction/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Trending Topic Extraction' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  // A point on the overlay, just below the dialog.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height + 20);
  await expect(dialog).toBeHidden();
});

test('a click inside the modal keeps it open', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: /Voting Pattern Analysis/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Voting Pattern Analysis' });
  await dialog.getByText('Interactive charts').click();
  await expect(dialog).toBeVisible();
});

test('Escape closes the modal', async ({ page }) => {
  await page.goto('/about');
  const card = page.getByRole('button', { name: /Voting Pattern Analysis/ });
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Voting Pattern Analysis' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
});

test("'Meet The Team' shows three people with name, role 'Co-Founder' and photo", async ({ page }) => {
  await page.goto('/about');
  const team = page.getByRole('region', { name: 'Meet The Team' });
  const people = team.getByRole('listitem');
  await expect(people).toHaveCount(3);
  await expect(team.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(team.getByText('Co-Founder', { exact: true })).toHaveCount(3);
  // Each photo is named by the person it shows (a screen reader says it is an image).
  const names = await team.getByRole('heading', { level: 3 }).allTextContents();
  const photos = await team.getByRole('img').all();
  expect(photos).toHaveLength(names.length);
  for (const [index, photo] of photos.entries()) {
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveAccessibleName(names[index]);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
});

test('/about loads no React', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /react|client\.|DistrictSearch/i.test(url))).toEqual([]);
});

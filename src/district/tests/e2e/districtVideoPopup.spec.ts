// The global video popup: opened from a summary's time stamp, placed above it (or below when there is no room
// under the navbar), resized, dragged within bounds, closed by button or Escape, and usable from the keyboard.
// The YouTube player cannot load here (no internet), so youtube-nocookie.com answers with an empty page.
import { expect, test, type Page } from '@playwright/test';
import { stubYouTube } from './districtHelpers';

const OFFSET = 10;

test.beforeEach(async ({ page }) => {
  await stubYouTube(page);
});

/** Opens a meeting card and returns one of its time stamp buttons. */
async function timestamp(page: Page, anchor: string, text: string) {
  const card = page.locator(`#${anchor}`);
  await card.getByRole('button', { name: 'Expand' }).click();
  return card.getByRole('button', { name: `Play the video from ${text}` });
}

const popup = (page: Page) => page.getByRole('dialog', { name: /^Starting at/ });

async function navbarHeight(page: Page) {
  return page.evaluate(() => document.querySelector<HTMLElement>('.navbar')?.offsetHeight || 80);
}

test("a time stamp opens the popup above it: 'Starting at {timestamp} – drag to move', 320x180, autoplay, no controls, looping", async ({
  page,
}) => {
  await page.goto('/1');
  const stamp = await timestamp(page, 'meeting-08-13-24', '12:45');
  // Put the time stamp low in the viewport so there is room above it.
  await stamp.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await stamp.click();
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName('Starting at 12:45 – drag to move');
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/aBcDeFgHiJ1?autoplay=1&controls=0&loop=1&playlist=aBcDeFgHiJ1&start=765',
  );
  expect(await frame.boundingBox()).toMatchObject({ width: 320, height: 180 });
  const box = (await dialog.boundingBox())!;
  const anchor = (await stamp.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(anchor.y - OFFSET, 0);
  expect(box.x).toBeCloseTo(anchor.x, 0);
});

test('with no room between the navbar and the time stamp, the popup opens below it', async ({ page }) => {
  await page.goto('/1');
  const stamp = await timestamp(page, 'meeting-08-13-24', '3:07');
  const nav = await navbarHeight(page);
  // Scroll so the time stamp sits just under the navbar's height from the top.
  await stamp.evaluate((el, y) => window.scrollBy(0, el.getBoundingClientRect().top - y), nav + 40);
  await stamp.click();
  const box = (await popup(page).boundingBox())!;
  const anchor = (await stamp.boundingBox())!;
  expect(box.y).toBeCloseTo(anchor.y + anchor.height + OFFSET, 0);
});

test('the expand/shrink toggle switches between 320x180 and 640x360', async ({ page }) => {
  await page.goto('/1');
  await (await timestamp(page, 'meeting-08-13-24', '12:45')).click();
  const dialog = popup(page);
  const frame = dialog.locator('iframe');
  await dialog.getByRole('button', { name: 'Expand video' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(640);
  expect((await frame.boundingBox())?.height).toBe(360);
  await dialog.getByRole('button', { name: 'Shrink video' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(320);
  expect((await frame.boundingBox())?.height).toBe(180);
});

test('dragging moves the popup but never out of the viewport or above the navbar', async ({ page }) => {
  await page.goto('/1');
  await (await timestamp(page, 'meeting-08-13-24', '12:45')).click();
  const dialog = popup(page);
  const handle = dialog.getByText(/^Starting at/);
  const nav = await navbarHeight(page);
  const viewport = page.viewportSize()!;

  const drag = async (toX: number, toY: number) => {
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + 20, h.y + 10);
    await page.mouse.down();
    await page.mouse.move(toX, toY, { steps: 5 });
    await page.mouse.up();
  };

  // Inside the bounds it follows the pointer exactly.
  const start = (await dialog.boundingBox())!;
  const grip = (await handle.boundingBox())!;
  await drag(300, 400);
  let box = (await dialog.boundingBox())!;
  expect(box.x).toBeCloseTo(start.x + 300 - (grip.x + 20), 0);
  expect(box.y).toBeCloseTo(start.y + 400 - (grip.y + 10), 0);

  // It keeps 8 px from the viewport's sides and bottom, and never rises above the navbar.
  await drag(-500, -500);
  box = (await dialog.boundingBox())!;
  expect(box).toMatchObject({ x: 8, y: nav });

  await drag(viewport.width + 500, viewport.height + 500);
  box = (await dialog.boundingBox())!;
  expect(box.x + box.width).toBeCloseTo(viewport.width - 8, 0);
  expect(box.y + box.height).toBeCloseTo(viewport.height - 8, 0);
});

test('the close button closes the popup and removes the player', async ({ page }) => {
  await page.goto('/1');
  await (await timestamp(page, 'meeting-08-13-24', '1:05:10')).click();
  await popup(page).getByRole('button', { name: 'Close video' }).click();
  await expect(popup(page)).toHaveCount(0);
  await expect(page.locator('iframe[src*="youtube-nocookie.com"]')).toHaveCount(0);
});

test('keyboard: Enter on a time stamp opens the popup with focus inside, arrows move it, Escape closes it and focus returns', async ({
  page,
}) => {
  await page.goto('/1');
  const stamp = await timestamp(page, 'meeting-08-13-24', '12:45');
  await stamp.focus();
  await page.keyboard.press('Enter');
  const dialog = popup(page);
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Tab');
  const handle = dialog.getByText(/^Starting at/);
  await expect(handle).toBeFocused();
  const before = (await dialog.boundingBox())!;
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await dialog.boundingBox())?.x).toBeCloseTo(before.x - 10, 0);
  expect((await dialog.boundingBox())!.y).toBeCloseTo(before.y + 10, 0);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Expand video' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close video' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(stamp).toBeFocused();
});

test('Escape closes the popup wherever focus is', async ({ page }) => {
  await page.goto('/1');
  await (await timestamp(page, 'meeting-08-13-24', '3:07')).click();
  await expect(popup(page)).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toHaveCount(0);
});

const linkForms = [
  // [form, card, time stamp, video id, seconds]
  ['watch link', 'meeting-08-13-24', '1:05:10', 'aBcDeFgHiJ1', 3910],
  ['short link', 'meeting-09-10-24', '4:20', 'Qx7mN2pLk4Z', 260],
  ['embed link', 'meeting-10-08-24', '9:55', 'Zt3vWq8Rb5K', 595],
  ['watch link with more parameters', 'meeting-11-12-24', '52:18', 'Lm4Np7Qr2Sx', 3138],
] as const;

for (const [form, anchor, stamp, id, seconds] of linkForms) {
  test(`a ${form} plays its video from the time stamp (${stamp})`, async ({ page }) => {
    await page.goto('/1');
    await (await timestamp(page, anchor, stamp)).click();
    await expect(popup(page).locator('iframe')).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&controls=0&loop=1&playlist=${id}&start=${seconds}`,
    );
  });
}

test('another time stamp moves the open popup to it and its time', async ({ page }) => {
  await page.goto('/1');
  await (await timestamp(page, 'meeting-08-13-24', '3:07')).click();
  const other = page.locator('#meeting-08-13-24').getByRole('button', { name: 'Play the video from 12:45' });
  await other.click();
  await expect(popup(page)).toHaveAccessibleName('Starting at 12:45 – drag to move');
  await expect(popup(page)).toHaveCount(1);
  await expect(popup(page).locator('iframe')).toHaveAttribute('src', /start=765$/);
});

test.describe('on a phone, 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the popup never covers its time stamp, keeps 8 px from the edges, and expanded still fits the screen', async ({
    page,
  }) => {
    await page.goto('/1');
    const stamp = await timestamp(page, 'meeting-08-13-24', '12:45');
    await stamp.click();
    const dialog = popup(page);
    await expect(dialog).toBeVisible();
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const size of ['normal', 'expanded']) {
      if (size === 'expanded') await dialog.getByRole('button', { name: 'Expand video' }).click();
      await expect
        .poll(async () => (await dialog.boundingBox())!.width)
        .toBeGreaterThan(size === 'expanded' ? 330 : 300);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(8);
      expect(box.x + box.width).toBeLessThanOrEqual(375 - 8 + 0.5);
      expect(overlaps(box, (await stamp.boundingBox())!)).toBe(false);
    }
  });
});

test('the drag handle is not a button: it names the popup and is moved, not pressed', async ({ page }) => {
  await page.goto('/1');
  await (await timestamp(page, 'meeting-08-13-24', '12:45')).click();
  const dialog = popup(page);
  await expect(dialog.getByText(/^Starting at 12:45/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Starting at/ })).toHaveCount(0);
  await expect(dialog.getByRole('button')).toHaveText(['', '']);
});

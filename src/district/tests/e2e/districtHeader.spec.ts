// The district page header, read from the built site as a parent sees it.
import { expect, test, type Page } from '@playwright/test';

// The picture above the district's name: decorative (its alt text is empty), so it has the role presentation.
const districtImage = (page: Page) => page.getByRole('main').getByRole('presentation');

test("district 1 shows its header: name, 'Address:', 'Enrollment:' with thousands separators, 'Phone:'", async ({
  page,
}) => {
  await page.goto('/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
  await expect(page.getByText('Address: 25 Churchill Avenue, Palo Alto, CA 94306')).toBeVisible();
  await expect(page.getByText(/^Enrollment: \d{1,3}(,\d{3})+$/)).toBeVisible();
  await expect(page.getByText('Phone: (650) 329-3700')).toBeVisible();
});

test('the header is in the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Palo Alto Unified School District' })).toBeVisible();
  await expect(page.getByText('Enrollment:')).toBeVisible();
  await context.close();
});

test('a district without its own image shows the default image', async ({ page }) => {
  await page.goto('/2');
  const image = districtImage(page);
  await expect(image).toHaveAttribute('src', '/images/districts/default.svg');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a broken district image falls back to the default image', async ({ page }) => {
  await page.route('**/images/districts/1.svg', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/1');
  const image = districtImage(page);
  await expect(image).toHaveAttribute('src', /\/images\/districts\/default\.svg$/);
});

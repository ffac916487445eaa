// The 'Get Summaries In Your Email' box on the district page of the built site, and what the database holds.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { useTranslations } from '../../../i18n/catalogues';

/** What the subscribe box says once the server took the address (its English words, from the catalogue). */
const subscribedMessage = (email: string) => useTranslations('en')('subscribe.subscribed', { email });

const box = (page: Page) => page.getByRole('region', { name: 'Get Summaries In Your Email' });

async function openBox(page: Page) {
  await page.goto('/1');
  // The box sits below the Board Breakdown: its island wakes when a visitor scrolls to it.
  await box(page).scrollIntoViewIfNeeded();
  await expect(box(page).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
}

async function rowsFor(email: string) {
  return sql<{ email: string; district_id: string }>(
    'select email, district_id from public.subscriptions where lower(email) = lower($1)',
    [email],
  );
}

test('the subscribe box is in the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/1');
  await expect(box(page).getByRole('heading', { name: 'Get Summaries In Your Email' })).toBeVisible();
  const email = box(page).getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(box(page).getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await context.close();
});

test('subscribing confirms with the address and stores one row, also when done twice', async ({ page }) => {
  const email = `parent-${crypto.randomUUID()}@example.org`;
  await openBox(page);
  await box(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('status')).toHaveText(subscribedMessage(email));
  expect(await rowsFor(email)).toEqual([{ email, district_id: '1' }]);

  // Subscribing again is not an error: the same confirmation, still one row.
  await box(page).getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('status')).toHaveText(subscribedMessage(email.toUpperCase()));
  await expect(box(page).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  expect(await rowsFor(email)).toEqual([{ email, district_id: '1' }]);
});

test('an address the server refuses shows why and stays in the box; nothing is stored', async ({ page }) => {
  // The browser accepts an address without a dot in its domain; the server does not.
  const email = `parent-${crypto.randomUUID().slice(0, 8)}@localhost`;
  await openBox(page);
  const input = box(page).getByRole('textbox', { name: 'Email' });
  await input.fill(email);
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('alert')).toHaveText('Email must be a valid address such as name@example.org.');
  await expect(input).toHaveValue(email);
  await expect(input).toHaveAccessibleDescription('Email must be a valid address such as name@example.org.');
  await expect(box(page).getByRole('status')).toHaveText('');
  expect(await rowsFor(email)).toEqual([]);
});

test('a failed request is shown, not swallowed', async ({ page }) => {
  const email = `parent-${crypto.randomUUID()}@example.org`;
  await page.route('**/rest/v1/rpc/subscribe', (route) => route.abort('internetdisconnected'));
  await openBox(page);
  await box(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('alert')).toHaveText(
    'Your subscription could not be sent: the connection to the server failed. Please try again.',
  );
  await expect(box(page).getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  expect(await rowsFor(email)).toEqual([]);
});

test('the subscribe box has no axe violations, with its error shown', async ({ page }) => {
  await openBox(page);
  const scan = () =>
    new AxeBuilder({ page })
      .include('section.subscribe')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
  expect((await scan()).violations).toEqual([]);
  await box(page).getByRole('textbox', { name: 'Email' }).fill('parent@localhost');
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('alert')).not.toHaveText('');
  expect((await scan()).violations).toEqual([]);
});

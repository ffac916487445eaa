// Nothing a parent sends is lost: the subscribe box and the three alert forms sleep until the reader's first touch
// (client:demand), and an address typed and sent with Enter before their script has arrived is held and sent once,
// when it has. The island's script is held back here (the request waits, then goes on unchanged) so that the reader
// acts before it has run. Without JavaScript the alert form drawn by an Astro page says that it needs it.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { useTranslations } from '../../../i18n/catalogues';
import { holdIsland } from '../../../../tests/e2e/siteHelpers';

const t = useTranslations('en');

type Sleeper = 'SubscribeForm' | 'AlertForm';

const asleep = (page: Page, component: Sleeper) =>
  expect(page.locator(`astro-island[component-url*="/${component}."][ssr]`).first()).toBeAttached();

/** Counts the requests to one database function. */
function callsTo(page: Page, name: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes(`/rest/v1/rpc/${name}`)) count += 1;
  });
  return () => count;
}

const alertsOf = (email: string) =>
  sql<{ kind: string; search_text: string; frequency: string }>(
    `select a.kind, a.search_text, a.frequency from private.alerts a
       join public.subscriptions s on s.id = a.subscription_id where lower(s.email) = lower($1)`,
    [email],
  );

test("an address sent with Enter before the district page's subscribe box woke is sent once", async ({ page }) => {
  const email = `early-${crypto.randomUUID()}@example.org`;
  const calls = callsTo(page, 'subscribe');
  const release = await holdIsland(page, 'SubscribeForm');
  await page.goto('/1');
  const box = page.getByRole('region', { name: 'Get Summaries In Your Email' });
  await box.getByRole('textbox', { name: 'Email' }).fill(email);
  await box.getByRole('textbox', { name: 'Email' }).press('Enter');
  await asleep(page, 'SubscribeForm');
  expect(calls()).toBe(0);
  release();
  await expect(box.getByRole('status')).toHaveText(t('subscribe.subscribed', { email }));
  expect(
    await sql('select email, district_id from public.subscriptions where lower(email) = lower($1)', [email]),
  ).toEqual([{ email, district_id: '1' }]);
  expect(calls()).toBe(1);
});

test("'Email me when this comes up' sent before its island woke, on the record search, is sent once", async ({
  page,
}) => {
  const email = `early-${crypto.randomUUID()}@example.org`;
  const calls = callsTo(page, 'create_alert');
  const release = await holdIsland(page, 'AlertForm');
  await page.goto('/search/records');
  await page.getByText('Email me when this comes up').click();
  const form = page.locator('.alert-form');
  await form.getByRole('searchbox', { name: 'Words to look for' }).fill('crosswalk');
  await form.getByRole('radio', { name: 'At most once a week' }).check();
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Email' }).press('Enter');
  await asleep(page, 'AlertForm');
  release();
  await expect(form.getByRole('status')).toHaveText(t('alerts.form.sent', { email }));
  expect(await alertsOf(email)).toEqual([{ kind: 'search', search_text: 'crosswalk', frequency: 'weekly' }]);
  expect(calls()).toBe(1);
});

test('the topic and member forms sent before their island woke are sent once, with the choices made', async ({
  page,
}) => {
  const email = `early-${crypto.randomUUID()}@example.org`;
  const calls = callsTo(page, 'create_alert');
  let release = await holdIsland(page, 'AlertForm');
  await page.goto('/1?tab=topics');
  await page.getByText('Email me when this topic is discussed').click();
  const topicForm = page.locator('.alert-form', { hasText: 'Email me when this topic is discussed' });
  const topic = topicForm.getByRole('combobox', { name: 'Topic' });
  const chosen = (await topic.locator('option').nth(1).textContent()) ?? '';
  await topic.selectOption({ label: chosen });
  await topicForm.getByRole('textbox', { name: 'Email' }).fill(email);
  await topicForm.getByRole('textbox', { name: 'Email' }).press('Enter');
  await asleep(page, 'AlertForm');
  release();
  await expect(topicForm.getByRole('status')).toHaveText(t('alerts.form.sent', { email }));
  expect(await alertsOf(email)).toEqual([{ kind: 'topic', search_text: chosen, frequency: 'daily' }]);
  expect(calls()).toBe(1);

  await page.unrouteAll({ behavior: 'wait' });
  release = await holdIsland(page, 'AlertForm');
  await page.goto('/1/members/daniel-whitfield');
  await page.getByText('Email me when Daniel Whitfield votes').click();
  const memberForm = page.locator('.alert-form');
  await memberForm.getByRole('textbox', { name: 'Email' }).fill(email);
  await memberForm.getByRole('textbox', { name: 'Email' }).press('Enter');
  await asleep(page, 'AlertForm');
  release();
  await expect(memberForm.getByRole('status')).toHaveText(t('alerts.form.sent', { email }));
  expect(await alertsOf(email)).toContainEqual({ kind: 'member', search_text: 'Daniel Whitfield', frequency: 'daily' });
  expect(calls()).toBe(2);
});

// Playwright's 'JavaScript off' stops scripts but still parses <noscript> as text, so the note is read from the HTML
// a browser without JavaScript shows.
test('without JavaScript the alert forms and the subscribe box say that they need it', async ({ request }) => {
  const note = (text: string) => new RegExp(`<noscript><p[^>]*>${text}</p></noscript>`);
  for (const path of ['/search/records', '/1/members/daniel-whitfield'])
    expect(await (await request.get(path)).text()).toMatch(note(t('alerts.form.noscript')));
  const district = await (await request.get('/1')).text();
  expect(district).toMatch(note(t('subscribe.noscript')));
  expect(district.match(new RegExp(note(t('alerts.form.noscript')), 'g'))).toHaveLength(2);
});

test("'Email me when this topic is discussed' is set to the topic on screen", async ({ page }) => {
  await page.goto('/1?tab=topics');
  await page.getByRole('tablist', { name: 'Topics' }).getByRole('tab', { name: 'Student Mental Health' }).click();
  await page.getByText('Email me when this topic is discussed').click();
  const form = page.locator('.alert-form', { hasText: 'Email me when this topic is discussed' });
  await expect(form.getByRole('combobox', { name: 'Topic' }).locator('option:checked')).toHaveText(
    'Student Mental Health',
  );
  await expect(form.getByText(/the topic "Student Mental Health"/)).toBeVisible();
});

test('the open topic form follows the topic picked in the bar, until a topic is picked in the form itself', async ({
  page,
}) => {
  await page.goto('/1?tab=topics');
  const bar = page.getByRole('tablist', { name: 'Topics' });
  await bar.getByRole('tab', { name: 'Student Mental Health' }).click();
  await page.getByText('Email me when this topic is discussed').click();
  const form = page.locator('.alert-form', { hasText: 'Email me when this topic is discussed' });
  const chosen = form.getByRole('combobox', { name: 'Topic' }).locator('option:checked');
  await expect(chosen).toHaveText('Student Mental Health');
  await bar.getByRole('tab', { name: 'Cell Phone Policy' }).click();
  await expect(chosen).toHaveText('Cell Phone Policy');
  await expect(form.getByText(/the topic "Cell Phone Policy"/)).toBeVisible();
  // Picked in the form, the form keeps it whatever the bar shows next.
  await form.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Student Mental Health' });
  await bar.getByRole('tab', { name: 'Cell Phone Policy' }).click();
  await bar.getByRole('tab', { name: 'Budget 2025-26' }).click();
  await expect(bar.getByRole('tab', { name: 'Budget 2025-26' })).toHaveAttribute('aria-selected', 'true');
  await expect(chosen).toHaveText('Student Mental Health');
});

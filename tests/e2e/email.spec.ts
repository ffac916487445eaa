// Summaries that arrive, end to end on the embedded stack and its mail catcher (maildev): subscribe on the built
// district page, the confirmation arrives and its link confirms, a new summary is written, `npm run mail:send`
// delivers one digest whose link opens that meeting's card, a second run sends nothing, the unsubscribe link and the
// one-click POST each end a subscription, and a further summary sends nothing.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../supabase/tests/helpers';
import { inboxOf, linkIn, runMailSend } from '../../supabase/tests/mail-helpers';
import { MAIL_DISTRICT_ID, MAIL_DISTRICT_NAME, MAIL_MEETING } from '../fixtures/mail.mjs';
import { subscribedMessage } from '../../src/lib/data/subscriptions';

const siteUrl = () => process.env.TEST_SITE_URL ?? '';
const box = (page: Page) => page.getByRole('region', { name: 'Get Summaries In Your Email' });

async function subscribeAndConfirm(page: Page, email: string) {
  await page.goto(`/${MAIL_DISTRICT_ID}`);
  await box(page).scrollIntoViewIfNeeded();
  await expect(box(page).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await box(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('status')).toHaveText(subscribedMessage(email));

  await expect.poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 }).toEqual([
    `Confirm your subscription to ${MAIL_DISTRICT_NAME} meeting summaries`,
  ]);
  const [confirmation] = await inboxOf(email);
  await page.goto(linkIn(confirmation.text, `${siteUrl()}/confirm?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Subscription' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`Your subscription is confirmed. Summaries of ${MAIL_DISTRICT_NAME}'s new meetings will come to your inbox.`);
  await expect(page.getByRole('link', { name: 'Go to the district page' })).toHaveAttribute('href', `/${MAIL_DISTRICT_ID}`);
}

const digestsOf = async (email: string) => (await inboxOf(email)).filter((mail) => !mail.subject.startsWith('Confirm'));

test('subscribe, confirm, get one digest with a link to the card, unsubscribe by link and by one click', async ({ page, request }) => {
  const byLink = `parent-${crypto.randomUUID()}@example.org`;
  const byHeader = `parent-${crypto.randomUUID()}@example.org`;
  await subscribeAndConfirm(page, byLink);
  await subscribeAndConfirm(page, byHeader);

  // The meeting's summary is written after the build, as the nightly update does.
  await sql('update public.meetings set summary = $1 where "districtId" = $2 and date = $3', [
    '<p>The board agreed that <strong>cell phones</strong> stay in lockers during class.</p><script>window.__pwned = 1</script>',
    MAIL_DISTRICT_ID,
    MAIL_MEETING.date,
  ]);
  const first = await runMailSend();
  expect(first.code, first.output).toBe(0);
  for (const email of [byLink, byHeader]) {
    const digests = await digestsOf(email);
    expect(digests.map((mail) => mail.subject)).toEqual([`${MAIL_DISTRICT_NAME}: 1 new meeting summary`]);
    expect(digests[0].text).toContain(`${MAIL_MEETING.title}, 11/18/26\nTopics: Cell phones\nThe board agreed that cell phones stay in lockers during class.`);
    expect(digests[0].html).not.toContain('<script');
  }

  // The digest's link opens the district page on the Summaries tab with that meeting's card in view.
  const [digest] = await digestsOf(byLink);
  const cardLink = linkIn(digest.text, `${siteUrl()}/${MAIL_DISTRICT_ID}?tab=Meetings#`);
  expect(cardLink).toBe(`${siteUrl()}/${MAIL_DISTRICT_ID}?tab=Meetings#${MAIL_MEETING.anchor}`);
  await page.goto(cardLink);
  await expect(page.getByRole('tab', { name: 'Summaries' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: MAIL_MEETING.title })).toBeInViewport();

  // Nothing new: nothing sent.
  const second = await runMailSend();
  expect(second.code, second.output).toBe(0);
  expect(await digestsOf(byLink)).toHaveLength(1);
  expect(await digestsOf(byHeader)).toHaveLength(1);

  // The visible link: the page unsubscribes when opened and says so.
  await page.goto(linkIn(digest.text, `${siteUrl()}/unsubscribe?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`You are unsubscribed. No more summaries of ${MAIL_DISTRICT_NAME}'s meetings will be sent to you.`);

  // The header: a mail provider's one-click POST (RFC 8058).
  const [headerDigest] = await digestsOf(byHeader);
  expect(headerDigest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = headerDigest.headers['list-unsubscribe'].replace(/^<|>$/g, '');
  const answer = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe('You are unsubscribed.\n');

  const left = await sql<{ email: string }>(
    'select email from public.subscriptions where district_id = $1 and unsubscribed_at is not null and email = any($2) order by email',
    [MAIL_DISTRICT_ID, [byLink, byHeader]],
  );
  expect(left.map((row) => row.email)).toEqual([byLink, byHeader].sort());

  // A further summary reaches neither.
  await sql(`insert into public.meetings ("districtId", date, title, summary) values ($1, '2026-11-21', 'Special Meeting', '<p>Another summary.</p>')`, [MAIL_DISTRICT_ID]);
  const third = await runMailSend();
  expect(third.code, third.output).toBe(0);
  expect(await digestsOf(byLink)).toHaveLength(1);
  expect(await digestsOf(byHeader)).toHaveLength(1);
});

test.describe('a link that is not valid changes nothing and says so', () => {
  for (const [path, text] of [
    ['/confirm', 'This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.'],
    [`/confirm?token=${'0'.repeat(64)}`, 'This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.'],
    ['/unsubscribe?token=abc', 'This unsubscribe link is not valid. Open the whole link from the email.'],
    [`/unsubscribe?token=${'0'.repeat(64)}`, 'This unsubscribe link is not valid. Open the whole link from the email.'],
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByRole('status')).toHaveText('');
    });
  }
});

test('a confirmation that cannot reach the server says so and can be tried again', async ({ page }) => {
  // The database cannot be made unreachable for one page while other tests use it: the request fails in the browser.
  await page.route('**/rest/v1/rpc/confirm_subscription', (route) => route.abort('internetdisconnected'));
  await page.goto(`/confirm?token=${'a'.repeat(64)}`);
  await expect(page.getByRole('alert')).toHaveText('Your subscription could not be confirmed: the connection to the server failed. Please try again.');
  await page.unroute('**/rest/v1/rpc/confirm_subscription');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveText('This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.');
});

// Summaries that arrive, end to end on the embedded stack and its mail catcher (maildev): subscribe on the built
// district page, the confirmation arrives and its page confirms at the press of a button (opening a link alone changes
// nothing), a new summary is written, `npm run mail:send` delivers one digest whose link opens that meeting's card, a
// second run sends nothing, the unsubscribe page and the one-click POST each end a subscription, and a further summary
// sends nothing.
import { expect, test, type Page } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { inboxOf, linkIn, runMailSend } from '../../../../supabase/tests/mailHelpers';
import { MAIL_DISTRICT_ID, MAIL_DISTRICT_NAME, MAIL_MEETING } from '../../../../tests/fixtures/mailDistricts.mjs';
import { useTranslations } from '../../../i18n/catalogues';

/** What the subscribe box says once the server took the address (its English words, from the catalogue). */
const subscribedMessage = (email: string) => useTranslations('en')('subscribe.subscribed', { email });
import { islandAsleep } from '../../../../tests/e2e/siteHelpers';

const siteUrl = () => process.env.TEST_SITE_URL ?? '';
const box = (page: Page) => page.getByRole('region', { name: 'Get Summaries In Your Email' });

async function subscribeAndConfirm(page: Page, email: string) {
  await page.goto(`/${MAIL_DISTRICT_ID}`);
  await box(page).scrollIntoViewIfNeeded();
  await expect(box(page).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await box(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await box(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(box(page).getByRole('status')).toHaveText(subscribedMessage(email));

  await expect
    .poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toEqual([`Confirm your subscription to ${MAIL_DISTRICT_NAME} meeting summaries`]);
  const [confirmation] = await inboxOf(email);
  await page.goto(linkIn(confirmation.text, `${siteUrl()}/confirm?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Your subscription is confirmed. Summaries of ${MAIL_DISTRICT_NAME}'s new meetings will come to your inbox.`,
  );
  await expect(page.getByRole('link', { name: 'Go to the district page' })).toHaveAttribute(
    'href',
    `/${MAIL_DISTRICT_ID}`,
  );
}

const digestsOf = async (email: string) => (await inboxOf(email)).filter((mail) => !mail.subject.startsWith('Confirm'));

// One story in three steps, each with its own time: the later steps use the subscriptions the first one made.
test.describe
  .serial('subscribe, confirm, get one digest with a link to the card, unsubscribe by link and by one click', () => {
  const byLink = `parent-${crypto.randomUUID()}@example.org`;
  const byHeader = `parent-${crypto.randomUUID()}@example.org`;

  for (const [who, email] of [
    ['one reader', byLink],
    ['another', byHeader],
  ]) {
    test(`${who} subscribes on the district page, and confirms with the email’s link and one press`, async ({
      page,
    }) => {
      await subscribeAndConfirm(page, email);
    });
  }

  test('a new summary sends each one digest, whose link opens the meeting’s card; a second run sends nothing', async ({
    page,
  }) => {
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
      expect(digests[0].text).toContain(
        `${MAIL_MEETING.title}, 11/18/26\nTopics: Cell phones\nThe board agreed that cell phones stay in lockers during class.`,
      );
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
  });

  test('the unsubscribe page and the one-click POST each end a subscription, and a further summary reaches neither', async ({
    page,
    request,
  }) => {
    // The visible link: the page unsubscribes at the press of its button and says so.
    const [digest] = await digestsOf(byLink);
    await page.goto(linkIn(digest.text, `${siteUrl()}/unsubscribe?token=`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe me' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `You are unsubscribed. No more summaries of ${MAIL_DISTRICT_NAME}'s meetings will be sent to you.`,
    );

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
    await sql(
      `insert into public.meetings ("districtId", date, title, summary) values ($1, '2026-11-21', 'Special Meeting', '<p>Another summary.</p>')`,
      [MAIL_DISTRICT_ID],
    );
    const third = await runMailSend();
    expect(third.code, third.output).toBe(0);
    expect(await digestsOf(byLink)).toHaveLength(1);
    expect(await digestsOf(byHeader)).toHaveLength(1);
  });
});

test.describe('opening a link changes nothing: the page asks for one press of its button', () => {
  // What a mail scanner does when it checks a link: it opens the page, runs its script and waits for it to settle.
  // The island sleeps until its button is pressed: the page loads no React, and the press still takes effect.
  async function openAsAScannerWould(page: Page, url: string) {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/rpc/')) calls.push(request.url());
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await islandAsleep(page, 'EmailLink');
    return calls;
  }

  test('confirm', async ({ page }) => {
    const email = `parent-${crypto.randomUUID()}@example.org`;
    const token = Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
    const [{ id }] = await sql<{ id: string }>(
      'insert into public.subscriptions (email, district_id) values ($1, $2) returning id',
      [email, MAIL_DISTRICT_ID],
    );
    await sql(
      `insert into private.confirmation_tokens (token_hash, subscription_id, expires_at) values (private.token_hash($1), $2, now() + interval '3 days')`,
      [token, id],
    );
    const confirmedAt = async () =>
      (await sql<{ at: Date | null }>('select confirmed_at as at from public.subscriptions where id = $1', [id]))[0].at;

    expect(await openAsAScannerWould(page, `/confirm?token=${token}`)).toEqual([]);
    await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toBeEnabled();
    await expect(page.getByRole('status')).toHaveText('');
    expect(await confirmedAt()).toBeNull();

    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Your subscription is confirmed. Summaries of ${MAIL_DISTRICT_NAME}'s new meetings will come to your inbox.`,
    );
    expect(await confirmedAt()).not.toBeNull();
    await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toHaveCount(0);
  });

  test('unsubscribe', async ({ page }) => {
    const [{ id, token }] = await sql<{ id: string; token: string }>(
      'insert into public.subscriptions (email, district_id, confirmed_at, digest_through) values ($1, $2, now(), now()) returning id, unsubscribe_token as token',
      [`parent-${crypto.randomUUID()}@example.org`, MAIL_DISTRICT_ID],
    );
    const unsubscribedAt = async () =>
      (await sql<{ at: Date | null }>('select unsubscribed_at as at from public.subscriptions where id = $1', [id]))[0]
        .at;

    expect(await openAsAScannerWould(page, `/unsubscribe?token=${token}`)).toEqual([]);
    await expect(page.getByRole('button', { name: 'Unsubscribe me' })).toBeEnabled();
    expect(await unsubscribedAt()).toBeNull();

    await page.getByRole('button', { name: 'Unsubscribe me' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `You are unsubscribed. No more summaries of ${MAIL_DISTRICT_NAME}'s meetings will be sent to you.`,
    );
    expect(await unsubscribedAt()).not.toBeNull();
  });
});

test.describe('a link that is not valid changes nothing and says so', () => {
  for (const [path, text] of [
    [
      '/confirm',
      'This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.',
    ],
    ['/unsubscribe?token=abc', 'This unsubscribe link is not valid. Open the whole link from the email.'],
  ]) {
    test(`${path}: said at once, without loading React`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByRole('status')).toHaveText('');
      await expect(page.getByRole('button')).toHaveCount(0);
      await islandAsleep(page, 'EmailLink');
    });
  }
  for (const [path, button, text] of [
    [
      `/confirm?token=${'0'.repeat(64)}`,
      'Confirm my subscription',
      'This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.',
    ],
    [
      `/unsubscribe?token=${'0'.repeat(64)}`,
      'Unsubscribe me',
      'This unsubscribe link is not valid. Open the whole link from the email.',
    ],
  ]) {
    test(`${path}: said once the button is pressed`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByRole('status')).toHaveText('');
    });
  }
});

test('a confirmation that cannot reach the server says so and can be tried again', async ({ page }) => {
  // The database cannot be made unreachable for one page while other tests use it: the request fails in the browser.
  await page.route('**/rest/v1/rpc/confirm_subscription', (route) => route.abort('internetdisconnected'));
  await page.goto(`/confirm?token=${'a'.repeat(64)}`);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your subscription could not be confirmed: the connection to the server failed. Please try again.',
  );
  await page.unroute('**/rest/v1/rpc/confirm_subscription');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.',
  );
});

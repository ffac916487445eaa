// Alerts end to end on the embedded stack and its mail catcher (maildev): a reader sets up 'Email me when this comes
// up' on the built site-wide record search, confirms through the email's link, a meeting's summary then gains the
// words (as the nightly update writes it), `npm run mail:send` matches and sends one alert email whose link opens that
// meeting's card, and the management page of the email (the confirmation page links it too) lists the alert, gives
// its feed (read here) and pauses it.
// The site is not built again between the update and the mail run: the card already exists on the built page.
import { expect, test } from '@playwright/test';
import { sql } from '../../../../supabase/tests/helpers';
import { inboxOf, linkIn, runMailSend } from '../../../../supabase/tests/mailHelpers';
import { formMessages } from '../../build/alertMessages';
import { translator } from '../../../i18n/translate';
import { useTranslations } from '../../../i18n/catalogues';
import { RECORD_SEARCH_PATH } from '../../../search/recordSearch';

const siteUrl = () => process.env.TEST_SITE_URL ?? '';
/** The demo district whose meeting gains the alert's words. */
const DISTRICT = 3;
const t = translator('en', formMessages('en'));
/** The confirmation page's words (its own catalogue messages). */
const confirmPage = useTranslations('en');

test('set up an alert on the record search, confirm it, get the alert email and its feed, pause it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `alert-${crypto.randomUUID()}@example.org`;
  const word = `aquaponics${crypto.randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;

  await page.goto(RECORD_SEARCH_PATH);
  await page.getByText('Email me when this comes up').click();
  const form = page.locator('.alert-form');
  await form.getByRole('searchbox', { name: 'Words to look for' }).fill(word);
  await expect(form.getByRole('radio', { name: 'Every district', exact: true })).toBeChecked();
  await expect(
    form.getByText(`What you will get: one email a day listing what is new for "${word}" in every district.`),
  ).toBeVisible();
  await form.getByRole('radio', { name: 'At most once a week' }).check();
  await form.getByRole('radio', { name: 'At most once a day' }).check();
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await expect(form.getByRole('button', { name: 'Email me' })).toBeEnabled();
  await form.getByRole('button', { name: 'Email me' }).click();
  await expect(form.getByRole('status')).toHaveText(t('alerts.form.sent', { email }));

  // The confirmation, through the real mail catcher; the link asks for one press.
  await expect
    .poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toEqual(['Confirm your school board alert']);
  const [confirmation] = await inboxOf(email);
  expect(confirmation.text).toContain(`"${word}" in every district, daily`);
  await page.goto(linkIn(confirmation.text, `${siteUrl()}/confirm?token=`));
  // The page speaks of the alerts, not of a board's summaries (the link says it came from an alert email).
  await expect(page.getByText(confirmPage('confirm.invitationAlerts'))).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toHaveText(confirmPage('confirm.confirmed.alerts'));
  // The way from there to the page that manages the alerts: the same page the alert email links.
  const managePage = await page.getByRole('link', { name: confirmPage('confirm.manageAlerts') }).getAttribute('href');

  // A built meeting's summary gains the words, as the nightly update writes it; mail:send matches and sends. Not one of
  // district 1's: the change leaves the meeting's SEQUENCE raised, and the follow tests hold district 1's built
  // calendar against the database, whichever test runs first.
  const [meeting] = await sql<{ id: string; summary: string | null; title: string; date: string }>(
    `select id, summary, coalesce(title, 'Board Meeting') as title, to_char(date, 'YYYY-MM-DD') as date from public.meetings
      where "districtId" = $1 and summary is not null order by date desc limit 1`,
    [DISTRICT],
  );
  try {
    await sql('update public.meetings set summary = $1 where id = $2', [
      `${meeting.summary}<p>Parents asked about the ${word} club.</p>`,
      meeting.id,
    ]);
    const run = await runMailSend();
    expect(run.output).toContain(`sent: alert to ${email}`);
    // Other tests run beside this one and queue their own confirmations: one queued after this run's last look is
    // left for the next run, and the run says so (exit 1). Nothing failed either way.
    expect(run.output).toMatch(/sent \d+, skipped \d+, failed 0/);
    if (run.code !== 0) expect(run.output).toMatch(/not sent yet: \d+ emails? queued \(due now\)/);
  } finally {
    await sql('update public.meetings set summary = $1 where id = $2', [meeting.summary, meeting.id]);
  }

  const alerts = (await inboxOf(email)).filter((mail) => !mail.subject.startsWith('Confirm'));
  expect(alerts.map((mail) => mail.subject)).toEqual([`"${word}" in every district: 1 new match`]);
  const [alert] = alerts;
  expect(alert.text).toContain(`*${word}*`);
  expect(alert.html).toContain(`<mark>${word}</mark>`);
  const [month, day, year] = [meeting.date.slice(5, 7), meeting.date.slice(8, 10), meeting.date.slice(2, 4)];
  const cardLink = linkIn(alert.text, `${siteUrl()}/${DISTRICT}?tab=Meetings#`);
  expect(cardLink).toBe(`${siteUrl()}/${DISTRICT}?tab=Meetings#meeting-${month}-${day}-${year}`);
  await page.goto(cardLink);
  await expect(page.locator(`#meeting-${month}-${day}-${year}`)).toBeInViewport();

  // The management page of the email: the alert in plain words, its feed, and a pause that shows.
  await page.goto(linkIn(alert.text, `${siteUrl()}/alerts?token=`));
  expect(`${siteUrl()}${managePage}`).toBe(page.url());
  await expect(page.getByRole('heading', { level: 1, name: 'Your alerts' })).toBeVisible();
  await expect(page.getByText(`"${word}" in every district, daily`)).toBeVisible();
  const feedHref = await page.getByRole('link', { name: 'Feed' }).getAttribute('href');
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    'href',
    feedHref ?? '',
  );
  const feed = await request.get(feedHref ?? '');
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(word);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('status')).toHaveText(`Paused: "${word}" in every district, daily.`);
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  // A change is reported with the alert as it is now.
  await page.getByRole('button', { name: 'Make it weekly' }).click();
  await expect(page.getByRole('status')).toHaveText(`Changed: "${word}" in every district, weekly.`);
  await expect(page.getByRole('button', { name: 'Make it daily' })).toBeVisible();
  // Unsubscribing is asked first, then says so once.
  await page.getByRole('button', { name: 'Unsubscribe from all alerts' }).click();
  await page.getByRole('button', { name: 'Yes, unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(useTranslations('en')('alerts.manage.unsubscribed'));
  await expect(page.getByText(useTranslations('en')('alerts.manage.unsubscribed'))).toHaveCount(1);

  // A link with one character changed gets a clear answer and changes nothing.
  const manage = new URL(linkIn(alert.text, `${siteUrl()}/alerts?token=`));
  const token = manage.searchParams.get('token') ?? '';
  await page.goto(`/alerts?token=${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not known: it may have been changed, or its alerts ended. Open the link of your latest alert email.',
  );
});

test('at 375 px every control of the record search alert form is a 44 px target, its fields in 16 px text, an error at its field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${RECORD_SEARCH_PATH}?q=budget`);
  const summary = page.getByText('Email me when this comes up');
  await summary.click();
  const form = page.locator('.alert-form');
  const fields = [
    form.getByRole('searchbox', { name: t('alerts.form.words') }),
    form.getByRole('combobox', { name: t('alerts.form.stateName') }),
    form.getByRole('textbox', { name: t('alerts.form.email') }),
  ];
  for (const field of fields) {
    await expect(field).toBeVisible();
    const box = (await field.boundingBox())!;
    expect(box.height, await field.evaluate((node) => node.outerHTML)).toBeGreaterThanOrEqual(44);
    // iPhones zoom into a field whose text is under 16 px.
    expect(await field.evaluate((node) => getComputedStyle(node).fontSize)).toBe('16px');
  }
  // Each radio button and checkbox is pressed through its whole label row, 44 px tall, inside the screen.
  const choices = form.locator('label:has(> input[type="radio"]), label:has(> input[type="checkbox"])');
  await expect(choices).toHaveCount(2 + 2 + 3);
  for (const choice of await choices.all()) {
    const box = (await choice.boundingBox())!;
    expect(box.height, await choice.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  // The label's text, not only its box, sets the choice.
  await form.getByText(t('alerts.form.weekly'), { exact: true }).click();
  await expect(form.getByRole('radio', { name: t('alerts.form.weekly') })).toBeChecked();
  for (const control of [summary, form.getByRole('button', { name: t('alerts.form.submit') })]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  // An error stands at its field, above it, is the field's description, and the reader is taken there.
  await form.getByRole('searchbox', { name: t('alerts.form.words') }).fill('budget');
  const email = `alert-${crypto.randomUUID()}@example.org`;
  await form.getByRole('textbox', { name: t('alerts.form.email') }).fill(email);
  const kinds = form.getByRole('group', { name: t('alerts.form.kinds') });
  for (const kind of await kinds.getByRole('checkbox').all()) await kind.uncheck();
  await form.getByRole('button', { name: t('alerts.form.submit') }).click();
  const error = kinds.getByText(t('alerts.form.noKinds'));
  await expect(error).toBeVisible();
  await expect(kinds).toHaveAccessibleDescription(t('alerts.form.noKinds'));
  await expect(kinds.getByRole('checkbox').first()).toBeFocused();
  expect((await error.boundingBox())!.y).toBeLessThan((await kinds.getByRole('checkbox').first().boundingBox())!.y);
  // Not repeated below the button.
  await expect(form.getByRole('alert')).toHaveText('');
  await kinds.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: t('alerts.form.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(t('alerts.form.sent', { email }));
  await expect(error).toBeHidden();
});

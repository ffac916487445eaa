// The alerts' management page in Chromium, at a phone's width: deleting an alert and unsubscribing from all alerts
// are asked first, in place (the question takes the focus; Cancel and Escape go back to the button), a delete that
// fails is shown at its question and loses nothing, and the address's district summaries by email are listed with
// their language and whether they are confirmed, and stopped (asked first too). The page that confirms an address's
// alerts links the page that manages them.
import { expect, test } from '@playwright/test';
import { newClientAddress, rpcFrom, sql } from '../../../../supabase/tests/helpers';
import { confirmationToken } from '../../../../supabase/tests/mailHelpers';
import { useTranslations } from '../../../i18n/catalogues';
import { expectNoAxeViolations } from '../../../../tests/e2e/siteHelpers';

const t = useTranslations('en');

// The boards of this spec's digests: districts of its own, inserted with the superuser at ids 900000 and up (odd, so
// they never meet the other specs' even ones) and deleted afterwards with their subscriptions, so the built site's
// districts (its sitemap, its lists) stay the database's.
const ownDistricts: number[] = [];
async function newDistrict(name: string): Promise<number> {
  const id = 900001 + Math.floor(Math.random() * 49999) * 2;
  await sql('insert into public.districts (id, name) values ($1, $2)', [id, name]);
  ownDistricts.push(id);
  return id;
}
test.afterAll(async () => {
  await sql('delete from public.districts where id = any($1)', [ownDistricts]);
});
const es = useTranslations('es');

/** What the database holds of an address's alerts: their words, oldest first. */
const alertWords = async (email: string) =>
  (
    await sql<{ search_text: string }>(
      `select a.search_text from private.alerts a join public.subscriptions s on s.id = a.subscription_id
        where lower(s.email) = lower($1) order by a.id`,
      [email],
    )
  ).map((row) => row.search_text);

/** Whether a subscription has ended. */
const ended = async (id: number) =>
  (
    await sql<{ ended: boolean }>(
      'select unsubscribed_at is not null as ended from public.subscriptions where id = $1',
      [id],
    )
  )[0].ended;

/** A district summaries row of an address, as subscribe() writes it (confirmed as its link does, or waiting). */
async function digest(email: string, districtId: number, language: string, confirmed: boolean) {
  const [row] = await sql<{ id: string }>(
    `insert into public.subscriptions (email, district_id, language, confirmed_at, digest_through)
     values ($1, $2, $3, case when $4 then now() end, case when $4 then now() end) returning id`,
    [email, districtId, language, confirmed],
  );
  return Number(row.id);
}

const manageToken = async (email: string) =>
  (
    await sql<{ manage_token: string }>(
      'select manage_token from public.subscriptions where lower(email) = lower($1) and district_id is null',
      [email],
    )
  )[0].manage_token;

test('at 375 px, deleting an alert and unsubscribing are asked first, a failed delete is kept, and the district summaries are listed and stopped', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = `alerts-page-${crypto.randomUUID()}@example.org`;
  const client = newClientAddress();
  for (const q of ['cell phones', 'start time'])
    expect((await rpcFrom(client, 'create_alert', { email, q })).body).toMatchObject({ ok: true });
  const suffix = crypto.randomUUID().slice(0, 6);
  const [first, second] = [`Aspen Digest District ${suffix}`, `Birch Digest District ${suffix}`];
  const aspenDistrict = await newDistrict(first);
  const aspen = await digest(email, aspenDistrict, 'es', true);
  const birch = await digest(email.toUpperCase(), await newDistrict(second), 'en', false);
  // Another address's summaries of the same board are not this page's.
  await digest(`other-${email}`, aspenDistrict, 'en', true);

  await page.goto(`/alerts?token=${await manageToken(email)}`);
  const alerts = page.getByRole('region', { name: t('alerts.manage.alertsHeading') });
  const phones = alerts.getByRole('listitem').filter({ hasText: '"cell phones" in every district, daily' });
  await expect(phones).toBeVisible();
  const deleteButton = phones.getByRole('button', { name: t('alerts.manage.delete'), exact: true });

  // Delete asks first, in place; Cancel, or Escape, goes back to the button and changes nothing.
  const ask = t('alerts.manage.deleteAsk', { alert: '"cell phones" in every district, daily' });
  const question = phones.getByRole('group', { name: ask });
  for (const leave of ['Cancel', 'Escape']) {
    await deleteButton.click();
    await expect(question.getByText(ask)).toBeFocused();
    await expect(deleteButton).toHaveAttribute('aria-expanded', 'true');
    if (leave === 'Cancel') await question.getByRole('button', { name: t('alerts.manage.cancel') }).click();
    else await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(deleteButton).toBeFocused();
  }
  expect(await alertWords(email)).toEqual(['cell phones', 'start time']);

  // The question, its buttons 44 px tall, fits the screen; the page has no axe violation with it open.
  await deleteButton.click();
  for (const name of [t('alerts.manage.deleteYes'), t('alerts.manage.cancel')]) {
    const box = (await question.getByRole('button', { name }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, { include: ['.alerts-page'] });

  // A delete that cannot be sent is shown at its question, once, which stays to try again; nothing is lost.
  await page.route('**/rest/v1/rpc/delete_alert', (route) => route.abort('connectionfailed'));
  await question.getByRole('button', { name: t('alerts.manage.deleteYes') }).click();
  const sendFailed = t('alerts.error.send', { reason: '\u0000' }).split('\u0000')[0];
  await expect(question.getByRole('alert')).toContainText(sendFailed);
  await expect(page.getByText(sendFailed)).toHaveCount(1);
  await expect(phones).toBeVisible();
  expect(await alertWords(email)).toEqual(['cell phones', 'start time']);

  await page.unroute('**/rest/v1/rpc/delete_alert');
  await question.getByRole('button', { name: t('alerts.manage.deleteYes') }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted: "cell phones" in every district, daily.');
  await expect(phones).toBeHidden();
  await expect(alerts.getByRole('heading', { name: t('alerts.manage.alertsHeading') })).toBeFocused();
  await expect(page.getByText(sendFailed)).toHaveCount(0);
  expect(await alertWords(email)).toEqual(['start time']);

  // The address's district summaries (the same address in any letters), by board, with language and state.
  const digests = page.getByRole('region', { name: t('alerts.digests.heading') });
  await expect(digests.locator('.alerts-what')).toHaveText([
    `${first}, in Spanish (confirmed: each new summary is emailed)`,
    `${second}, in English (waiting: nothing is sent until you open the link of its confirmation email)`,
  ]);
  const aspenItem = digests.getByRole('listitem').filter({ hasText: first });
  await aspenItem.getByRole('button', { name: t('alerts.digests.stop') }).click();
  const stopAsk = t('alerts.digests.stopAsk', { district: first });
  await expect(aspenItem.getByText(stopAsk)).toBeFocused();
  expect(await ended(aspen)).toBe(false);
  await aspenItem.getByRole('button', { name: t('alerts.digests.stopYes') }).click();
  await expect(page.getByRole('status')).toHaveText(t('alerts.digests.stoppedDone', { district: first }));
  await expect(digests.locator('.alerts-what')).toHaveText([new RegExp(`^${second}, in English`)]);
  await expect(digests.getByRole('heading', { name: t('alerts.digests.heading') })).toBeFocused();
  expect([await ended(aspen), await ended(birch)]).toEqual([true, false]);

  // Unsubscribing from all alerts asks first too; it leaves the district summaries as they are, and says so once.
  await alerts.getByRole('button', { name: t('alerts.manage.unsubscribeAll') }).click();
  const unsubscribeAsk = alerts.getByRole('group', { name: t('alerts.manage.unsubscribeAsk') });
  await expect(unsubscribeAsk.getByText(t('alerts.manage.unsubscribeAsk'))).toBeFocused();
  await unsubscribeAsk.getByRole('button', { name: t('alerts.manage.cancel') }).click();
  await expect(alerts.getByRole('button', { name: t('alerts.manage.unsubscribeAll') })).toBeFocused();
  expect(await alertWords(email)).toEqual(['start time']);
  await alerts.getByRole('button', { name: t('alerts.manage.unsubscribeAll') }).click();
  await unsubscribeAsk.getByRole('button', { name: t('alerts.manage.unsubscribeYes') }).click();
  await expect(page.getByRole('status')).toHaveText(t('alerts.manage.unsubscribed'));
  await expect(page.getByText(t('alerts.manage.unsubscribed'))).toHaveCount(1);
  await expect(page.getByText(t('alerts.manage.none'))).toHaveCount(0);
  expect(await alertWords(email)).toEqual([]);
  await expect(digests.locator('.alerts-what')).toHaveText([new RegExp(`^${second}, in English`)]);
  expect(await ended(birch)).toBe(false);
});

test('the page that confirms an address’s alerts links the page that manages them, in the page’s language', async ({
  page,
}) => {
  const email = `alerts-confirm-${crypto.randomUUID()}@example.org`;
  expect(
    (await rpcFrom(newClientAddress(), 'create_alert', { email, q: 'comedor escolar', language: 'es' })).body,
  ).toMatchObject({ ok: true });
  const confirmUrl = `/es/confirm?token=${await confirmationToken(email)}&for=alerts`;
  const token = await manageToken(email);

  await page.goto(confirmUrl);
  await page.getByRole('button', { name: es('confirm.button') }).click();
  await expect(page.getByRole('status')).toHaveText(es('confirm.confirmed.alerts'));
  const manage = page.getByRole('link', { name: es('confirm.manageAlerts') });
  await expect(manage).toHaveAttribute('href', `/es/alerts?token=${token}`);

  // Pressed again, the link is used, and the way to the alerts is still there.
  await page.goto(confirmUrl);
  await page.getByRole('button', { name: es('confirm.button') }).click();
  await expect(page.getByRole('alert')).toHaveText(es('confirm.used'));
  await manage.click();
  await expect(page.getByRole('heading', { level: 1, name: es('alerts.manage.heading') })).toBeVisible();
  await expect(page.getByText('«comedor escolar» en todos los distritos, a diario')).toBeVisible();
  await expect(page.getByText(es('alerts.manage.notConfirmed'))).toHaveCount(0);
});

test('what was stopped or deleted from another page says so, once, and the lists are read again', async ({ page }) => {
  const email = `alerts-gone-${crypto.randomUUID()}@example.org`;
  expect((await rpcFrom(newClientAddress(), 'create_alert', { email, q: 'bus routes' })).body).toMatchObject({
    ok: true,
  });
  const board = `Cedar Digest District ${crypto.randomUUID().slice(0, 6)}`;
  const cedar = await digest(email, await newDistrict(board), 'en', true);
  await page.goto(`/alerts?token=${await manageToken(email)}`);
  const digests = page.getByRole('region', { name: t('alerts.digests.heading') });
  await expect(digests.locator('.alerts-what')).toHaveText([new RegExp(`^${board}, in English`)]);

  // Its own unsubscribe link ended it meanwhile.
  await sql('update public.subscriptions set unsubscribed_at = now() where id = $1', [cedar]);
  await digests.getByRole('button', { name: t('alerts.digests.stop') }).click();
  await digests.getByRole('button', { name: t('alerts.digests.stopYes') }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText(t('alerts.digests.noDigest'));
  await expect(page.getByText(t('alerts.digests.noDigest'))).toHaveCount(1);
  await expect(digests.getByText(t('alerts.digests.none'))).toBeVisible();
  await expect(digests.getByRole('heading', { name: t('alerts.digests.heading') })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('');

  // An alert deleted meanwhile (another tab): its pause says it is gone, and the list is read again.
  await sql(
    'delete from private.alerts a using public.subscriptions s where s.id = a.subscription_id and lower(s.email) = lower($1)',
    [email],
  );
  const alerts = page.getByRole('region', { name: t('alerts.manage.alertsHeading') });
  await alerts.getByRole('button', { name: t('alerts.manage.pause') }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText(t('alerts.manage.noAlert'));
  await expect(alerts.getByText(t('alerts.manage.none'))).toBeVisible();
  await expect(alerts.getByRole('heading', { name: t('alerts.manage.alertsHeading') })).toBeFocused();
});

test('an alert that waits for its owner says so, and its owner turns it on from the page', async ({ page }) => {
  const email = `alerts-waiting-${crypto.randomUUID()}@example.org`;
  const client = newClientAddress();
  for (const q of ['school lunch', 'bus routes'])
    expect((await rpcFrom(client, 'create_alert', { email, q })).body).toMatchObject({ ok: true });
  // The first is confirmed by its email's link; the second, asked later, waits.
  const [first] = await sql<{ id: string }>(
    `select a.id from private.alerts a join public.subscriptions s on s.id = a.subscription_id
      where lower(s.email) = lower($1) order by a.id limit 1`,
    [email],
  );
  await sql('update private.alerts set confirmed_at = now() where id = $1', [first.id]);
  await sql('update public.subscriptions set confirmed_at = now() where lower(email) = lower($1)', [email]);
  await page.goto(`/alerts?token=${await manageToken(email)}`);
  const alerts = page.getByRole('region', { name: t('alerts.manage.alertsHeading') });
  const items = alerts.locator('.alerts-what');
  await expect(items).toHaveText([
    '"school lunch" in every district, daily',
    `"bus routes" in every district, daily ${t('alerts.manage.waitingNote')}`,
  ]);
  await expect(alerts.getByRole('button', { name: t('alerts.manage.confirm') })).toHaveCount(1);

  await alerts.getByRole('button', { name: t('alerts.manage.confirm') }).click();
  await expect(page.getByRole('status')).toHaveText('Turned on: "bus routes" in every district, daily.');
  await expect(alerts.getByRole('button', { name: t('alerts.manage.confirm') })).toHaveCount(0);
  await expect(alerts.getByText(t('alerts.manage.waitingNote'))).toHaveCount(0);
  const on = await sql<{ on: boolean }>(
    `select a.confirmed_at is not null as on from private.alerts a join public.subscriptions s on s.id = a.subscription_id
      where lower(s.email) = lower($1) order by a.id`,
    [email],
  );
  expect(on.map((row) => row.on)).toEqual([true, true]);
});

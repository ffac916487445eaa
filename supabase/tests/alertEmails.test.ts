// The alerts' emails, sent by `npm run mail:send` against the test stack into its mail catcher: the confirmation of an
// address's first alert; after a matching run, one email per address grouping its alerts' matches, daily or weekly as
// each asks, nothing when nothing matched, never a match twice; each match with its district, date, kind, marked words
// and the link to its place; the one-click unsubscribe of the alerts it came from; and each email in the language of
// the page the subscriber used.
import { describe, expect, it } from 'vitest';
import { rpc, sql, type FormAnswer } from './helpers';
import {
  addMeetingSummary,
  confirmationToken,
  inboxOf,
  linkIn,
  newDistrict,
  runMailSend,
  type CaughtEmail,
} from './mailHelpers';

const OK = { ok: true, errors: {}, form_errors: [] };
const address = () => `alert-mail-${crypto.randomUUID()}@example.org`;
const site = () => process.env.TEST_SITE_URL as string;

/** An address with these alerts (create_alert's arguments), confirmed as its owner would through the link. */
async function subscriber(alerts: Record<string, unknown>[], language = 'en') {
  const email = address();
  for (const alert of alerts) expect((await rpc('create_alert', { email, language, ...alert })).body).toEqual(OK);
  expect((await rpc('confirm_subscription', { token: await confirmationToken(email) })).body).toMatchObject({
    ok: true,
    status: 'confirmed',
  });
  return email;
}

const alertMails = async (email: string) =>
  (await inboxOf(email)).filter((mail) => !/^Confirm|^Confirme|^请确认/.test(mail.subject));

async function unsentMatches(email: string) {
  return sql<{ n: number }>(
    `select count(*)::int as n from private.alert_matches m join private.alerts a on a.id = m.alert_id
       join public.subscriptions s on s.id = a.subscription_id where lower(s.email) = lower($1) and m.sent_at is null`,
    [email],
  ).then(([row]) => row.n);
}

/** Runs mail:send to its end and expects it to succeed. */
async function mailRun() {
  const run = await runMailSend();
  expect(run.code, run.output).toBe(0);
  return run.output;
}

describe('the confirmation of an alert', () => {
  it('is written and sent (mail:send could not write this kind before), in plain words, with the manage link', async () => {
    const email = address();
    const district = await newDistrict('Riverside Alerts District');
    expect(
      (await rpc('create_alert', { email, q: 'cell phones', district_id: district, kinds: ['meeting'] })).body,
    ).toEqual(OK);
    await mailRun();
    await expect
      .poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toEqual(['Confirm your school board alert']);
    const [mail] = await inboxOf(email);
    expect(mail.text).toContain('"cell phones" in Riverside Alerts District, meeting summaries only, daily');
    const confirm = linkIn(mail.text, `${site()}/confirm?token=`);
    // The page it opens speaks of alerts, not of a board's summaries.
    expect(confirm).toMatch(/&for=alerts$/);
    expect(mail.html).toContain(`href="${confirm.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain(`${site()}/alerts?token=`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [{ state }] = await sql<{ state: string }>(
      'select state from public.email_outbox where lower(recipient) = lower($1)',
      [email],
    );
    expect(state).toBe('sent');
  });
});

describe('the alert email', () => {
  it("groups an address's matches of several alerts in one email, each with its place, marked words and links; then nothing twice", async () => {
    const district = await newDistrict('Lakeside Alerts District');
    const email = await subscriber([
      { q: 'lockerphone', district_id: district },
      { q: 'bellschedule', district_id: district, frequency: 'daily' },
    ]);
    await mailRun();
    const before = (await alertMails(email)).length;
    const meeting = await addMeetingSummary(district, {
      date: '2026-11-18',
      title: 'Regular Meeting',
      summary: '<p>Phones go in a <b>lockerphone</b> box during class.</p><script>alert(1)</script>',
    });
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, outcome, votes) values ($1, 'recent', '2026-11-19', 'Adopt the bellschedule', 'Passed', '[]')`,
      [district],
    );
    await mailRun();
    const mails = await alertMails(email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1) as CaughtEmail;
    expect(mail.subject).toBe('Your school board alerts: 2 new matches');
    expect(mail.text).toContain('"lockerphone" in Lakeside Alerts District, daily');
    expect(mail.text).toContain('"bellschedule" in Lakeside Alerts District, daily');
    expect(mail.text).toContain('Meeting · Lakeside Alerts District · November 18, 2026');
    expect(mail.text).toContain('Vote · Lakeside Alerts District · November 19, 2026');
    expect(mail.text).toContain('*lockerphone*');
    expect(mail.text).toContain(`${site()}/${district}?tab=Meetings#meeting-11-18-26`);
    expect(mail.text).toMatch(new RegExp(`${site()}/${district}\\?tab=voting#vote-\\d+`));
    expect(mail.html).toContain('<mark>lockerphone</mark>');
    expect(mail.html).not.toContain('<script');
    expect(mail.text).not.toContain('alert(1)');
    expect(mail.text).toContain(`${site()}/alerts?token=`);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /\/functions\/v1\/unsubscribe\?token=[0-9a-f]{64}&alerts=\d+,\d+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(meeting).toBeGreaterThan(0);
    expect(await unsentMatches(email)).toBe(0);

    // The next run: nothing new matched, nothing sent.
    await mailRun();
    expect(await alertMails(email)).toHaveLength(before + 1);
  });

  it('nothing matched, nothing sent', async () => {
    const district = await newDistrict();
    const email = await subscriber([{ q: 'nevermentionedword', district_id: district }]);
    await addMeetingSummary(district, { summary: '<p>The board talked about buses.</p>' });
    await mailRun();
    expect(await alertMails(email)).toEqual([]);
    expect(
      await sql("select 1 from public.email_outbox where kind = 'alert' and lower(recipient) = lower($1)", [email]),
    ).toEqual([]);
  });

  it('a weekly alert waits for its week; a daily one of the same address goes now', async () => {
    const district = await newDistrict();
    const email = await subscriber([
      { q: 'weeklyword', district_id: district, frequency: 'weekly' },
      { q: 'dailyword', district_id: district },
    ]);
    await mailRun();
    await addMeetingSummary(district, { summary: '<p>The weeklyword and the dailyword came up.</p>' });
    await mailRun();
    const [first] = await alertMails(email);
    expect(first.subject).toBe(
      '"dailyword" in ' +
        (await sql<{ name: string }>('select name from public.districts where id = $1', [district]))[0].name +
        ': 1 new match',
    );
    expect(first.text).not.toContain('weeklyword"');
    expect(await unsentMatches(email)).toBe(1);
    // A week on (the alert was created a week ago): its match goes, once.
    await sql(
      "update private.alerts a set created_at = a.created_at - interval '7 days' from public.subscriptions s where s.id = a.subscription_id and lower(s.email) = lower($1)",
      [email],
    );
    await mailRun();
    const mails = await alertMails(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('"weeklyword" in');
    expect(mails[1].text).toContain(', weekly');
    expect(await unsentMatches(email)).toBe(0);
  });

  it('a paused alert sends nothing; an unconfirmed address gets no alert email', async () => {
    const district = await newDistrict();
    const paused = await subscriber([{ q: 'pausedword', district_id: district }]);
    const unconfirmed = address();
    await rpc('create_alert', { email: unconfirmed, q: 'pausedword', district_id: district });
    const [{ manage_token: token }] = await sql<{ manage_token: string }>(
      'select manage_token from public.subscriptions where lower(email) = lower($1) and district_id is null',
      [paused],
    );
    const [{ id }] = await sql<{ id: string }>(
      'select a.id from private.alerts a join public.subscriptions s on s.id = a.subscription_id where lower(s.email) = lower($1)',
      [paused],
    );
    expect((await rpc('pause_alert', { token, alert_id: Number(id) })).body).toMatchObject({
      ok: true,
      status: 'paused',
    });
    await mailRun();
    await addMeetingSummary(district, { summary: '<p>The pausedword came up.</p>' });
    await mailRun();
    expect(await alertMails(paused)).toEqual([]);
    expect(await alertMails(unconfirmed)).toEqual([]);
  });

  it('the one-click unsubscribe of an alert email stops those alerts only', async () => {
    const district = await newDistrict();
    const email = await subscriber([
      { q: 'oneclickword', district_id: district },
      { q: 'keptword', district_id: district },
    ]);
    await mailRun();
    await addMeetingSummary(district, { summary: '<p>The oneclickword came up.</p>' });
    await mailRun();
    const [mail] = await alertMails(email);
    const oneClick = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'])?.[1] as string;
    const response = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect([response.status, await response.text()]).toEqual([200, 'These alerts are stopped.\n']);
    const left = await sql<{ search_text: string }>(
      'select a.search_text from private.alerts a join public.subscriptions s on s.id = a.subscription_id where lower(s.email) = lower($1)',
      [email],
    );
    expect(left).toEqual([{ search_text: 'keptword' }]);
    // Changed by one character, the same address stops nothing.
    const changed = oneClick.replace(
      /token=([0-9a-f]{10})([0-9a-f])/,
      (_all, head: string, c: string) => `token=${head}${c === 'a' ? 'b' : 'a'}`,
    );
    const refused = await fetch(changed.replace(/alerts=\d+/, 'alerts=1'), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(404);
  });
});

describe("the subscriber's language", () => {
  it('an alert set up from the Spanish page: its confirmation and its alert email in Spanish, dates through Intl', async () => {
    const district = await newDistrict('Distrito de Prueba');
    const email = address();
    expect((await rpc('create_alert', { email, q: 'uniformes', district_id: district, language: 'es' })).body).toEqual(
      OK,
    );
    await mailRun();
    await expect
      .poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toEqual(['Confirme su alerta de la junta escolar']);
    const [confirmation] = await inboxOf(email);
    expect(confirmation.text).toContain('«uniformes» en Distrito de Prueba, a diario');
    expect(confirmation.text).toContain(`${site()}/es/confirm?token=`);
    expect((await rpc('confirm_subscription', { token: await confirmationToken(email) })).body).toMatchObject({
      ok: true,
    });
    await addMeetingSummary(district, { date: '2026-11-17', summary: '<p>The board discussed uniformes.</p>' });
    await mailRun();
    const [mail] = await alertMails(email);
    expect(mail.subject).toBe('«uniformes» en Distrito de Prueba: 1 resultado nuevo');
    expect(mail.text).toContain('Reunión · Distrito de Prueba · 17 de noviembre de 2026');
    expect(mail.text).toContain(`${site()}/es/${district}?tab=Meetings#meeting-11-17-26`);
    expect(mail.html).toContain('<html lang="es">');
  });

  it('a digest and its confirmation in Chinese for a subscription made from the Chinese page', async () => {
    const district = await newDistrict('Test Unified');
    const email = address();
    expect((await rpc('subscribe', { email, district_id: district, language: 'zh' })).body).toEqual(OK);
    await expect
      .poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toEqual(['请确认订阅Test Unified的会议摘要']);
    expect((await rpc('confirm_subscription', { token: await confirmationToken(email, district) })).body).toMatchObject(
      { ok: true },
    );
    await addMeetingSummary(district, { date: '2026-11-16', summary: '<p>Buses.</p>' });
    await mailRun();
    const digest = (await inboxOf(email)).at(-1) as CaughtEmail;
    expect(digest.subject).toBe('Test Unified：1 份新的会议摘要');
    expect(digest.text).toContain('2026年11月16日');
    expect(digest.text).toContain(`${site()}/zh/unsubscribe?token=`);
  });

  it('a language the site does not have is refused by field, with nothing stored', async () => {
    const email = address();
    for (const [name, args] of [
      ['create_alert', { email, q: 'budget', language: 'fr' }],
      ['subscribe', { email, district_id: 1, language: 'fr' }],
      ['subscribe', { email, district_id: 1, language: null }],
    ] as const) {
      expect((await rpc<FormAnswer>(name, args)).body).toEqual({
        ok: false,
        errors: { language: [{ code: 'field.language' }] },
        form_errors: [],
      });
    }
    expect(await sql('select 1 from public.subscriptions where lower(email) = lower($1)', [email])).toEqual([]);
  });
});

describe('every email bounded', () => {
  it('50 alerts with 100,000 matches between them: one email of at most 100 matches, under 500 KB, with "and N more"', async () => {
    const district = await newDistrict();
    const email = await subscriber([{ q: 'boundedword', district_id: district }]);
    // 49 more alerts of the address, confirmed, and 2,000 meetings each of them matched: 100,000 matches.
    await sql(
      `insert into private.alerts (subscription_id, kind, search_text, query, anchors, district_id, kinds, confirmed_at)
       select a.subscription_id, 'search', 'boundedword ' || n, a.query, a.anchors, a.district_id, a.kinds, now()
       from private.alerts a join public.subscriptions s on s.id = a.subscription_id, generate_series(1, 49) n
       where lower(s.email) = lower($1)`,
      [email],
    );
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
       select $1, date '2026-01-01' + (n % 300), 'Meeting ' || n, '<p>' || repeat('The boundedword came up again. ', 40) || '</p>'
       from generate_series(1, 2000) n`,
      [district],
    );
    await sql(
      `insert into private.alert_matches (alert_id, record_kind, record_id, district_id, run_id)
       select a.id, 'meeting', m.id, m."districtId", (select max(id) from private.alert_runs)
       from private.alerts a join public.subscriptions s on s.id = a.subscription_id
       join public.meetings m on m."districtId" = $2
       where lower(s.email) = lower($1)`,
      [email, district],
    );
    await sql("update private.record_changes set changed_at = changed_at - interval '1 day' where kind = 'meeting'");
    await mailRun();
    const [mail] = await alertMails(email);
    expect(mail.subject).toMatch(/100/);
    expect(Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text)).toBeLessThan(500 * 1024);
    expect((mail.text.match(/Read it: /g) ?? []).length).toBe(100);
    // Five alerts of 20 fill the email; each says how many more its feed holds.
    expect(mail.text.match(/And 1,980 more matches of this alert, all in its feed/g)).toHaveLength(5);
    expect(mail.text).toContain('/functions/v1/alert-feed?token=');
  }, 120_000);
});

// Alerts in the database: create_alert refuses what the record search refuses, with its codes, and every other bad
// input of the form, each with its code and parameters; the address goes through the confirmed-email flow; the signed management link lists, pauses, changes
// and deletes, and a token with one character changed does nothing; match_alerts queues each (alert, record) match
// once, from the new and changed records; nothing of an address is readable with the anon key.
import { describe, expect, it } from 'vitest';
import { checkSearchText } from '../../src/search/recordSearch';
import { translator } from '../../src/i18n/translate';
import { SERVER_CODES, answerText } from '../../src/i18n/serverText';
import en from '../../src/i18n/messages/en.json';
import {
  newClientAddress,
  refusalOf,
  rest,
  rpc,
  rpcFrom,
  sql,
  superuser,
  type ApiError,
  type FormAnswer,
  type Refusal,
} from './helpers';
import { addMeetingSummary, confirmationToken, inboxOf, linkIn, newDistrict } from './mailHelpers';

const OK = { ok: true, errors: {}, form_errors: [] };
const address = () => `alert-${crypto.randomUUID()}@example.org`;

async function alertsOf(email: string) {
  return sql<{
    id: string;
    kind: string;
    search_text: string;
    district_id: string | null;
    state: string | null;
    kinds: string[];
    paused: boolean;
    frequency: string;
    feed_token: string;
  }>(
    `select a.id, a.kind, a.search_text, a.district_id, a.state, a.kinds, a.paused, a.frequency, a.feed_token
       from private.alerts a join public.subscriptions s on s.id = a.subscription_id
      where lower(s.email) = lower($1) and s.district_id is null order by a.id`,
    [email],
  );
}

async function owner(email: string) {
  const [row] = await sql<{
    id: string;
    manage_token: string;
    unsubscribe_token: string;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
  }>(
    'select id, manage_token, unsubscribe_token, confirmed_at, unsubscribed_at from public.subscriptions where lower(email) = lower($1) and district_id is null',
    [email],
  );
  return row;
}

async function confirmations(email: string) {
  return sql<{ payload: { token?: string; manage_token: string; alert: Record<string, unknown> } }>(
    "select payload from public.email_outbox where kind = 'alert_confirmation' and lower(recipient) = lower($1) order by id",
    [email],
  );
}

/** An address whose alerts are confirmed, as if its owner had opened the confirmation link (a token made as create_alert makes one). */
async function confirmedAlertAddress(): Promise<string> {
  const email = address();
  const district = await newDistrict();
  expect((await rpc('create_alert', { email, q: 'placeholder', district_id: district })).body).toEqual(OK);
  const token = await confirmationToken(email);
  expect((await rpc('confirm_subscription', { token })).body).toMatchObject({ ok: true, status: 'confirmed' });
  await sql(
    'delete from private.alerts a using public.subscriptions s where s.id = a.subscription_id and lower(s.email) = lower($1)',
    [email],
  );
  return email;
}

/** An alert its owner asked for and confirmed: create_alert, then the link of the email that names it. */
async function ownAlert(args: { email: string } & Record<string, unknown>) {
  const created = await rpc<FormAnswer>('create_alert', args);
  const token = await confirmationToken(args.email);
  expect((await rpc('confirm_subscription', { token })).body).toMatchObject({ ok: true, status: 'confirmed' });
  return created;
}

async function matchesOf(email: string) {
  return sql<{ record_kind: string; record_id: string }>(
    `select m.record_kind, m.record_id from private.alert_matches m
       join private.alerts a on a.id = m.alert_id join public.subscriptions s on s.id = a.subscription_id
      where lower(s.email) = lower($1) order by m.id`,
    [email],
  );
}

const matchAlerts = async (since?: string) =>
  (await sql<{ run: { queued: number; records: number } }>('select public.match_alerts($1) as run', [since ?? null]))[0]
    .run;

/** One character of a token changed, to another hex digit. */
const btrimmed = (text: string) => text.trim();

const changedOne = (token: string) => `${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`;

describe('create_alert stores an alert and asks the address to confirm', () => {
  it('stores each search waiting, queues one confirmation naming each, and again within the hour nothing more', async () => {
    const email = address();
    const district = await newDistrict();
    expect((await rpc('create_alert', { email, q: 'cell phones', district_id: district })).body).toEqual(OK);
    const later = { email: email.toUpperCase(), q: 'later start time', district_id: district, frequency: 'weekly' };
    expect((await rpc('create_alert', later)).body).toEqual(OK);
    expect((await rpc('create_alert', later)).body).toEqual(OK);
    const alerts = await alertsOf(email);
    expect(alerts.map((alert) => [alert.kind, alert.search_text, alert.district_id, alert.frequency])).toEqual([
      ['search', 'cell phones', String(district), 'daily'],
      ['search', 'later start time', String(district), 'weekly'],
    ]);
    const sent = await confirmations(email);
    expect(sent.map((mail) => [mail.payload.alert.text, mail.payload.alert.frequency])).toEqual([
      ['cell phones', 'daily'],
      ['later start time', 'weekly'],
    ]);
    expect(sent[0].payload.alert).toMatchObject({ kind: 'search', district_id: district });
    expect((await owner(email)).confirmed_at).toBeNull();
  });

  it('the same alert twice is stored once', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'budget', state: null });
    expect((await rpc('create_alert', { email, q: 'budget' })).body).toEqual(OK);
    expect(await alertsOf(email)).toHaveLength(1);
  });

  it('the confirmation link confirms once; used again it answers used and changes nothing', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'bus routes' });
    // The link of the email the stack's worker sends within seconds, as its reader opens it.
    await expect.poll(async () => (await inboxOf(email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await inboxOf(email);
    const token = new URL(linkIn(mail.text, `${process.env.TEST_SITE_URL}/confirm?token=`)).searchParams.get('token');
    const payload = { token };
    // The page that confirms is given the management link's token, to link the page that manages the alerts.
    const { manage_token: manageToken } = await owner(email);
    expect((await rpc('confirm_subscription', { token: payload.token })).body).toEqual({
      ok: true,
      status: 'confirmed',
      district_id: null,
      district_name: null,
      manage_token: manageToken,
    });
    const confirmedAt = (await owner(email)).confirmed_at;
    expect(confirmedAt).not.toBeNull();
    expect((await rpc('confirm_subscription', { token: payload.token })).body).toEqual({
      ok: false,
      status: 'used',
      district_id: null,
      district_name: null,
      manage_token: manageToken,
    });
    expect((await owner(email)).confirmed_at).toEqual(confirmedAt);
  });

  it('an expired confirmation link answers no management token; a district subscription has none', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'late buses' });
    const token = await confirmationToken(email);
    await sql(
      "update private.confirmation_tokens set expires_at = now() - interval '1 minute' where token_hash = private.token_hash($1)",
      [token],
    );
    expect((await rpc('confirm_subscription', { token })).body).toEqual({
      ok: false,
      status: 'expired',
      district_id: null,
      district_name: null,
    });
    const district = await newDistrict();
    await sql('insert into public.subscriptions (email, district_id) values ($1, $2)', [email, district]);
    const digest = await confirmationToken(email, district);
    expect((await rpc('confirm_subscription', { token: digest })).body).not.toHaveProperty('manage_token');
  });

  it("a stranger's alert on a confirmed address waits for the owner: same answer, one email naming it, nothing matched until confirmed", async () => {
    const victim = await confirmedAlertAddress();
    const district = await newDistrict();
    const words = 'board or <img src=x onerror=alert(1)>';
    const before = (await confirmations(victim)).length;
    const stranger = await rpcFrom<FormAnswer>(newClientAddress(), 'create_alert', {
      email: victim,
      q: words,
      district_id: district,
      language: 'zh',
    });
    expect(stranger).toEqual({ status: 200, body: OK });
    expect((await rpc('create_alert', { email: address(), q: words, district_id: district })).body).toEqual(
      stranger.body,
    );
    const asked = (await confirmations(victim)).slice(before);
    expect(asked.map((mail) => mail.payload.alert.text)).toEqual([btrimmed(words)]);
    expect(
      (await rpc<{ alerts: { confirmed: boolean }[] }>('list_alerts', { token: (await owner(victim)).manage_token }))
        .body.alerts,
    ).toMatchObject([{ text: btrimmed(words), confirmed: false }]);
    await matchAlerts();
    await addMeetingSummary(district, { summary: '<p>The board met.</p>' });
    await matchAlerts();
    expect(await matchesOf(victim)).toEqual([]);
    const [{ language }] = await sql<{ language: string }>(
      'select language from public.subscriptions where lower(email) = lower($1) and district_id is null',
      [victim],
    );
    expect(language).toBe('en');

    // The owner opens the email that names it: from then on it is theirs, in the language it was asked from.
    await expect
      .poll(async () => (await inboxOf(victim)).filter((mail) => mail.text.includes('onerror')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const mail = (await inboxOf(victim)).find((caught) => caught.text.includes('onerror')) as { text: string };
    const token = new URL(linkIn(mail.text, `${process.env.TEST_SITE_URL}/zh/confirm?token=`)).searchParams.get(
      'token',
    );
    expect((await rpc('confirm_subscription', { token })).body).toMatchObject({ ok: true, status: 'confirmed' });
    await addMeetingSummary(district, { date: '2026-11-22', summary: '<p>The board met again.</p>' });
    await matchAlerts();
    expect(await matchesOf(victim)).toHaveLength(1);
    expect((await owner(victim)).confirmed_at).not.toBeNull();
  });

  it('for a topic: its title, in its district', async () => {
    const email = address();
    const district = await newDistrict();
    const [topic] = await sql<{ id: string }>(
      `insert into public.topics ("districtId", title) values ($1, 'Cell Phone Policy') returning id`,
      [district],
    );
    expect((await rpc('create_alert', { email, kind: 'topic', topic_id: Number(topic.id) })).body).toEqual(OK);
    expect((await alertsOf(email)).map((a) => [a.kind, a.search_text, a.district_id])).toEqual([
      ['topic', 'Cell Phone Policy', String(district)],
    ]);
  });
});

describe('bad input is refused with a clear answer and stores nothing', () => {
  async function refusedWith(args: Record<string, unknown>, form_errors: Refusal[]) {
    const email = address();
    const { status, body } = await rpc<FormAnswer>('create_alert', { email, ...args });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, errors: {}, form_errors });
    expect(await owner(email)).toBeUndefined();
    expect(await confirmations(email)).toEqual([]);
  }

  it.each([
    ['empty', '   '],
    ['500 characters', 'board '.repeat(84).slice(0, 500)],
    ['200 terms joined by |', Array.from({ length: 200 }, (_, n) => String.fromCharCode(97 + (n % 26))).join(' | ')],
  ])('a search %s: with the code the search page words it with', async (_label, q) => {
    const problem = checkSearchText(q, translator('en', en)).problem;
    const refusal: Refusal = q.trim()
      ? { code: 'search.too_long', max: 200, length: q.trim().length }
      : { code: 'search.empty' };
    await refusedWith({ q }, [refusal]);
    expect(answerText(refusal, translator('en', en), SERVER_CODES)).toBe(problem);
  });

  it.each([
    ['only words to leave out', '-board -budget'],
    ['eleven words', 'budget bus cafeteria dance exam field grade health library music nurse'],
    ['six words left out', 'budget -bus -cafeteria -dance -exam -field -grade'],
  ])('a search of %s: with the code and parameters search_records refuses it with', async (_label, q) => {
    const search = await rpc<ApiError>('search_records', { q });
    expect(search.status).toBe(400);
    await refusedWith({ q }, [refusalOf(search.body)]);
  });

  it('a search only of stop words, which could never match', async () => {
    await refusedWith({ q: 'the and of' }, [{ code: 'search.stop_words' }]);
  });

  it('a district that does not exist', async () => {
    await refusedWith({ q: 'budget', district_id: 987654321 }, [{ code: 'form.no_alert_district', id: 987654321 }]);
  });

  it('a state without districts, and a district beside a state', async () => {
    await refusedWith({ q: 'budget', state: 'QQ' }, [{ code: 'form.no_state_district', state: 'QQ' }]);
    await refusedWith({ q: 'budget', state: 'CA', district_id: 1 }, [{ code: 'form.district_or_state' }]);
  });

  it('a topic that does not exist or none, a member no vote lists, an unknown kind of record or of alert', async () => {
    await refusedWith({ kind: 'topic', topic_id: 987654321 }, [{ code: 'form.no_topic', id: 987654321 }]);
    await refusedWith({ kind: 'topic' }, [{ code: 'form.no_topic', id: null }]);
    await refusedWith({ kind: 'member', member: 'Nobody Byname', district_id: 1 }, [
      { code: 'form.no_member', name: 'Nobody Byname' },
    ]);
    await refusedWith({ kind: 'member', member: 'Nobody Byname' }, [{ code: 'form.no_alert_district', id: null }]);
    await refusedWith({ q: 'budget', kinds: ['minutes'] }, [{ code: 'search.kinds' }]);
    await refusedWith({ q: 'budget', minority_only: true }, [{ code: 'form.minority_only' }]);
    await refusedWith({ kind: 'newsletter' }, [{ code: 'form.alert_kind' }]);
  });

  it("a bad address, a bad frequency and a member's name too long, by field", async () => {
    const { body } = await rpc('create_alert', { email: 'not-an-email', q: 'budget', frequency: 'hourly' });
    expect(body).toEqual({
      ok: false,
      errors: { email: [{ code: 'field.email_invalid' }], frequency: [{ code: 'field.frequency' }] },
      form_errors: [],
    });
    const member = await rpc('create_alert', {
      email: address(),
      kind: 'member',
      member: 'x'.repeat(201),
      district_id: 1,
    });
    expect(member.body).toEqual({
      ok: false,
      errors: { member: [{ code: 'field.max_length', max: 200 }] },
      form_errors: [],
    });
  });

  it('the 51st alert of an address', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'word0' });
    await sql(
      `insert into private.alerts (subscription_id, kind, search_text, query, anchors)
       select s.id, 'search', 'word' || n, to_tsquery('english', 'word' || n), array['word' || n]
         from public.subscriptions s, generate_series(1, 49) as n where lower(s.email) = lower($1) and s.district_id is null`,
      [email],
    );
    expect(await alertsOf(email)).toHaveLength(50);
    const { body } = await rpc('create_alert', { email, q: 'one more' });
    expect(body).toEqual({
      ok: false,
      errors: {},
      form_errors: [{ code: 'form.most_alerts', max: 50 }],
    });
    expect(await alertsOf(email)).toHaveLength(50);
  });

  it('past the per-client limit on writes', async () => {
    await sql("update private.rate_limits set max_count = 2 where action = 'alert'");
    try {
      const client = newClientAddress();
      const answers = [];
      for (const q of ['one', 'two', 'three'])
        answers.push((await rpcFrom<FormAnswer>(client, 'create_alert', { email: address(), q })).body);
      expect(answers.slice(0, 2)).toEqual([OK, OK]);
      expect(answers[2]).toEqual({ ok: false, errors: {}, limited: true, form_errors: [{ code: 'limit.alerts' }] });
    } finally {
      await sql("update private.rate_limits set max_count = 1000000 where action = 'alert'");
    }
  });
});

describe('counted before costed', () => {
  it("a member's alert is counted against the client's limit before the votes are read, and refused once past it", async () => {
    const district = await newDistrict();
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, votes)
       select $1, 'recent', '2026-11-20', 'Vote ' || n, '[{"name": "Maria Okafor", "vote": "Yes"}]' from generate_series(1, 2000) n`,
      [district],
    );
    await sql("update private.rate_limits set max_count = 2 where action = 'alert'");
    try {
      const client = newClientAddress();
      const answers = [];
      for (let n = 0; n < 3; n += 1)
        answers.push(
          (
            await rpcFrom<FormAnswer>(client, 'create_alert', {
              email: address(),
              kind: 'member',
              member: 'Nobody Listed',
              district_id: district,
            })
          ).body,
        );
      expect(answers.map((answer) => answer.form_errors[0].code)).toEqual([
        'form.no_member',
        'form.no_member',
        'limit.alerts',
      ]);
    } finally {
      await sql("update private.rate_limits set max_count = 1000000 where action = 'alert'");
    }
  });

  it("finds whether a district's votes list a member through an index, not by reading every vote", async () => {
    const client = await superuser();
    try {
      await client.query('begin');
      const {
        rows: [{ id: district }],
      } = await client.query("insert into public.districts (name) values ('Many Votes District') returning id");
      await client.query(
        `insert into public.votings ("districtId", type, "voteDate", issue, votes)
         select $1, 'recent', '2026-11-20', 'Vote ' || n, jsonb_build_array(jsonb_build_object('name', 'Member ' || (n % 7), 'vote', 'Yes'))
         from generate_series(1, 20000) n`,
        [district],
      );
      await client.query('analyze public.votings');
      const plan = (
        await client.query(
          `explain select 1 from public.votings v
            where private.member_names(v.votes) @> array['nobody listed'] and v."districtId" = $1`,
          [district],
        )
      ).rows
        .map((row: Record<string, string>) => row['QUERY PLAN'])
        .join('\n');
      expect(plan, plan).toContain('votings_member_names_idx');
      await client.query('rollback');
    } finally {
      await client.end();
    }
  });
});

describe('the signed management link', () => {
  async function withTwoAlerts() {
    const email = address();
    await rpc('create_alert', { email, q: 'cell phones' });
    await rpc('create_alert', { email, q: 'start time', frequency: 'weekly' });
    const { manage_token: token } = await owner(email);
    const ids = (await alertsOf(email)).map((alert) => Number(alert.id));
    return { email, token, ids };
  }

  it("lists the address's alerts", async () => {
    const { email, token, ids } = await withTwoAlerts();
    const { body } = await rpc<{
      ok: boolean;
      email: string;
      confirmed: boolean;
      alerts: { id: number; text: string; frequency: string; paused: boolean }[];
    }>('list_alerts', { token });
    expect(body).toMatchObject({ ok: true, status: 'listed', email, confirmed: false });
    expect(body.alerts.map((alert) => [alert.id, alert.text, alert.frequency, alert.paused])).toEqual([
      [ids[0], 'cell phones', 'daily', false],
      [ids[1], 'start time', 'weekly', false],
    ]);
  });

  it('pauses and resumes, changes the frequency, deletes one alert', async () => {
    const { email, token, ids } = await withTwoAlerts();
    expect((await rpc('pause_alert', { token, alert_id: ids[0] })).body).toEqual({
      ok: true,
      status: 'paused',
      alert_id: ids[0],
    });
    expect((await alertsOf(email))[0].paused).toBe(true);
    expect((await rpc('pause_alert', { token, alert_id: ids[0], paused: false })).body).toEqual({
      ok: true,
      status: 'resumed',
      alert_id: ids[0],
    });
    expect((await alertsOf(email))[0].paused).toBe(false);
    expect((await rpc('set_alert_frequency', { token, alert_id: ids[0], frequency: 'weekly' })).body).toEqual({
      ok: true,
      status: 'changed',
      alert_id: ids[0],
    });
    expect((await rpc('set_alert_frequency', { token, alert_id: ids[0], frequency: 'hourly' })).body).toEqual({
      ok: false,
      status: 'invalid',
      errors: { frequency: [{ code: 'field.frequency' }] },
    });
    expect((await alertsOf(email))[0].frequency).toBe('weekly');
    expect((await rpc('delete_alert', { token, alert_id: ids[1] })).body).toEqual({
      ok: true,
      status: 'deleted',
      alert_id: ids[1],
    });
    expect((await alertsOf(email)).map((alert) => Number(alert.id))).toEqual([ids[0]]);
  });

  it("turns on a waiting alert from the owner's page: that alert and the address confirmed, nothing else", async () => {
    const { email, token, ids } = await withTwoAlerts();
    const confirmed = async () =>
      (
        await sql<{ id: string; on: boolean }>(
          `select a.id, a.confirmed_at is not null as on from private.alerts a
           join public.subscriptions s on s.id = a.subscription_id
           where lower(s.email) = lower($1) order by a.id`,
          [email],
        )
      ).map((row) => row.on);
    expect(await confirmed()).toEqual([false, false]);
    expect((await rpc('confirm_alert', { token, alert_id: ids[1] })).body).toEqual({
      ok: true,
      status: 'confirmed',
      alert_id: ids[1],
    });
    expect(await confirmed()).toEqual([false, true]);
    expect((await owner(email)).confirmed_at).not.toBeNull();
    const { body } = await rpc<{ confirmed: boolean; alerts: { id: number; confirmed: boolean }[] }>('list_alerts', {
      token,
    });
    expect(body.confirmed).toBe(true);
    expect(body.alerts.map((alert) => [alert.id, alert.confirmed])).toEqual([
      [ids[0], false],
      [ids[1], true],
    ]);
    // Another address's alert is not this link's to turn on.
    const other = await withTwoAlerts();
    expect((await rpc('confirm_alert', { token, alert_id: other.ids[0] })).body).toEqual({
      ok: false,
      status: 'no_alert',
      alert_id: other.ids[0],
    });
    expect((await rpc('confirm_alert', { token: changedOne(token), alert_id: ids[0] })).body).toEqual({
      ok: false,
      status: 'unknown',
    });
    expect(await confirmed()).toEqual([false, true]);
    expect((await owner(other.email)).confirmed_at).toBeNull();
  });

  it('with one character changed, or malformed, does nothing', async () => {
    const { email, token, ids } = await withTwoAlerts();
    const changed = changedOne(token);
    for (const [name, args] of [
      ['list_alerts', { token: changed }],
      ['pause_alert', { token: changed, alert_id: ids[0] }],
      ['set_alert_frequency', { token: changed, alert_id: ids[0], frequency: 'weekly' }],
      ['delete_alert', { token: changed, alert_id: ids[0] }],
      ['unsubscribe_alerts', { token: changed }],
    ] as const) {
      expect((await rpc(name, args)).body).toEqual({ ok: false, status: 'unknown' });
    }
    for (const bad of ['', 'x', token.toUpperCase(), `${token}0`, `${token.slice(0, 60)}' or '1'='1`]) {
      expect((await rpc('delete_alert', { token: bad, alert_id: ids[0] })).body).toEqual({
        ok: false,
        status: 'malformed',
      });
    }
    expect((await alertsOf(email)).map((alert) => [alert.paused, alert.frequency])).toEqual([
      [false, 'daily'],
      [false, 'weekly'],
    ]);
  });

  it("cannot touch another address's alert", async () => {
    const mine = await withTwoAlerts();
    const theirs = await withTwoAlerts();
    expect((await rpc('delete_alert', { token: mine.token, alert_id: theirs.ids[0] })).body).toEqual({
      ok: false,
      status: 'no_alert',
      alert_id: theirs.ids[0],
    });
    expect(await alertsOf(theirs.email)).toHaveLength(2);
  });

  it('unsubscribes from all: every alert deleted, the address unsubscribed, its queued confirmations skipped', async () => {
    const { email, token } = await withTwoAlerts();
    expect((await rpc('unsubscribe_alerts', { token })).body).toEqual({ ok: true, status: 'unsubscribed', deleted: 2 });
    expect(await alertsOf(email)).toEqual([]);
    expect((await owner(email)).unsubscribed_at).not.toBeNull();
    expect(await sql('select state from public.email_outbox where lower(recipient) = lower($1)', [email])).toEqual([
      { state: 'skipped' },
      { state: 'skipped' },
    ]);
    expect((await rpc('unsubscribe_alerts', { token })).body).toEqual({ ok: true, status: 'unsubscribed', deleted: 0 });
  });
});

describe("the management link lists and stops the address's district summaries by email", () => {
  interface Digest {
    id: number;
    district_id: number;
    district_name: string;
    language: string;
    confirmed: boolean;
  }
  interface Digests {
    ok: boolean;
    status: string;
    digests: Digest[];
    more: boolean;
  }

  /** A district summaries row of an address, as subscribe() writes it (confirmed as its link does, or waiting). */
  async function digest(email: string, districtId: number, { language = 'en', confirmed = false } = {}) {
    const [row] = await sql<{ id: string }>(
      `insert into public.subscriptions (email, district_id, language, confirmed_at, digest_through)
       values ($1, $2, $3, case when $4 then now() end, case when $4 then now() end) returning id`,
      [email, districtId, language, confirmed],
    );
    return Number(row.id);
  }

  const ended = async (id: number) =>
    (
      await sql<{ ended: boolean }>(
        'select unsubscribed_at is not null as ended from public.subscriptions where id = $1',
        [id],
      )
    )[0].ended;

  /** An address with an alert (its management token) and two boards' summaries; another address beside it. */
  async function withDigests() {
    const email = address();
    await rpc('create_alert', { email, q: 'lunch menu' });
    const { manage_token: token } = await owner(email);
    const [first, second, third] = [
      await newDistrict('Alpha Digest District'),
      await newDistrict('Beta Digest District'),
      await newDistrict(),
    ];
    // The same address in other letters is the same address; an alias is another.
    const mine = [
      await digest(email.toUpperCase(), second, { language: 'es', confirmed: true }),
      await digest(email, first),
    ];
    const alias = await digest(email.replace('@', '+news@'), third, { confirmed: true });
    const stopped = await digest(email, third, { confirmed: true });
    await sql('update public.subscriptions set unsubscribed_at = now() where id = $1', [stopped]);
    const other = address();
    await rpc('create_alert', { email: other, q: 'lunch menu' });
    const theirs = await digest(other, first, { confirmed: true });
    return { email, token, first, second, mine, alias, other, theirs, otherToken: (await owner(other)).manage_token };
  }

  it("lists the same address's summaries not ended, by district name, with language and whether confirmed; nobody else's", async () => {
    const { token, first, second, mine, otherToken, theirs } = await withDigests();
    expect((await rpc<Digests>('list_digests', { token })).body).toEqual({
      ok: true,
      status: 'listed',
      more: false,
      digests: [
        { id: mine[1], district_id: first, district_name: 'Alpha Digest District', language: 'en', confirmed: false },
        { id: mine[0], district_id: second, district_name: 'Beta Digest District', language: 'es', confirmed: true },
      ],
    });
    expect((await rpc<Digests>('list_digests', { token: otherToken })).body.digests.map((d) => d.id)).toEqual([theirs]);
  });

  it("stops one: ended, anything queued for it skipped, the others kept; another address's token stops nothing", async () => {
    const { email, token, mine, theirs, otherToken, alias } = await withDigests();
    await sql(
      // Not due for a day: the stack's worker leaves it queued.
      "insert into public.email_outbox (kind, subscription_id, recipient, payload, next_attempt_at) values ('digest', $1, $2, '{}', now() + interval '1 day')",
      [mine[0], email],
    );
    for (const id of [theirs, alias]) {
      expect((await rpc('stop_digest', { token, subscription_id: id })).body).toEqual({
        ok: false,
        status: 'no_digest',
        subscription_id: id,
      });
      expect(await ended(id)).toBe(false);
    }
    expect((await rpc('stop_digest', { token: otherToken, subscription_id: mine[0] })).body).toMatchObject({
      ok: false,
      status: 'no_digest',
    });
    expect(await ended(mine[0])).toBe(false);

    expect((await rpc('stop_digest', { token, subscription_id: mine[0] })).body).toMatchObject({
      ok: true,
      status: 'stopped',
      subscription_id: mine[0],
      district_name: 'Beta Digest District',
    });
    expect(await ended(mine[0])).toBe(true);
    expect(await ended(mine[1])).toBe(false);
    expect(await sql('select state from public.email_outbox where subscription_id = $1', [mine[0]])).toEqual([
      { state: 'skipped' },
    ]);
    expect((await rpc<Digests>('list_digests', { token })).body.digests.map((d) => d.id)).toEqual([mine[1]]);
    // Stopped already: nothing to stop, said so.
    expect((await rpc('stop_digest', { token, subscription_id: mine[0] })).body).toMatchObject({ status: 'no_digest' });
  });

  it('with one character changed, or malformed, lists and stops nothing', async () => {
    const { token, mine } = await withDigests();
    const changed = changedOne(token);
    expect((await rpc('list_digests', { token: changed })).body).toEqual({ ok: false, status: 'unknown' });
    expect((await rpc('stop_digest', { token: changed, subscription_id: mine[0] })).body).toEqual({
      ok: false,
      status: 'unknown',
    });
    for (const bad of ['', token.toUpperCase(), `${token.slice(0, 60)}' or '1'='1`]) {
      expect((await rpc('list_digests', { token: bad })).body).toEqual({ ok: false, status: 'malformed' });
      expect((await rpc('stop_digest', { token: bad, subscription_id: mine[0] })).body).toEqual({
        ok: false,
        status: 'malformed',
      });
    }
    expect(await ended(mine[0])).toBe(false);
  });

  it('lists at most 100, and says there are more', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'many boards' });
    const { manage_token: token } = await owner(email);
    const prefix = `Many Digest District ${crypto.randomUUID().slice(0, 8)}`;
    try {
      await sql(
        `with made as (insert into public.districts (name) select $2 || ' ' || lpad(n::text, 3, '0')
           from generate_series(1, 101) as n returning id)
         insert into public.subscriptions (email, district_id) select $1, id from made`,
        [email, prefix],
      );
      const { body } = await rpc<Digests>('list_digests', { token });
      expect(body.digests).toHaveLength(100);
      expect(body.more).toBe(true);
    } finally {
      // Their subscriptions go with them.
      await sql("delete from public.districts where name like $1 || ' %'", [prefix]);
    }
  });
});

describe('match_alerts: each new or changed record against the alerts, each match queued once', () => {
  it('a new summary with the words queues one match; a second run, and a run over the same window again, queue nothing', async () => {
    const email = await confirmedAlertAddress();
    const district = await newDistrict();
    await ownAlert({ email, q: 'zebracrossing safety', district_id: district });
    await matchAlerts();
    const [{ start }] = await sql<{ start: string }>('select now()::text as start');
    const meeting = await addMeetingSummary(district, {
      summary: '<p>Parents asked for a safer zebracrossing: the board talked about safety.</p>',
    });
    await addMeetingSummary(district, { date: '2026-11-21', summary: '<p>Nothing about it.</p>' });
    expect((await matchAlerts()).queued).toBeGreaterThanOrEqual(1);
    expect(await matchesOf(email)).toEqual([{ record_kind: 'meeting', record_id: String(meeting) }]);
    expect((await matchAlerts()).queued).toBe(0);
    // As a run killed halfway and started again over the same window: nothing is queued twice.
    await matchAlerts(start);
    expect(await matchesOf(email)).toHaveLength(1);
  });

  it("a change of the searched text is matched; a topic's up and down votes are not a change", async () => {
    const email = await confirmedAlertAddress();
    const district = await newDistrict();
    const [topic] = await sql<{ id: string }>(
      `insert into public.topics ("districtId", title) values ($1, 'Lunch menu') returning id`,
      [district],
    );
    await ownAlert({ email, q: 'quinoabowl', district_id: district });
    await matchAlerts();
    await sql('update public.topics set upvotes = upvotes + 1 where id = $1', [topic.id]);
    expect((await matchAlerts()).records).toBe(0);
    await sql("update public.topics set description = 'The quinoabowl returns on Fridays.' where id = $1", [topic.id]);
    await matchAlerts();
    expect(await matchesOf(email)).toEqual([{ record_kind: 'topic', record_id: topic.id }]);
  });

  it('a paused alert, an unconfirmed address and another district queue nothing', async () => {
    const paused = await confirmedAlertAddress();
    const unconfirmed = address();
    const district = await newDistrict();
    const elsewhere = await newDistrict();
    await ownAlert({ email: paused, q: 'marimbaband', district_id: district });
    await rpc('create_alert', { email: unconfirmed, q: 'marimbaband', district_id: district });
    await ownAlert({ email: paused, q: 'marimbaband', district_id: elsewhere });
    const { manage_token: token } = await owner(paused);
    const [first] = await alertsOf(paused);
    await rpc('pause_alert', { token, alert_id: Number(first.id) });
    await matchAlerts();
    await addMeetingSummary(district, { summary: '<p>The marimbaband plays in spring.</p>' });
    await matchAlerts();
    expect(await matchesOf(paused)).toEqual([]);
    expect(await matchesOf(unconfirmed)).toEqual([]);
  });

  it("a state's alert and an every-district alert match a record of that state, of the kinds asked", async () => {
    const state = await sql<{ id: string }>(
      "insert into public.districts (name, state) values ('Alert State District', 'ZQ') returning id",
    );
    const district = Number(state[0].id);
    const inState = await confirmedAlertAddress();
    const everywhere = await confirmedAlertAddress();
    const votesOnly = await confirmedAlertAddress();
    await ownAlert({ email: inState, q: 'xylotheque', state: 'ZQ' });
    await ownAlert({ email: everywhere, q: 'xylotheque' });
    await ownAlert({ email: votesOnly, q: 'xylotheque', kinds: ['vote'] });
    await matchAlerts();
    const meeting = await addMeetingSummary(district, { summary: '<p>A xylotheque for the high school.</p>' });
    await matchAlerts();
    expect(await matchesOf(inState)).toEqual([{ record_kind: 'meeting', record_id: String(meeting) }]);
    expect(await matchesOf(everywhere)).toEqual([{ record_kind: 'meeting', record_id: String(meeting) }]);
    expect(await matchesOf(votesOnly)).toEqual([]);
  });

  it('an every-district alert is found by its rarest word, or by each word of a search with or', async () => {
    const anchors = async (q: string) =>
      (await sql<{ a: string[] }>("select private.query_anchors(websearch_to_tsquery('english', $1)) as a", [q]))[0].a;
    expect(await anchors('board quillfeather')).toHaveLength(1);
    expect((await anchors('board or quillfeather')).sort()).toEqual(['board', 'quillfeath']);
    const either = await confirmedAlertAddress();
    await ownAlert({ email: either, q: 'quillfeather or inkwellian' });
    await matchAlerts();
    const meeting = await addMeetingSummary(await newDistrict(), {
      summary: '<p>The inkwellian club asked for a room.</p>',
    });
    await matchAlerts();
    expect(await matchesOf(either)).toEqual([{ record_kind: 'meeting', record_id: String(meeting) }]);
  });

  it("a member's alert, only when in the minority", async () => {
    const district = await newDistrict();
    const votes = (lindqvist: string) =>
      JSON.stringify([
        { name: 'James Lindqvist', vote: lindqvist },
        { name: 'Maria Okafor', vote: 'Yes' },
        { name: 'Priya Raman', vote: 'Yes' },
      ]);
    const insertVote = async (issue: string, lindqvist: string) =>
      (
        await sql<{ id: string }>(
          `insert into public.votings ("districtId", type, "voteDate", issue, votes) values ($1, 'recent', '2026-11-20', $2, $3) returning id`,
          [district, issue, votes(lindqvist)],
        )
      )[0].id;
    await insertVote('An earlier vote', 'Yes');
    const every = await confirmedAlertAddress();
    const minority = await confirmedAlertAddress();
    expect(
      (await ownAlert({ email: every, kind: 'member', member: 'James Lindqvist', district_id: district })).body,
    ).toEqual(OK);
    expect(
      (
        await ownAlert({
          email: minority,
          kind: 'member',
          member: ' james lindqvist ',
          district_id: district,
          minority_only: true,
        })
      ).body,
    ).toEqual(OK);
    await matchAlerts();
    const withMajority = await insertVote('Adopt the budget', 'Yes');
    const dissent = await insertVote('Close the pool', 'No');
    await matchAlerts();
    expect((await matchesOf(every)).map((m) => m.record_id).sort()).toEqual([withMajority, dissent].sort());
    expect(await matchesOf(minority)).toEqual([{ record_kind: 'vote', record_id: dissent }]);
  });
});

describe('privacy', () => {
  it('anon reads no address, alert or match, and cannot match', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'privacy check' });
    const subscriptions = await rest<ApiError>('/subscriptions?select=*&district_id=is.null');
    expect(subscriptions.status).toBe(401);
    const outbox = await rest<ApiError>('/email_outbox?select=*');
    expect(outbox.status).toBe(401);
    for (const table of ['alerts', 'alert_matches', 'alert_runs', 'record_changes']) {
      const { status } = await rest(`/${table}?select=*`, { headers: { 'accept-profile': 'private' } });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    const match = await rpc<ApiError>('match_alerts', {});
    expect(match.status).toBe(401);
    expect(match.body.message).toMatch(/permission denied/);
  });

  it('the private tables have row level security on and grant anon nothing; anon may call only the form and link functions', async () => {
    const tables = await sql<{ name: string; rls: boolean; anon: boolean }>(`
      select c.relname as name, c.relrowsecurity as rls,
        has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger') as anon
      from pg_class c where c.oid in ('private.alerts'::regclass, 'private.alert_matches'::regclass, 'private.alert_runs'::regclass, 'private.record_changes'::regclass)
      order by 1`);
    expect(tables).toEqual(
      ['alert_matches', 'alert_runs', 'alerts', 'record_changes'].map((name) => ({ name, rls: true, anon: false })),
    );
    const functions = await sql<{ name: string; anon: boolean; definer: boolean }>(`
      select p.proname as name, has_function_privilege('anon', p.oid, 'execute') as anon, p.prosecdef as definer
      from pg_proc p where p.pronamespace = 'public'::regnamespace
        and p.proname in ('create_alert', 'list_alerts', 'pause_alert', 'confirm_alert', 'set_alert_frequency', 'delete_alert', 'unsubscribe_alerts',
          'list_digests', 'stop_digest', 'match_alerts')
      order by 1`);
    expect(functions).toEqual([
      { name: 'confirm_alert', anon: true, definer: true },
      { name: 'create_alert', anon: true, definer: true },
      { name: 'delete_alert', anon: true, definer: true },
      { name: 'list_alerts', anon: true, definer: true },
      { name: 'list_digests', anon: true, definer: true },
      { name: 'match_alerts', anon: false, definer: true },
      { name: 'pause_alert', anon: true, definer: true },
      { name: 'set_alert_frequency', anon: true, definer: true },
      { name: 'stop_digest', anon: true, definer: true },
      { name: 'unsubscribe_alerts', anon: true, definer: true },
    ]);
  });

  it('a feed token is random and names no address or alert', async () => {
    const email = address();
    await rpc('create_alert', { email, q: 'feed token' });
    const [alert] = await alertsOf(email);
    expect(alert.feed_token).toMatch(/^[0-9a-f]{64}$/);
    expect(alert.feed_token).not.toContain(email.split('@')[0].slice(6, 14));
    expect(alert.feed_token).not.toBe((await owner(email)).manage_token);
  });
});

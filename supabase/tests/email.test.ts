// Email that arrives: confirmation tokens (single use, three days), the resend rule, unsubscribe, the outbox
// states, and `npm run mail:send` against the real stack and its mail catcher: one digest per subscriber with new
// summaries, nothing twice, a stopped run finished by the next one, a failing server reported by address.
import { describe, expect, it } from 'vitest';
import { rest, rpc, sql, type ApiError } from './helpers';
import {
  addMeetingSummary,
  standInApi,
  confirmedSubscriber,
  inboxOf,
  mailSendEnv,
  newDistrict,
  runMailSend,
  startMailSend,
} from './mailHelpers';
import { describeOutboxLeft, mailConfigFromEnv, outboxLeft, outboxNewest } from '../../src/alerts/node/mailSender';

const address = () => `parent-${crypto.randomUUID()}@example.org`;
const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

async function subscription(email: string) {
  const [row] = await sql<{
    id: string;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
    digest_through: Date | null;
  }>(
    'select id, confirmed_at, unsubscribed_at, digest_through from public.subscriptions where lower(email) = lower($1)',
    [email],
  );
  return row;
}

async function outboxFor(email: string) {
  return sql<{ id: string; kind: string; state: string; attempts: number; payload: Record<string, unknown> }>(
    'select id, kind, state, attempts, payload from public.email_outbox where lower(recipient) = lower($1) order by id',
    [email],
  );
}

/** A confirmation token made the way subscribe() makes one, with the given expiry. */
async function tokenFor(email: string, expires = "now() + interval '3 days'") {
  const token = hex(64);
  await sql(
    `insert into private.confirmation_tokens (token_hash, subscription_id, expires_at) values (private.token_hash($1), $2, ${expires})`,
    [token, (await subscription(email)).id],
  );
  return token;
}

describe('subscribing queues a confirmation', () => {
  it('stores the address unconfirmed and queues one confirmation email with a token', async () => {
    const email = address();
    expect((await rpc('subscribe', { email, district_id: 1 })).body).toEqual({ ok: true, errors: {}, form_errors: [] });
    expect((await subscription(email)).confirmed_at).toBeNull();
    const rows = await outboxFor(email);
    expect(rows.map((row) => row.kind)).toEqual(['confirmation']);
  });

  it('again within the hour queues nothing more; after the hour, one more', async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    await rpc('subscribe', { email: email.toUpperCase(), district_id: 1 });
    expect(await outboxFor(email)).toHaveLength(1);
    await sql(
      "update public.subscriptions set confirmation_sent_at = now() - interval '61 minutes' where lower(email) = lower($1)",
      [email],
    );
    await rpc('subscribe', { email, district_id: 1 });
    expect(await outboxFor(email)).toHaveLength(2);
  });

  it('of a confirmed address queues nothing and answers the same', async () => {
    const district = await newDistrict();
    const { email } = await confirmedSubscriber(district);
    expect((await rpc('subscribe', { email, district_id: district })).body).toEqual({
      ok: true,
      errors: {},
      form_errors: [],
    });
    expect(await outboxFor(email)).toEqual([]);
  });

  it('the same address 20 times at once queues one confirmation', async () => {
    const email = address();
    await Promise.all(Array.from({ length: 20 }, () => rpc('subscribe', { email, district_id: 1 })));
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it("arrives in the mail catcher within seconds, sent by the stack's worker", async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    await expect
      .poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toEqual(['Confirm your subscription to Palo Alto Unified School District meeting summaries']);
    const [row] = await outboxFor(email);
    expect(row.state).toBe('sent');
    // Once delivered, the outbox no longer holds the token.
    expect(row.payload.token).toBeUndefined();
  });
});

describe('confirm_subscription(token)', () => {
  it('confirms once; the same token again answers used and changes nothing', async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    const token = await tokenFor(email);
    const { body } = await rpc('confirm_subscription', { token });
    expect(body).toEqual({
      ok: true,
      status: 'confirmed',
      district_id: 1,
      district_name: 'Palo Alto Unified School District',
    });
    const confirmed = await subscription(email);
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.digest_through).not.toBeNull();
    expect((await rpc('confirm_subscription', { token })).body).toMatchObject({ ok: false, status: 'used' });
    expect((await subscription(email)).confirmed_at).toEqual(confirmed.confirmed_at);
  });

  it('an expired token answers expired and confirms nothing', async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    const token = await tokenFor(email, "now() - interval '1 second'");
    expect((await rpc('confirm_subscription', { token })).body).toMatchObject({ ok: false, status: 'expired' });
    expect((await subscription(email)).confirmed_at).toBeNull();
  });

  it.each([
    ['unknown', hex(64), 'unknown'],
    ['in capitals', hex(64).toUpperCase().replace(/[0-9]/g, 'A'), 'malformed'],
    ['too short', hex(63), 'malformed'],
    ['with SQL', `${hex(60)}' or '1'='1`, 'malformed'],
    ['empty', '', 'malformed'],
    ['missing', null, 'malformed'],
    ['overlong', hex(5000), 'malformed'],
  ])('a token %s answers %s and changes nothing', async (_label, token, status) => {
    const before = await sql('select count(*)::int as n from public.subscriptions where confirmed_at is not null');
    const { status: http, body } = await rpc('confirm_subscription', { token });
    expect(http).toBe(200);
    expect(body).toEqual({ ok: false, status });
    expect(await sql('select count(*)::int as n from public.subscriptions where confirmed_at is not null')).toEqual(
      before,
    );
  });
});

describe('unsubscribe(token)', () => {
  it('ends the subscription, twice is still ok, and a queued digest is not sent', async () => {
    const district = await newDistrict();
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district);
    await sql('select public.queue_digests()');
    const first = await rpc('unsubscribe', { token: sub.unsubscribeToken });
    expect(first.body).toMatchObject({ ok: true, status: 'unsubscribed', district_id: district });
    const at = (await subscription(sub.email)).unsubscribed_at;
    expect(at).not.toBeNull();
    expect((await rpc('unsubscribe', { token: sub.unsubscribeToken })).body).toMatchObject({
      ok: true,
      status: 'unsubscribed',
    });
    expect((await subscription(sub.email)).unsubscribed_at).toEqual(at);
    expect((await outboxFor(sub.email)).map((row) => row.state)).toEqual(['skipped']);
  });

  it.each([
    ['unknown', hex(64), 'unknown'],
    ['malformed', 'x', 'malformed'],
  ])('a token that is %s answers so', async (_label, token, status) => {
    expect((await rpc('unsubscribe', { token })).body).toEqual({ ok: false, status });
  });
});

describe('what anon may not do', () => {
  it('read the outbox or the subscriptions', async () => {
    for (const table of ['email_outbox', 'subscriptions']) {
      const { status } = await rest(`/${table}?select=*`);
      expect(status).toBe(401);
    }
  });

  it.each([
    ['queue_digests', {}],
    ['claim_emails', { run_id: crypto.randomUUID(), run_host: 'x', run_pid: 1, max_count: 10 }],
    ['email_sent', { outbox_id: 1, message_id: 'x' }],
    ['email_failed', { outbox_id: 1, error: 'x', max_attempts: 1, retry_after_seconds: 0 }],
    ['renew_mail_run', { run_id: crypto.randomUUID() }],
    ['release_mail_run', { run_id: crypto.randomUUID() }],
    ['mail_leases', {}],
  ])('call %s', async (fn, args) => {
    const { status, body } = await rpc<ApiError>(fn, args);
    expect(status).toBe(401);
    expect(body.message).toBe(`permission denied for function ${fn}`);
  });
});

describe('the outbox', () => {
  it('queues a digest once per new summary; claim, failure, retry and failure for good', async () => {
    const district = await newDistrict();
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district);
    expect(
      (await sql<{ q: { queued: number } }>('select public.queue_digests() as q'))[0].q.queued,
    ).toBeGreaterThanOrEqual(1);
    await sql('select public.queue_digests()');
    const [row] = await outboxFor(sub.email);
    expect(await outboxFor(sub.email)).toHaveLength(1);
    expect(row).toMatchObject({ kind: 'digest', state: 'queued', attempts: 0 });
    expect((row.payload.meetings as unknown[]).length).toBe(1);

    // Claimed as the sender would, then failed twice with at most two attempts.
    const run = crypto.randomUUID();
    const claim = () => sql("select * from public.claim_emails($1, 'test', 1, 500, 120, array['digest'])", [run]);
    await claim();
    expect((await outboxFor(sub.email))[0]).toMatchObject({ state: 'sending', attempts: 1 });
    expect((await sql<{ s: string }>("select public.email_failed($1, 'smtp down', 2, 0) as s", [row.id]))[0].s).toBe(
      'queued',
    );
    await claim();
    expect((await sql<{ s: string }>("select public.email_failed($1, 'smtp down', 2, 0) as s", [row.id]))[0].s).toBe(
      'failed',
    );
    expect((await outboxFor(sub.email))[0]).toMatchObject({ state: 'failed', attempts: 2 });
    // Any other digest this claimed goes back to the queue for the tests after this one.
    await sql('select public.release_mail_run($1)', [run]);
  });
});

describe('every digest bounded', () => {
  it('2,000 new summaries of 10 KB each: one digest of the newest 100, under 500 KB, the rest sent to the board page', async () => {
    const district = await newDistrict('Bounded Digest Unified');
    const sub = await confirmedSubscriber(district);
    await sql(
      `insert into public.meetings ("districtId", date, title, summary)
       select $1, date '2020-01-01' + n, 'Meeting ' || n, '<p>' || repeat('The board met again. ', 500) || '</p>'
       from generate_series(1, 2000) n`,
      [district],
    );
    await sql('select public.queue_digests()');
    const [row] = await outboxFor(sub.email);
    const meetings = row.payload.meetings as { date: string; summary: string }[];
    expect([meetings.length, row.payload.more]).toEqual([100, 1900]);
    expect(meetings[0].date).toBe('2025-06-23');
    expect(Math.max(...meetings.map((meeting) => meeting.summary.length))).toBe(8000);
    expect(JSON.stringify(row.payload).length).toBeLessThan(1024 * 1024);

    const result = await runMailSend();
    expect(result.code, result.output).toBe(0);
    const [mail] = await inboxOf(sub.email);
    expect(mail.subject).toBe('Bounded Digest Unified: 2,000 new meeting summaries');
    expect(Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text)).toBeLessThan(500 * 1024);
    expect((mail.text.match(/Read it: /g) ?? []).length).toBe(100);
    expect(mail.text).toContain(`And 1,900 more new meeting summaries, all on the board's page: `);
  }, 120_000);
});

describe('npm run mail:send', () => {
  it('sends one digest per subscriber with new summaries, then nothing', async () => {
    const district = await newDistrict('Digest Test Unified');
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district, {
      date: '2026-11-18',
      title: 'Regular Meeting',
      summary: '<p>Cell phones will be stored in lockers.</p>',
    });
    const first = await runMailSend();
    expect(first.code, first.output).toBe(0);
    const mails = await inboxOf(sub.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Digest Test Unified: 1 new meeting summary']);
    expect(mails[0].text).toContain('Cell phones will be stored in lockers.');
    expect(mails[0].text).toContain(`/${district}?tab=Meetings#meeting-11-18-26`);
    expect(mails[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0].headers['list-unsubscribe']).toContain(`/functions/v1/unsubscribe?token=${sub.unsubscribeToken}`);

    const second = await runMailSend();
    expect(second.code, second.output).toBe(0);
    expect(await inboxOf(sub.email)).toHaveLength(1);
  });

  it('stopped halfway, and run again, sends each email exactly once', async () => {
    const district = await newDistrict();
    const subs: Awaited<ReturnType<typeof confirmedSubscriber>>[] = [];
    // Twenty: enough that a run stopped after its first few leaves most of them queued.
    for (let i = 0; i < 20; i += 1) subs.push(await confirmedSubscriber(district));
    await addMeetingSummary(district);
    const run = startMailSend();
    // Stop it as soon as a few emails are out: it finishes the one in flight and leaves the rest queued.
    await expect
      .poll(
        async () => {
          const counts = await Promise.all(subs.slice(0, 5).map(async (sub) => (await inboxOf(sub.email)).length));
          return counts.some((n) => n > 0);
        },
        { timeout: 20_000, interval: 20 },
      )
      .toBe(true);
    run.child.kill('SIGTERM');
    const stopped = await run.done;
    expect(stopped.output).toContain('stopping after the email in flight');
    // It does not say all is well: what it left is named, and it exits 1.
    expect(stopped.output).toMatch(/not sent yet: \d+ emails? queued \(due now\): the next run sends them/);
    expect(stopped.code).toBe(1);
    const states = await sql<{ state: string; n: number }>(
      'select state, count(*)::int as n from public.email_outbox o join public.subscriptions s on s.id = o.subscription_id where s.district_id = $1 group by state',
      [district],
    );
    expect(states.find((row) => row.state === 'queued')?.n ?? 0).toBeGreaterThan(0);
    expect(states.find((row) => row.state === 'sending')).toBeUndefined();

    const rest = await runMailSend();
    expect(rest.code, rest.output).toBe(0);
    for (const sub of subs) expect(await inboxOf(sub.email)).toHaveLength(1);
    const after = await sql<{ state: string }>(
      'select distinct state from public.email_outbox o join public.subscriptions s on s.id = o.subscription_id where s.district_id = $1',
      [district],
    );
    expect(after).toEqual([{ state: 'sent' }]);
  });

  it('killed while it holds an email, and run again at once: that email goes now, not when its lease ends', async () => {
    const district = await newDistrict();
    const subs: Awaited<ReturnType<typeof confirmedSubscriber>>[] = [];
    for (let i = 0; i < 10; i += 1) subs.push(await confirmedSubscriber(district));
    await addMeetingSummary(district);
    // The run is killed outright (no time to give anything back) while it holds its fourth email: the SMTP server took
    // it, and the API has not answered the request that records it.
    let records = 0;
    const api = await standInApi((request) =>
      request.url === '/rest/v1/rpc/email_sent' && ++records === 4 ? 'hold' : 'forward',
    );
    const run = startMailSend({ PUBLIC_SUPABASE_URL: api.url });
    try {
      await api.holding;
      run.child.kill('SIGKILL');
      await run.done;
      const [{ held }] = await sql<{ held: number }>(
        "select count(*)::int as held from public.email_outbox o join public.subscriptions s on s.id = o.subscription_id where s.district_id = $1 and o.state = 'sending'",
        [district],
      );
      expect(held).toBe(1);

      const rerun = await runMailSend();
      expect(rerun.code, rerun.output).toBe(0);
    } finally {
      await api.close();
    }
    const states = await sql<{ state: string }>(
      'select distinct o.state from public.email_outbox o join public.subscriptions s on s.id = o.subscription_id where s.district_id = $1',
      [district],
    );
    expect(states).toEqual([{ state: 'sent' }]);
    // The first run on this machine to look (the rerun, or the stack's worker, which looks every second) saw the killed
    // run's process gone and took its email back.
    expect(
      await sql('select ended_at is not null as ended from private.mail_runs where pid = $1', [run.child.pid]),
    ).toEqual([{ ended: true }]);
    // Everyone has their digest; the one the killed run had sent but not recorded went twice, with one Message-ID.
    const inboxes = await Promise.all(subs.map((sub) => inboxOf(sub.email)));
    expect(inboxes.map((mails) => mails.length).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    const twice = inboxes.find((mails) => mails.length === 2)!;
    expect(twice[0].headers['message-id']).toBe(twice[1].headers['message-id']);
  });

  it('says which emails another run holds and from when they go, and exits 1 while one is not sent', async () => {
    const district = await newDistrict();
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district);
    await sql('select public.queue_digests()');
    const [{ id }] = await outboxFor(sub.email);
    // A run on another machine holds it now, with a lease of ten minutes.
    const [{ run }] = await sql<{ run: string }>(
      `insert into private.mail_runs (id, host, pid) values (gen_random_uuid(), 'mail-2.example.org', 4242) returning id as run`,
    );
    await sql(
      `update public.email_outbox set state = 'sending', attempts = 1, run_id = $2, lease_until = now() + interval '10 minutes' where id = $1`,
      [id, run],
    );

    const result = await runMailSend();
    expect(result.code, result.output).toBe(1);
    expect(result.output).toMatch(
      /not sent yet: 1 email \(digest\) held by a run on mail-2\.example\.org \(process 4242, last seen \d+ s ago\): that run sends them; if it has stopped, the next run sends them from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
    );
    expect(await inboxOf(sub.email)).toEqual([]);

    // That run ends without sending it: the next run does.
    await sql('select public.release_mail_run($1)', [run]);
    const next = await runMailSend();
    expect(next.code, next.output).toBe(0);
    expect(await inboxOf(sub.email)).toHaveLength(1);
  });

  it('counts an email queued after the run began sending as the next run’s, not as one it left', async () => {
    const env = mailSendEnv();
    const config = mailConfigFromEnv(env, { apiUrl: '', serviceKey: '', smtpPort: 0, siteUrl: '' });
    const upTo = await outboxNewest(config);
    // A resident subscribes while the run sends (due in an hour, so the stack's worker leaves it queued).
    const email = address();
    await sql(
      `insert into public.email_outbox (kind, recipient, payload, next_attempt_at) values ('confirmation', $1, '{}', now() + interval '1 hour')`,
      [email],
    );
    try {
      const left = await outboxLeft(config, null, upTo);
      expect(left.arrived).toBe(1);
      const [{ id }] = await outboxFor(email);
      const answerable = await outboxLeft(config, null, Number(id));
      expect(answerable.queued.emails).toBe(left.queued.emails + 1);
      expect(describeOutboxLeft(left, new Date(), 'here')).toContain(
        '1 email queued while this run was sending: the next run sends them',
      );
    } finally {
      await sql('delete from public.email_outbox where recipient = $1', [email]);
    }
  });

  it('records an email the SMTP server took through an API outage, and never sends it again', async () => {
    const district = await newDistrict();
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district);
    await sql('select public.queue_digests()');
    const [{ id }] = await outboxFor(sub.email);
    // The API dies between the send and its record: at the request that would record this email as sent.
    const api = await standInApi((request, body) =>
      request.url === '/rest/v1/rpc/email_sent' && JSON.parse(body).outbox_id === Number(id) ? 'die' : 'forward',
    );
    try {
      const run = startMailSend({ PUBLIC_SUPABASE_URL: api.url });
      await api.death;
      await expect.poll(async () => (await inboxOf(sub.email)).length, { timeout: 20_000 }).toBe(1);
      expect((await outboxFor(sub.email))[0].state).toBe('sending');
      await api.revive();
      const result = await run.done;
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain(`sent: digest to ${sub.email}, but recording it failed`);
      expect(result.output).toMatch(
        new RegExp(`recorded: digest to ${sub.email.replace(/[.+]/g, '\\$&')}, after \\d+ tries`),
      );
    } finally {
      await api.close();
    }
    expect((await outboxFor(sub.email))[0]).toMatchObject({ state: 'sent', attempts: 1 });
    // A run after the restart has nothing more to send to this address.
    const after = await runMailSend();
    expect(after.code, after.output).toBe(0);
    expect(await inboxOf(sub.email)).toHaveLength(1);
  });

  it('sends a digest without quoting a summary too deep to parse, names its row, and ends', async () => {
    const district = await newDistrict('Deep Summary Unified');
    const sub = await confirmedSubscriber(district);
    const deep = await addMeetingSummary(district, {
      date: '2026-11-19',
      title: 'Deep Meeting',
      summary: '<p>' + '<b>'.repeat(14_000) + 'hidden',
    });
    await addMeetingSummary(district, {
      date: '2026-11-18',
      title: 'Plain Meeting',
      summary: '<p>Buses run on time.</p>',
    });
    const result = await runMailSend();
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(
      `meetings row id=${deep}: summary: nests tags more than 50 levels deep; the digest quotes none of it`,
    );
    const [digest] = await inboxOf(sub.email);
    expect(digest.subject).toBe('Deep Summary Unified: 2 new meeting summaries');
    expect(digest.text).toContain('Deep Meeting');
    expect(digest.text).toContain('Buses run on time.');
    expect(digest.text).not.toContain('hidden');
    // The row over the bounds is this test's alone: other suites count the rows a build reports.
    await sql('delete from public.meetings where id = $1', [deep]);
  });

  it('reports an address whose email failed for good and exits 1', async () => {
    const district = await newDistrict();
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district);
    // Nothing listens on port 9 of this machine: every attempt fails.
    const result = await runMailSend({ SMTP_PORT: '9', MAIL_MAX_ATTEMPTS: '2' });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`failed: ${sub.email}`);
    expect((await outboxFor(sub.email))[0]).toMatchObject({ state: 'failed', attempts: 2 });
    expect(await inboxOf(sub.email)).toEqual([]);
  });
});

// Email that arrives: confirmation tokens (single use, three days), the resend rule, unsubscribe, the outbox
// states, and `npm run mail:send` against the real stack and its mail catcher: one digest per subscriber with new
// summaries, nothing twice, a stopped run finished by the next one, a failing server reported by address.
import { describe, expect, it } from 'vitest';
import { rest, rpc, sql, type ApiError } from './helpers';
import { addMeetingSummary, confirmedSubscriber, inboxOf, newDistrict, runMailSend, startMailSend } from './mail-helpers';


const address = () => `parent-${crypto.randomUUID()}@example.org`;
const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

async function subscription(email: string) {
  const [row] = await sql<{ id: string; confirmed_at: Date | null; unsubscribed_at: Date | null; digest_through: Date | null }>(
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
  await sql(`insert into private.confirmation_tokens (token_hash, subscription_id, expires_at) values (private.token_hash($1), $2, ${expires})`, [
    token,
    (await subscription(email)).id,
  ]);
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
    await sql("update public.subscriptions set confirmation_sent_at = now() - interval '61 minutes' where lower(email) = lower($1)", [email]);
    await rpc('subscribe', { email, district_id: 1 });
    expect(await outboxFor(email)).toHaveLength(2);
  });

  it('of a confirmed address queues nothing and answers the same', async () => {
    const district = await newDistrict();
    const { email } = await confirmedSubscriber(district);
    expect((await rpc('subscribe', { email, district_id: district })).body).toEqual({ ok: true, errors: {}, form_errors: [] });
    expect(await outboxFor(email)).toEqual([]);
  });

  it('the same address 20 times at once queues one confirmation', async () => {
    const email = address();
    await Promise.all(Array.from({ length: 20 }, () => rpc('subscribe', { email, district_id: 1 })));
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('arrives in the mail catcher within seconds, sent by the stack\'s worker', async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    await expect.poll(async () => (await inboxOf(email)).map((mail) => mail.subject), { timeout: 15_000 }).toEqual([
      'Confirm your subscription to Palo Alto Unified School District meeting summaries',
    ]);
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
    expect(body).toEqual({ ok: true, status: 'confirmed', district_id: 1, district_name: 'Palo Alto Unified School District' });
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
    expect(await sql('select count(*)::int as n from public.subscriptions where confirmed_at is not null')).toEqual(before);
  });
});

describe('unsubscribe(token)', () => {
  it('ends the subscription, twice is still ok, and a queued digest is not sent', async () => {
    const district = await newDistrict();
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district);
    await sql("select public.queue_digests()");
    const first = await rpc('unsubscribe', { token: sub.unsubscribeToken });
    expect(first.body).toMatchObject({ ok: true, status: 'unsubscribed', district_id: district });
    const at = (await subscription(sub.email)).unsubscribed_at;
    expect(at).not.toBeNull();
    expect((await rpc('unsubscribe', { token: sub.unsubscribeToken })).body).toMatchObject({ ok: true, status: 'unsubscribed' });
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
    ['claim_emails', { max_count: 10 }],
    ['email_sent', { outbox_id: 1, message_id: 'x' }],
    ['email_failed', { outbox_id: 1, error: 'x', max_attempts: 1, retry_after_seconds: 0 }],
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
    expect((await sql<{ q: { queued: number } }>('select public.queue_digests() as q'))[0].q.queued).toBeGreaterThanOrEqual(1);
    await sql('select public.queue_digests()');
    const [row] = await outboxFor(sub.email);
    expect(await outboxFor(sub.email)).toHaveLength(1);
    expect(row).toMatchObject({ kind: 'digest', state: 'queued', attempts: 0 });
    expect((row.payload.meetings as unknown[]).length).toBe(1);

    // Claimed as the sender would, then failed twice with at most two attempts.
    await sql("select * from public.claim_emails(500, 120, array['digest'])");
    expect((await outboxFor(sub.email))[0]).toMatchObject({ state: 'sending', attempts: 1 });
    expect((await sql<{ s: string }>("select public.email_failed($1, 'smtp down', 2, 0) as s", [row.id]))[0].s).toBe('queued');
    await sql("select * from public.claim_emails(500, 120, array['digest'])");
    expect((await sql<{ s: string }>("select public.email_failed($1, 'smtp down', 2, 0) as s", [row.id]))[0].s).toBe('failed');
    expect((await outboxFor(sub.email))[0]).toMatchObject({ state: 'failed', attempts: 2 });
  });
});

describe('npm run mail:send', () => {
  it('sends one digest per subscriber with new summaries, then nothing', async () => {
    const district = await newDistrict('Digest Test Unified');
    const sub = await confirmedSubscriber(district);
    await addMeetingSummary(district, { date: '2026-11-18', title: 'Regular Meeting', summary: '<p>Cell phones will be stored in lockers.</p>' });
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
    for (let i = 0; i < 60; i += 1) subs.push(await confirmedSubscriber(district));
    await addMeetingSummary(district);
    const run = startMailSend();
    // Stop it as soon as a few emails are out: it finishes the one in flight and leaves the rest queued.
    await expect.poll(async () => {
      const counts = await Promise.all(subs.slice(0, 5).map(async (sub) => (await inboxOf(sub.email)).length));
      return counts.some((n) => n > 0);
    }, { timeout: 20_000, interval: 20 }).toBe(true);
    run.child.kill('SIGTERM');
    const stopped = await run.done;
    expect(stopped.output).toContain('stopping after the email in flight');
    const states = await sql<{ state: string; n: number }>(
      "select state, count(*)::int as n from public.email_outbox o join public.subscriptions s on s.id = o.subscription_id where s.district_id = $1 group by state",
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

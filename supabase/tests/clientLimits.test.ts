// Limits one attacker cannot walk around. A client is the address the platform saw (the header hosted Supabase's
// platform sets and the local gateway sets from the connection), an IPv6 client is its /64, and a client-supplied
// X-Forwarded-For counts for nothing; confirmation emails are capped per recipient mailbox across every district, its
// aliases folded, and in total. Requests that play hosted Supabase's platform go to PostgREST itself with the headers
// that platform sends it (the gateway in front of it here would replace them, as it should).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKey, apiUrl, sql, type FormAnswer } from './helpers';
import { newDistrict } from './mailHelpers';

const restUrl = () => process.env.TEST_REST_URL ?? '';

/**
 * Calls a database function on PostgREST itself with the headers given, as the platform in front of it would. The body
 * is the answer's JSON (null when empty), of the shape T the caller expects: the caller's assertions check it.
 */
async function rpcAsPlatform<T = unknown>(
  name: string,
  args: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${restUrl()}/rpc/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${anonKey()}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Calls a database function through the gateway from a loopback address, with the headers given. */
function rpcThroughGateway(
  localAddress: string,
  name: string,
  args: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(args);
    const req = request(
      {
        host: hostname,
        port,
        localAddress,
        method: 'POST',
        path: `/rest/v1/rpc/${name}`,
        headers: {
          apikey: anonKey(),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const octet = () => Math.floor(Math.random() * 250) + 1;
const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
/** A random address in one /64 of the documentation range 2001:db8::/32. */
const inPrefix = (prefix: string) => `${prefix}:${hex()}:${hex()}:${hex()}:${hex()}`;
const newPrefix = () => `2001:db8:${hex()}:${hex()}`;
const newIpv4 = () => `198.51.${octet()}.${octet()}`;
/**
 * A /24 of 203.0.0.0/16 no other test of this file has used: the confirmation budgets are kept per
 * client and per network, so a network drawn twice would start a test with another test's spending.
 */
const unusedNetworks = Array.from({ length: 250 }, (_, n) => n + 1).sort(() => Math.random() - 0.5);
const newNetwork = () => `203.0.${unusedNetworks.pop()}`;

async function newTopic(): Promise<number> {
  const district = await newDistrict('Client Limits Test District');
  const [topic] = await sql<{ id: string }>(
    `insert into public.topics ("districtId", title, upvotes, downvotes) values ($1, 'Limit test', 10, 10) returning id`,
    [district],
  );
  return Number(topic.id);
}
const upvote = (topic: number) => ({ topic_id: topic, from_vote: 'none', to_vote: 'up' });
const agendaVote = () => ({
  idempotency_key: crypto.randomUUID(),
  meeting_date: '2025-06-17',
  budget: 'support',
  lcap: 'oppose',
  esri_update: 'neutral',
  summer_projects: 'support',
  hoover_playground: 'support',
});

describe('a client is the address the platform saw, never one it wrote itself', () => {
  beforeAll(async () => {
    await sql("update private.rate_limits set max_count = 3 where action in ('topic_vote', 'agenda_vote')");
  });
  afterAll(async () => {
    await sql("update private.rate_limits set max_count = 1000000 where action in ('topic_vote', 'agenda_vote')");
  });

  it('IPv6 addresses rotated within one /64 are one client: past the limit their topic votes are refused; another /64 still votes', async () => {
    const topic = await newTopic();
    const prefix = newPrefix();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push(
        (await rpcAsPlatform('vote_topic', upvote(topic), { 'cf-connecting-ip': inPrefix(prefix) })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    // One client, one vote: the three that passed count as one up vote.
    expect(
      (await sql<{ upvotes: number }>('select upvotes from public.topics where id = $1', [topic]))[0].upvotes,
    ).toBe(11);
    expect(
      (await rpcAsPlatform('vote_topic', upvote(topic), { 'cf-connecting-ip': inPrefix(newPrefix()) })).status,
    ).toBe(200);
  });

  it('a rotated first X-Forwarded-For entry changes nothing: past the limit agenda votes are refused and not stored', async () => {
    const client = newIpv4();
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        (
          await rpcAsPlatform<FormAnswer>('submit_agenda_vote', agendaVote(), {
            'x-forwarded-for': `${newIpv4()}, ${client}`,
            'cf-connecting-ip': client,
          })
        ).body,
      );
    }
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, false, false, false]);
    expect(answers[3].limited).toBe(true);
  });

  it('through the gateway, forwarding headers the client sent are replaced: rotating them changes nothing', async () => {
    const topic = await newTopic();
    const from = `127.0.${octet()}.${octet()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const spoofed = newIpv4();
      statuses.push(
        (
          await rpcThroughGateway(from, 'vote_topic', upvote(topic), {
            'x-forwarded-for': spoofed,
            'cf-connecting-ip': spoofed,
            'x-real-ip': spoofed,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('without the platform header, every request through the API counts as one client', async () => {
    const topic = await newTopic();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await rpcAsPlatform('vote_topic', upvote(topic), { 'x-forwarded-for': newIpv4() })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address is the IPv4 client', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address is its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['an IPv6 address with its zero groups', '2001:db8::1', '2001:db8::/64'],
    ['not an address', 'nonsense', 'unknown'],
    ['an empty header', '', 'unknown'],
  ])('the client key of %s', async (_label, given, key) => {
    const [row] = await sql<{ key: string }>(
      `select set_config('request.headers', $1, true), private.client_address() as key`,
      [JSON.stringify({ 'cf-connecting-ip': given, 'x-forwarded-for': '192.0.2.1' })],
    );
    expect(row.key).toBe(key);
  });

  it('outside the API (an operator connection) there is no client and no limit', async () => {
    expect((await sql<{ key: string | null }>('select private.client_address() as key'))[0].key).toBeNull();
  });
});

describe('confirmation emails are capped per recipient mailbox and in total', () => {
  beforeAll(async () => {
    await sql("update private.rate_limits set max_count = 5 where action = 'confirmation_mailbox'");
  });
  afterAll(async () => {
    await sql(
      "update private.rate_limits set max_count = 1000000 where action in ('confirmation_mailbox', 'confirmation_total')",
    );
  });

  const mailbox = () => `victim-${crypto.randomUUID().slice(0, 8)}`;
  const queuedFor = async (pattern: string) =>
    (
      await sql<{ n: number }>(
        "select count(*)::int as n from public.email_outbox where kind = 'confirmation' and lower(recipient) like $1",
        [pattern],
      )
    )[0].n;
  const MAILBOX_LIMIT = { code: 'limit.mailbox' };

  it('one address, a district at a time, from a new address each time: 5 confirmations, then refused and nothing stored', async () => {
    const victim = `${mailbox()}@example.org`;
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      const district = await newDistrict();
      answers.push(
        (
          await rpcAsPlatform<FormAnswer>(
            'subscribe',
            { email: victim, district_id: district },
            { 'cf-connecting-ip': newIpv4() },
          )
        ).body,
      );
    }
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true, true, false, false, false]);
    expect(answers[5]).toEqual({ ok: false, errors: {}, limited: true, form_errors: [MAILBOX_LIMIT] });
    expect(await queuedFor(victim)).toBe(5);
    expect(
      (
        await sql<{ n: number }>('select count(*)::int as n from public.subscriptions where lower(email) = $1', [
          victim,
        ])
      )[0].n,
    ).toBe(5);
  });

  it('a summaries subscription and an alert ask one mailbox for confirmation under the same cap, in either order', async () => {
    const alertsOf = async (email: string) =>
      (
        await sql<{ n: number }>(
          'select count(*)::int as n from private.alerts a join public.subscriptions s on s.id = a.subscription_id where lower(s.email) = lower($1)',
          [email],
        )
      )[0].n;
    const sentTo = async (name: string) =>
      await sql<{ kind: string; n: number }>(
        "select kind, count(*)::int as n from public.email_outbox where kind in ('confirmation', 'alert_confirmation') and private.mailbox(recipient) = $1 group by kind order by kind",
        [`${name}@example.org`],
      );
    const alert = (email: string) =>
      rpcAsPlatform<FormAnswer>('create_alert', { email, q: 'school budget' }, { 'cf-connecting-ip': newIpv4() });
    const subscribe = async (email: string) =>
      rpcAsPlatform<FormAnswer>(
        'subscribe',
        { email, district_id: await newDistrict() },
        { 'cf-connecting-ip': newIpv4() },
      );

    // Five summaries subscriptions use the mailbox's five: the alert of an alias of it is refused, nothing stored.
    const first = mailbox();
    for (let i = 0; i < 5; i += 1) expect((await subscribe(`${first}+${i}@example.org`)).body.ok).toBe(true);
    const refused = (await alert(`${first}+alert@example.org`)).body;
    expect(refused).toEqual({ ok: false, errors: {}, limited: true, form_errors: [MAILBOX_LIMIT] });
    expect(await alertsOf(`${first}+alert@example.org`)).toBe(0);
    expect(await sentTo(first)).toEqual([{ kind: 'confirmation', n: 5 }]);

    // An alert's confirmation and four subscriptions use them the other way round: the fifth subscription is refused.
    const second = mailbox();
    expect((await alert(`${second}@example.org`)).body.ok).toBe(true);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await subscribe(`${second}+${i}@example.org`)).body);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true, false]);
    expect(answers[4].form_errors).toEqual([MAILBOX_LIMIT]);
    expect(await sentTo(second)).toEqual([
      { kind: 'alert_confirmation', n: 1 },
      { kind: 'confirmation', n: 4 },
    ]);
  });

  it('the one place that queues a confirmation is not callable with the anon key', async () => {
    const [row] = await sql<{ anon: boolean; authenticated: boolean }>(
      "select has_function_privilege('anon', 'private.queue_confirmation(public.subscriptions, text, jsonb, timestamptz, text)', 'execute') as anon, has_function_privilege('authenticated', 'private.queue_confirmation(public.subscriptions, text, jsonb, timestamptz, text)', 'execute') as authenticated",
    );
    expect(row).toEqual({ anon: false, authenticated: false });
  });

  it("aliases are one mailbox: '+tag' and upper case, and a Gmail address's dots and googlemail.com", async () => {
    const name = mailbox();
    const plus = Array.from({ length: 7 }, (_, i) =>
      i % 2 ? `${name.toUpperCase()}+${i}@Example.ORG` : `${name}+${i}@example.org`,
    );
    const gmail = Array.from(
      { length: 7 },
      (_, i) => `${name.slice(0, i + 1)}.${name.slice(i + 1)}+${i}@${i % 2 ? 'googlemail.com' : 'gmail.com'}`,
    );
    for (const addresses of [plus, gmail]) {
      const answers = [];
      for (const email of addresses)
        answers.push(
          (
            await rpcAsPlatform<FormAnswer>(
              'subscribe',
              { email, district_id: 1 },
              { 'cf-connecting-ip': inPrefix(newPrefix()) },
            )
          ).body.ok,
        );
      expect(answers).toEqual([true, true, true, true, true, false, false]);
    }
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from public.email_outbox where kind = 'confirmation' and private.mailbox(recipient) = any($1)",
      [[`${name}@example.org`, `${name}@gmail.com`]],
    );
    expect(n).toBe(10);
  });

  it.each([
    ['Parent+News@Example.org', 'parent@example.org'],
    ['parent@example.org', 'parent@example.org'],
    ['j.o.h.n+x@googlemail.com', 'john@gmail.com'],
    ['J.Ohn@GMAIL.com', 'john@gmail.com'],
    ['first.last@example.org', 'first.last@example.org'],
    ['a+b+c@example.org', 'a@example.org'],
    ['"odd@name"@example.org', '"odd@name"@example.org'],
  ])('the mailbox of %s is %s', async (email, expected) => {
    expect((await sql<{ m: string }>('select private.mailbox($1) as m', [email]))[0].m).toBe(expected);
  });

  it('past the hourly total, no confirmation goes to anyone, and the answer says so', async () => {
    const [{ used }] = await sql<{ used: number }>(
      "select count(*)::int as used from private.rate_events where action = 'confirmation_total' and at > now() - interval '1 hour'",
    );
    await sql("update private.rate_limits set max_count = $1 where action = 'confirmation_total'", [used + 3]);
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        (
          await rpcAsPlatform<FormAnswer>(
            'subscribe',
            { email: `${mailbox()}@example.org`, district_id: 1 },
            { 'cf-connecting-ip': newIpv4() },
          )
        ).body,
      );
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, false, false]);
    expect(answers[3].form_errors).toEqual([{ code: 'limit.site' }]);
  });
});

describe('no shared budget a few clients can spend', () => {
  const defaults = [
    ['subscribe', 20],
    ['alert', 20],
    ['confirmation_mailbox', 5],
    ['confirmation_client', 10],
    ['confirmation_network', 40],
    ['confirmation_total', 20000],
  ] as const;
  beforeAll(async () => {
    for (const [action, max] of defaults)
      await sql('update private.rate_limits set max_count = $2 where action = $1', [action, max]);
  });
  afterAll(async () => {
    await sql('update private.rate_limits set max_count = 1000000');
  });

  it('50 clients each asking 20 subscriptions and 20 alerts for new mailboxes: a newcomer from another network still subscribes', async () => {
    const networks = Array.from({ length: 10 }, newNetwork);
    const attackers = Array.from({ length: 50 }, (_, n) => `${networks[n % 10]}.${n + 1}`);
    const mailbox = () => `throwaway-${crypto.randomUUID().slice(0, 12)}@example.org`;
    const attack = async (client: string) => {
      const answers: FormAnswer[] = [];
      for (let n = 0; n < 20; n += 1) {
        const [subscribed, alerted] = await Promise.all([
          rpcAsPlatform<FormAnswer>('subscribe', { email: mailbox(), district_id: 1 }, { 'cf-connecting-ip': client }),
          rpcAsPlatform<FormAnswer>('create_alert', { email: mailbox(), q: 'budget' }, { 'cf-connecting-ip': client }),
        ]);
        answers.push(subscribed.body, alerted.body);
      }
      return answers;
    };
    const answers = (await Promise.all(attackers.map(attack))).flat();
    const passed = answers.filter((answer) => answer.ok).length;
    // At most 10 per client and 40 per network of 5 clients: 400 of the 2,000 asked.
    expect(passed).toBeLessThanOrEqual(400);
    expect(answers.filter((answer) => !answer.ok).map((answer) => answer.form_errors[0].code)).not.toContain(
      'limit.site',
    );

    const newcomer = `newcomer-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const { body } = await rpcAsPlatform<FormAnswer>(
      'subscribe',
      { email: newcomer, district_id: 1 },
      { 'cf-connecting-ip': newIpv4() },
    );
    expect(body).toEqual({ ok: true, errors: {}, form_errors: [] });
    const [{ queued }] = await sql<{ queued: number }>(
      "select count(*)::int as queued from public.email_outbox where kind = 'confirmation' and recipient = $1",
      [newcomer],
    );
    expect(queued).toBe(1);
  }, 120_000);

  it('past its own 10 an hour a client is told so, and another client of its network is not', async () => {
    const network = newNetwork();
    const mailbox = () => `own-${crypto.randomUUID().slice(0, 12)}@example.org`;
    const codes = [];
    for (let n = 0; n < 11; n += 1)
      codes.push(
        (
          await rpcAsPlatform<FormAnswer>(
            'subscribe',
            { email: mailbox(), district_id: 1 },
            { 'cf-connecting-ip': `${network}.1` },
          )
        ).body.form_errors[0]?.code ?? 'ok',
      );
    expect(codes).toEqual([...Array.from({ length: 10 }, () => 'ok'), 'limit.confirmations']);
    const neighbour = await rpcAsPlatform<FormAnswer>(
      'subscribe',
      { email: mailbox(), district_id: 1 },
      { 'cf-connecting-ip': `${network}.2` },
    );
    expect(neighbour.body.ok).toBe(true);
  });
});

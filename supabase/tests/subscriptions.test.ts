// The subscribe box's storage: subscribe(email, district_id) validates the address, refuses an unknown
// district, keeps one row per address and district, and anon can neither read nor change the table.
import { describe, expect, it } from 'vitest';
import { newClientAddress, rest, rpc, rpcFrom, sql, type ApiError, type FormAnswer } from './helpers';
import { confirmedSubscriber, inboxOf, linkIn, newDistrict } from './mailHelpers';

const OK = { ok: true, errors: {}, form_errors: [] };
const address = () => `parent-${crypto.randomUUID()}@example.org`;

async function rowCount(): Promise<number> {
  return (await sql<{ n: number }>('select count(*)::int as n from public.subscriptions'))[0].n;
}

async function rowsFor(email: string) {
  return sql<{ email: string; district_id: string }>(
    'select email, district_id from public.subscriptions where lower(email) = lower($1) order by district_id',
    [email],
  );
}

describe('subscribing', () => {
  it('stores the address for the district and answers ok', async () => {
    const email = address();
    const { status, body } = await rpc('subscribe', { email, district_id: 1 });
    expect(status).toBe(200);
    expect(body).toEqual(OK);
    expect(await rowsFor(email)).toEqual([{ email, district_id: '1' }]);
  });

  it('twice, in another letter case, is not an error and keeps one row', async () => {
    const email = address();
    expect((await rpc('subscribe', { email, district_id: 1 })).body).toEqual(OK);
    expect((await rpc('subscribe', { email: `  ${email.toUpperCase()} `, district_id: 1 })).body).toEqual(OK);
    expect(await rowsFor(email)).toEqual([{ email, district_id: '1' }]);
  });

  it('the same address sent 20 times at once keeps one row', async () => {
    const email = address();
    const answers = await Promise.all(Array.from({ length: 20 }, () => rpc('subscribe', { email, district_id: 1 })));
    for (const { body } of answers) expect(body).toEqual(OK);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('to two districts keeps one row for each', async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    await rpc('subscribe', { email, district_id: 2 });
    expect((await rowsFor(email)).map((row) => row.district_id)).toEqual(['1', '2']);
  });
});

describe('a bad address is refused with the email error and stores nothing', () => {
  it.each([
    ['missing', null, { code: 'field.required' }],
    ['blank', '   ', { code: 'field.required' }],
    ['malformed', 'not-an-email', { code: 'field.email_invalid' }],
    ['without a dot in the domain', 'parent@localhost', { code: 'field.email_invalid' }],
    ['with SQL', "x@example.org'); delete from public.subscriptions; --", { code: 'field.email_invalid' }],
    ['with HTML', '<b>x</b>@example.org', { code: 'field.email_invalid' }],
    [
      'overlong (255 characters)',
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.org`.padStart(255, 'x'),
      { code: 'field.max_length', max: 254 },
    ],
    [
      'with more than 64 characters before the @',
      `${'a'.repeat(65)}@example.org`,
      { code: 'field.local_part', max: 64 },
    ],
  ])('%s', async (_label, email, message) => {
    const before = await rowCount();
    const { status, body } = await rpc('subscribe', { email, district_id: 1 });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, errors: { email: [message] }, form_errors: [] });
    expect(await rowCount()).toBe(before);
  });
});

describe('the district', () => {
  it('must exist', async () => {
    const email = address();
    const { body } = await rpc('subscribe', { email, district_id: 987654321 });
    expect(body).toEqual({ ok: false, errors: {}, form_errors: [{ code: 'form.no_district', id: 987654321 }] });
    expect(await rowsFor(email)).toEqual([]);
  });

  it('must be given', async () => {
    const email = address();
    const { body } = await rpc<FormAnswer>('subscribe', { email, district_id: null });
    expect(body.form_errors).toEqual([{ code: 'form.no_district', id: null }]);
    expect(await rowsFor(email)).toEqual([]);
  });

  it.each([
    ['not a number', { email: address(), district_id: 'abc' }],
    ['missing', { email: address() }],
    ['beside an extra argument', { email: address(), district_id: 1, admin: true }],
  ])('%s gets a 4xx from the API and stores nothing', async (_label, args) => {
    const before = await rowCount();
    const { status } = await rpc('subscribe', args);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await rowCount()).toBe(before);
  });
});

describe('the anonymous role and the subscriptions table', () => {
  it('cannot read it', async () => {
    const { status, body } = await rest<ApiError>('/subscriptions?select=*');
    expect(status).toBe(401);
    expect(body.message).toMatch(/permission denied/);
  });

  it('cannot insert, update or delete', async () => {
    const email = address();
    await rpc('subscribe', { email, district_id: 1 });
    const before = await rowCount();
    const insert = await rest('/subscriptions', {
      method: 'POST',
      body: JSON.stringify({ email: address(), district_id: 1 }),
    });
    const update = await rest(`/subscriptions?email=eq.${encodeURIComponent(email)}`, {
      method: 'PATCH',
      body: JSON.stringify({ email: 'attacker@example.org' }),
    });
    const remove = await rest('/subscriptions?id=gt.0', { method: 'DELETE' });
    for (const { status } of [insert, update, remove]) expect(status).toBeGreaterThanOrEqual(400);
    expect(await rowCount()).toBe(before);
    expect(await rowsFor(email)).toEqual([{ email, district_id: '1' }]);
  });

  it('holds no privilege on the table, which has row level security on; it may execute subscribe', async () => {
    const [row] = await sql(`
      select c.relrowsecurity as rls,
        has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger') as anon,
        has_function_privilege('anon', 'public.subscribe(text, bigint, text)', 'execute') as execute,
        has_function_privilege('public', 'public.subscribe(text, bigint, text)', 'execute') as everyone
      from pg_class c where c.oid = 'public.subscriptions'::regclass`);
    expect(row).toEqual({ rls: true, anon: false, execute: true, everyone: false });
  });

  it('cannot call the private email check', async () => {
    const { status } = await rpc('email_problems', { address: 'x' });
    expect(status).toBe(404);
  });
});

describe("a confirmed subscription's language is its owner's", () => {
  const state = async (id: number) =>
    (
      await sql<{ language: string; confirmed: boolean; through: string }>(
        'select language, confirmed_at is not null as confirmed, digest_through::text as through from public.subscriptions where id = $1',
        [id],
      )
    )[0];
  const asked = (id: number) =>
    sql<{ language: string }>(
      "select payload->>'language' as language from public.email_outbox where subscription_id = $1 and kind = 'confirmation' order by id",
      [id],
    );

  it('another client asking for Chinese changes nothing until the owner confirms the email written in Chinese', async () => {
    const district = await newDistrict();
    const subscriber = await confirmedSubscriber(district);
    const before = await state(subscriber.id);
    const stranger = await rpcFrom(newClientAddress(), 'subscribe', {
      email: subscriber.email,
      district_id: district,
      language: 'zh',
    });
    expect(stranger).toEqual({ status: 200, body: OK });
    expect(await state(subscriber.id)).toEqual(before);
    expect((await asked(subscriber.id)).map((mail) => mail.language)).toEqual(['zh']);

    // The owner opens the link of that email, as the stack's worker delivered it.
    await expect.poll(async () => (await inboxOf(subscriber.email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await inboxOf(subscriber.email);
    // It asks for a change of language, naming both, in Chinese: it never reads as a new subscription.
    expect(mail.subject).toMatch(/^请确认：.+的会议摘要改用简体中文$/);
    expect(mail.text).toContain('希望今后发送到此邮箱的');
    expect(mail.text).toContain('在确认更改之前，摘要仍将以英语发送。');
    const token = new URL(linkIn(mail.text, `${process.env.TEST_SITE_URL}/zh/confirm?token=`)).searchParams.get(
      'token',
    );
    expect((await rpc('confirm_subscription', { token })).body).toMatchObject({ ok: true, status: 'confirmed' });
    expect(await state(subscriber.id)).toEqual({ ...before, language: 'zh' });
  });

  it('the same language again asks nothing of the owner', async () => {
    const district = await newDistrict();
    const subscriber = await confirmedSubscriber(district);
    expect((await rpc('subscribe', { email: subscriber.email, district_id: district, language: 'en' })).body).toEqual(
      OK,
    );
    expect(await asked(subscriber.id)).toEqual([]);
  });
});

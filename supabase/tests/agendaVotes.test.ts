// The agenda vote storage: submit_agenda_vote is the only way in, refuses every bad field with that field's
// error (a code and its parameters) and stores nothing, stores each form fill once, and anon can neither read nor change the table.
import { describe, expect, it } from 'vitest';
import { rest, rpc, sql, type ApiError, type FormAnswer } from './helpers';

const MISSING = { code: 'field.choice' };
const UNKNOWN_CHOICE = { code: 'field.choice_value' };
const BAD_EMAIL = { code: 'field.email_invalid' };
const OTHER_DATE = { code: 'field.meeting_date', date: '2025-06-17' };

/** A valid submission with a fresh idempotency key; comments carry a marker to find its rows. */
function valid(overrides: Record<string, unknown> = {}) {
  return {
    idempotency_key: crypto.randomUUID(),
    meeting_date: '2025-06-17',
    budget: 'support',
    lcap: 'oppose',
    esri_update: 'neutral',
    summer_projects: 'support',
    hoover_playground: 'neutral',
    email: null,
    comments: `test ${crypto.randomUUID()}`,
    ...overrides,
  };
}

const without = (field: string) => {
  const submission: Record<string, unknown> = valid();
  delete submission[field];
  return submission;
};

async function rowCount(): Promise<number> {
  return (await sql<{ n: number }>('select count(*)::int as n from public.agenda_votes'))[0].n;
}

describe('a valid submission', () => {
  it('answers ok and is stored once, with every field', async () => {
    const submission = valid({ email: 'Resident@Example.org', comments: '  Please fund the library.  ' });
    const { status, body } = await rpc('submit_agenda_vote', submission);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, errors: {}, form_errors: [] });
    const rows = await sql('select * from public.agenda_votes where idempotency_key = $1', [
      submission.idempotency_key,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      budget: 'support',
      lcap: 'oppose',
      esri_update: 'neutral',
      summer_projects: 'support',
      hoover_playground: 'neutral',
      email: 'Resident@Example.org',
      comments: 'Please fund the library.',
    });
    expect((rows[0].meeting_date as Date).toISOString().slice(0, 10)).toBe('2025-06-17');
  });

  it('may leave the email and comments out or blank', async () => {
    const bare = without('email');
    delete bare.comments;
    for (const submission of [bare, valid({ email: '  ', comments: '' })]) {
      const { body } = await rpc<FormAnswer>('submit_agenda_vote', submission);
      expect(body.ok).toBe(true);
      const [row] = await sql('select email, comments from public.agenda_votes where idempotency_key = $1', [
        submission.idempotency_key,
      ]);
      expect(row).toEqual({ email: null, comments: null });
    }
  });

  it('keeps SQL in the comments as inert text', async () => {
    const comments = 'Robert\'); drop table public.agenda_votes; -- 100% \\ "quoted"';
    const submission = valid({ comments });
    expect((await rpc<FormAnswer>('submit_agenda_vote', submission)).body.ok).toBe(true);
    const [row] = await sql('select comments from public.agenda_votes where idempotency_key = $1', [
      submission.idempotency_key,
    ]);
    expect(row.comments).toBe(comments);
  });
});

describe('every bad field is refused with that field’s error and stores nothing', () => {
  // 64 + 1 + 63 + 1 + 63 + 1 + 57 + 4 = 254 characters, the most the rule allows.
  const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`;
  it.each([
    ['a missing choice', without('budget'), 'budget', MISSING],
    ['a null choice', valid({ lcap: null }), 'lcap', MISSING],
    ['an empty choice', valid({ esri_update: '' }), 'esri_update', MISSING],
    ['an unknown choice', valid({ summer_projects: 'maybe' }), 'summer_projects', UNKNOWN_CHOICE],
    ['a choice in capitals', valid({ hoover_playground: 'SUPPORT' }), 'hoover_playground', UNKNOWN_CHOICE],
    ['a choice of the wrong type (number)', valid({ budget: 1 }), 'budget', UNKNOWN_CHOICE],
    ['a choice of the wrong type (list)', valid({ budget: ['support'] }), 'budget', UNKNOWN_CHOICE],
    ['SQL in a choice', valid({ lcap: "support'; delete from public.agenda_votes; --" }), 'lcap', UNKNOWN_CHOICE],
    ['HTML in a choice', valid({ lcap: '<img src=x onerror=alert(1)>' }), 'lcap', UNKNOWN_CHOICE],
    ['a missing meeting date', without('meeting_date'), 'meeting_date', { code: 'field.required' }],
    ['another meeting date', valid({ meeting_date: '2025-06-18' }), 'meeting_date', OTHER_DATE],
    ['the date in another format', valid({ meeting_date: '06/17/2025' }), 'meeting_date', OTHER_DATE],
    ['the date of the wrong type', valid({ meeting_date: 20250617 }), 'meeting_date', OTHER_DATE],
    ['a malformed email', valid({ email: 'not-an-email' }), 'email', BAD_EMAIL],
    ['an email without a dot in the domain', valid({ email: 'resident@localhost' }), 'email', BAD_EMAIL],
    ['an email with two @', valid({ email: 'a@b@example.org' }), 'email', BAD_EMAIL],
    ['an email with spaces', valid({ email: 'a resident@example.org' }), 'email', BAD_EMAIL],
    [
      'an overlong email (255 characters)',
      valid({
        email: `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.org`.padStart(255, 'x'),
      }),
      'email',
      { code: 'field.max_length', max: 254 },
    ],
    [
      'an email with more than 64 characters before the @',
      valid({ email: `${'a'.repeat(65)}@example.org` }),
      'email',
      { code: 'field.local_part', max: 64 },
    ],
    ['an email of the wrong type', valid({ email: 42 }), 'email', { code: 'field.text' }],
    ['SQL in the email', valid({ email: "x@example.org'; drop table public.agenda_votes; --" }), 'email', BAD_EMAIL],
    ['HTML in the email', valid({ email: '<script>alert(1)</script>@example.org' }), 'email', BAD_EMAIL],
    [
      'overlong comments (2001 characters)',
      valid({ comments: 'x'.repeat(2001) }),
      'comments',
      { code: 'field.max_length', max: 2000 },
    ],
    ['comments of the wrong type', valid({ comments: { text: 'hi' } }), 'comments', { code: 'field.text' }],
    [
      'HTML in the comments',
      valid({ comments: 'I agree <script>alert(1)</script>' }),
      'comments',
      { code: 'field.plain_text' },
    ],
    [
      'an HTML link in the comments',
      valid({ comments: '<a href="https://example.org">see</a>' }),
      'comments',
      { code: 'field.plain_text' },
    ],
  ])('%s', async (_label, submission, field, message) => {
    const before = await rowCount();
    const { status, body } = await rpc<FormAnswer>('submit_agenda_vote', submission);
    expect(status).toBe(200);
    expect(body.ok).toBe(false);
    expect(body.errors[field]).toEqual([message]);
    // Only the bad field is blamed.
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.form_errors).toEqual([]);
    expect(await rowCount()).toBe(before);
  });

  it('accepts the longest address the rule allows (254 characters) and an apostrophe before the @', async () => {
    expect(longEmail).toHaveLength(254);
    for (const email of [longEmail, "o'brien+vote@example.org"]) {
      const { body } = await rpc('submit_agenda_vote', valid({ email }));
      expect(body).toEqual({ ok: true, errors: {}, form_errors: [] });
    }
  });

  it('reports every bad field at once', async () => {
    const before = await rowCount();
    const { body } = await rpc<FormAnswer>(
      'submit_agenda_vote',
      valid({ budget: undefined, lcap: 'x', email: 'x@y', comments: 'c'.repeat(2001) }),
    );
    expect(Object.keys(body.errors).sort()).toEqual(['budget', 'comments', 'email', 'lcap']);
    expect(await rowCount()).toBe(before);
  });
});

describe('what no visible field can fix is refused as a form error and stores nothing', () => {
  it.each([
    ['an extra field', valid({ admin: true }), { code: 'form.unknown_fields', fields: 'admin' }],
    [
      'two extra fields, named in order',
      valid({ zeta: 1, id: 5 }),
      { code: 'form.unknown_fields', fields: 'id, zeta' },
    ],
    [
      'the submission wrapped in another object',
      { submission: valid() },
      { code: 'form.unknown_fields', fields: 'submission' },
    ],
    ['a missing idempotency key', without('idempotency_key'), { code: 'form.idempotency_key' }],
    ['a malformed idempotency key', valid({ idempotency_key: 'not-a-uuid' }), { code: 'form.idempotency_key' }],
    ['an idempotency key of the wrong type', valid({ idempotency_key: 12345 }), { code: 'form.idempotency_key' }],
    ['a submission that is a string', 'budget=support', { code: 'form.not_object' }],
    ['a submission that is null', null, { code: 'form.not_object' }],
    ['a list of submissions', [valid(), valid()], { code: 'form.not_object' }],
  ])('%s', async (_label, submission, message) => {
    const before = await rowCount();
    const { status, body } = await rpc<FormAnswer>('submit_agenda_vote', submission);
    expect(status).toBe(200);
    expect(body.ok).toBe(false);
    expect(body.form_errors).toContainEqual(message);
    expect(await rowCount()).toBe(before);
  });

  it.each([
    ['a body that is not JSON', 'budget=support'],
    ['a list of values', '[1, 2]'],
    ['a NUL character in the text', JSON.stringify(valid()).replace('"comments":"test', '"comments":"te\\u0000st')],
  ])('%s gets a 4xx from the API', async (_label, body) => {
    const before = await rowCount();
    const { status } = await rest('/rpc/submit_agenda_vote', { method: 'POST', body });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await rowCount()).toBe(before);
  });
});

describe('each form fill is stored once', () => {
  it('a resend with the same idempotency key answers ok and stores nothing more', async () => {
    const submission = valid();
    const first = await rpc('submit_agenda_vote', submission);
    const again = await rpc('submit_agenda_vote', submission);
    expect(first.body).toEqual({ ok: true, errors: {}, form_errors: [] });
    expect(again.body).toEqual({ ok: true, errors: {}, form_errors: [] });
    // The same key with other answers is a conflict, never a silent ok (anonymousLimits.test.ts).
    const rows = await sql<{ budget: string }>('select budget from public.agenda_votes where idempotency_key = $1', [
      submission.idempotency_key,
    ]);
    expect(rows).toEqual([{ budget: 'support' }]);
  });

  it('the same idempotency key sent 20 times at once stores one row', async () => {
    const submission = valid();
    const answers = await Promise.all(Array.from({ length: 20 }, () => rpc('submit_agenda_vote', submission)));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body).toEqual({ ok: true, errors: {}, form_errors: [] });
    }
    const [{ n }] = await sql<{ n: number }>(
      'select count(*)::int as n from public.agenda_votes where idempotency_key = $1',
      [submission.idempotency_key],
    );
    expect(n).toBe(1);
  });

  it('300 different submissions sent at once store 300 rows', async () => {
    const batch = `batch ${crypto.randomUUID()}`;
    const before = await rowCount();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        rpc<FormAnswer>('submit_agenda_vote', valid({ comments: `${batch} #${i}` })),
      ),
    );
    expect(answers.filter(({ status, body }) => status === 200 && body.ok === true)).toHaveLength(300);
    const [{ n }] = await sql<{ n: number }>(
      'select count(*)::int as n from public.agenda_votes where comments like $1',
      [`${batch} #%`],
    );
    expect(n).toBe(300);
    expect(await rowCount()).toBeGreaterThanOrEqual(before + 300);
  });
});

describe('the anonymous role and the agenda_votes table', () => {
  it('cannot read it', async () => {
    const { status, body } = await rest<ApiError>('/agenda_votes?select=*');
    expect(status).toBe(401);
    expect(body.message).toMatch(/permission denied/);
  });

  it('cannot insert into it', async () => {
    const before = await rowCount();
    const { status } = await rest('/agenda_votes', { method: 'POST', body: JSON.stringify(valid()) });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(await rowCount()).toBe(before);
  });

  it('cannot update or delete it', async () => {
    const submission = valid();
    await rpc('submit_agenda_vote', submission);
    const before = await rowCount();
    const update = await rest(`/agenda_votes?idempotency_key=eq.${submission.idempotency_key}`, {
      method: 'PATCH',
      body: JSON.stringify({ budget: 'oppose' }),
    });
    const remove = await rest('/agenda_votes?id=gt.0', { method: 'DELETE' });
    expect(update.status).toBeGreaterThanOrEqual(400);
    expect(remove.status).toBeGreaterThanOrEqual(400);
    expect(await rowCount()).toBe(before);
    const [row] = await sql('select budget from public.agenda_votes where idempotency_key = $1', [
      submission.idempotency_key,
    ]);
    expect(row.budget).toBe('support');
  });

  it('holds no privilege on the table, and the table has row level security on', async () => {
    const [row] = await sql(`
      select c.relrowsecurity as rls,
        has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger') as anon,
        has_table_privilege('authenticated', c.oid, 'select, insert, update, delete, truncate, references, trigger') as authenticated
      from pg_class c where c.oid = 'public.agenda_votes'::regclass`);
    expect(row).toEqual({ rls: true, anon: false, authenticated: false });
  });

  it('may execute only the function, which runs as its owner with an empty search_path', async () => {
    const [row] = await sql(`
      select p.prosecdef as definer, p.proconfig as config,
        has_function_privilege('anon', p.oid, 'execute') as anon,
        has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
        has_function_privilege('public', p.oid, 'execute') as everyone
      from pg_proc p where p.oid = 'public.submit_agenda_vote(jsonb)'::regprocedure`);
    expect(row).toEqual({
      definer: true,
      config: ['search_path=""'],
      anon: true,
      authenticated: true,
      everyone: false,
    });
  });
});

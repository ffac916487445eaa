// A read names each column once: a request cannot multiply its answer by selecting one large column under many
// names. The rule is in the database (a restrictive read policy), so it holds on hosted Supabase too.
import { describe, expect, it } from 'vitest';
import { anonKey, apiUrl, refusalOf, rest, type ApiError } from './helpers';

const aliases = (column: string, count: number) => Array.from({ length: count }, (_, i) => `a${i}:${column}`).join(',');

/** A read through the gateway; resolves the status, the body's size in bytes and the body. */
async function read(path: string): Promise<{ status: number; bytes: number; body: ApiError }> {
  const response = await fetch(`${apiUrl()}/rest/v1${path}`, { headers: { apikey: anonKey() } });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

describe('a read names each column once', () => {
  it('50 aliases of summary in a 600-byte request: refused at once with 400 and a code naming the column, not an answer 50 times the size', async () => {
    const path = `/meetings?select=${aliases('summary', 50)}`;
    expect(path.length).toBeLessThan(700);
    const { status, bytes, body } = await read(path);
    expect({ status, refusal: refusalOf(body) }).toEqual({
      status: 400,
      refusal: { code: 'api.column_twice', column: 'summary' },
    });
    expect(bytes).toBeLessThan(200);
  });

  it.each([
    ['a column under two names', '/meetings?select=id,summary,again:summary'],
    ['a column cast twice', '/meetings?select=summary::text,s:summary'],
    ['every column twice', '/meetings?select=*,*'],
    ['a column twice in an embedded table', '/meetings?select=id,districts(name,n:name)'],
    ['the district page document twice', '/district_pages?select=a:page,b:page&limit=1'],
  ])('%s: refused with 400', async (_label, path) => {
    const { status, body } = await rest<ApiError>(path);
    expect(status).toBe(400);
    expect(refusalOf(body)).toEqual({ code: 'api.column_twice', column: expect.stringMatching(/^\w+$/) });
  });

  it.each([
    ['every column', '/meetings?select=*&limit=2'],
    [
      'named columns, filtered and ordered by one of them',
      '/meetings?select=id,summary&summary=ilike.*budget*&order=summary&limit=2',
    ],
    ['a renamed column', '/districts?select=id,district:name&limit=2'],
    ['an embedded table', '/meetings?select=id,title,districts(name)&limit=2'],
    ['the district page as the site reads it', '/district_pages?select=id,digest,page&id=eq.1'],
    ['with an exact count', '/votings?select=id&limit=2'],
  ])('%s: answered', async (_label, path) => {
    const { status, body } = await rest<unknown[]>(path, { headers: { prefer: 'count=exact' } });
    expect(status).toBeLessThan(300);
    expect(body.length).toBeGreaterThan(0);
  });
});

describe('a view is read only, and says so', () => {
  it.each([
    ['POST', '', JSON.stringify({ id: 1, page: {} })],
    ['PATCH', '?id=eq.1', JSON.stringify({ digest: 'x' })],
    ['DELETE', '?id=gt.0', undefined],
  ])('%s /district_pages from anon: refused for want of the right, never a 500', async (method, filter, body) => {
    const { status, body: answer } = await rest<ApiError>(`/district_pages${filter}`, { method, body });
    expect(status).toBe(401);
    expect(answer.message).toBe('permission denied for view district_pages');
  });
});

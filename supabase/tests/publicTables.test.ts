// The four public tables: anyone can read them through /rest/v1, nobody can write them, the key is required.
import { describe, expect, it } from 'vitest';
import { rest, rpc, sql, type ApiError } from './helpers';

const tables = ['districts', 'meetings', 'topics', 'votings'] as const;

describe.each(tables)('the %s table', (table) => {
  it('can be read with the anon key', async () => {
    const { status, body } = await rest<unknown[]>(`/${table}?select=*&limit=5`);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThan(0);
  });

  it('refuses an insert by anon and stores nothing', async () => {
    const before = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
    const { status } = await rest(`/${table}`, {
      method: 'POST',
      body: JSON.stringify({ id: 999999, districtId: 1, name: 'x', title: 'x', type: 'past', date: '2025-01-01' }),
    });
    expect(status).toBeGreaterThanOrEqual(400);
    const after = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses an update by anon and changes nothing', async () => {
    const column = table === 'districts' ? 'name' : table === 'meetings' || table === 'topics' ? 'title' : 'issue';
    const [row] = await sql<{ id: number; value: string }>(
      `select id, "${column}" as value from public.${table} order by id limit 1`,
    );
    const { status } = await rest(`/${table}?id=eq.${row.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ [column]: 'defaced' }),
    });
    expect(status).toBeGreaterThanOrEqual(400);
    const [after] = await sql<{ value: string }>(`select "${column}" as value from public.${table} where id = $1`, [
      row.id,
    ]);
    expect(after.value).toBe(row.value);
  });

  it('refuses a delete by anon and keeps every row', async () => {
    const before = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
    const { status } = await rest(`/${table}?id=gt.0`, { method: 'DELETE' });
    expect(status).toBeGreaterThanOrEqual(400);
    const after = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('the API key', () => {
  it('is required: a request without it is refused', async () => {
    const { status, body } = await rest<ApiError>('/districts?select=id', { key: null });
    expect(status).toBe(401);
    expect(body.message).toMatch(/API key/);
  });

  it('must be valid: a forged key is refused', async () => {
    const { status } = await rest('/districts?select=id', {
      key: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.forged',
    });
    expect(status).toBe(401);
  });
});

describe('the district search', () => {
  it("finds 'palo' case-insensitively as a substring of the name", async () => {
    const { status, body } = await rpc<{ name: string }[]>('search_districts', { search_text: 'pALo' });
    expect(status).toBe(200);
    const names = body.map((d: { name: string }) => d.name);
    expect(names).toContain('Palo Alto Unified School District');
    for (const name of names) expect(name.toLowerCase()).toContain('palo');
  });

  it('returns id, name, state, county and has_records of each suggestion', async () => {
    const { body } = await rpc<unknown[]>('search_districts', { search_text: 'Palo Alto Unified' });
    expect(body[0]).toEqual({
      id: 1,
      name: 'Palo Alto Unified School District',
      state: 'CA',
      county: 'Santa Clara',
      has_records: true,
    });
  });

  it('filters by state only when a state is chosen', async () => {
    const all = (await rpc('search_districts', { search_text: 'school' })).body as { state: string }[];
    const inTexas = (await rpc('search_districts', { search_text: 'school', state_code: 'TX' })).body as {
      state: string;
    }[];
    const blank = (await rpc('search_districts', { search_text: 'school', state_code: '' })).body as {
      state: string;
    }[];
    expect(new Set(all.map((d) => d.state)).size).toBeGreaterThan(1);
    expect(inTexas.length).toBeGreaterThan(0);
    expect(inTexas.every((d) => d.state === 'TX')).toBe(true);
    expect(blank).toEqual(all);
  });

  it('returns nothing for a blank search string', async () => {
    const { body } = await rpc('search_districts', { search_text: '   ' });
    expect(body).toEqual([]);
  });
});

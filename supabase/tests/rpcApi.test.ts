// The browser's function client (src/lib/browser/rpcApi.ts) against the real PostgREST, beside postgrest-js: for each
// call the two answer the same data, or the same message and details for a refusal, so the islands that moved to the small client
// word every answer as before. A network failure and an abort are answers with an error, as postgrest-js gives them.
import { PostgrestClient } from '@supabase/postgrest-js';
import { describe, expect, it } from 'vitest';
import { rpcClient } from '../../src/lib/browser/rpcApi';
import { anonKey, apiUrl } from './helpers';

const restUrl = () => `${apiUrl()}/rest/v1`;
const small = () => rpcClient(restUrl(), anonKey());
const builder = () =>
  new PostgrestClient(restUrl(), { headers: { apikey: anonKey(), Authorization: `Bearer ${anonKey()}` } });

const CALLS: { name: string; fn: string; args: object; expect: 'data' | 'error' }[] = [
  {
    name: 'a district search',
    fn: 'search_districts',
    args: { search_text: 'Palo', state_code: null },
    expect: 'data',
  },
  { name: 'a record search', fn: 'search_records', args: { q: 'budget', page_size: 3 }, expect: 'data' },
  { name: 'a search refused for its text', fn: 'search_records', args: { q: '-budget' }, expect: 'error' },
  {
    name: 'a search refused with parameters',
    fn: 'search_records',
    args: { q: 'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo' },
    expect: 'error',
  },
  {
    name: 'an email link with a malformed token',
    fn: 'confirm_subscription',
    args: { token: 'not-a-token' },
    expect: 'data',
  },
  { name: 'the residents’ totals', fn: 'agenda_vote_totals', args: {}, expect: 'data' },
  { name: 'a function that does not exist', fn: 'no_such_function', args: {}, expect: 'error' },
];

describe('the browser’s function client', () => {
  it.each(CALLS)('answers $name as postgrest-js does', async ({ fn, args, expect: kind }) => {
    const [mine, theirs] = [await small().rpc(fn, args), await builder().rpc(fn, args)];
    if (kind === 'data') {
      expect(mine.error).toBeNull();
      expect(mine.data).toEqual(theirs.data);
    } else {
      expect(mine.data).toBeNull();
      expect(mine.error?.message).toBeTruthy();
      expect(mine.error?.message).toBe(theirs.error?.message);
      expect(mine.error?.details ?? null).toBe(theirs.error?.details ?? null);
    }
  });

  it('gives the server’s code and parameters for a refused search, which the page then words in its language', async () => {
    expect((await small().rpc('search_records', { q: '-budget' })).error).toEqual({ message: 'search.only_left_out' });
    const { error } = await small().rpc('search_records', { q: 'a'.repeat(201) });
    expect(error).toEqual({ message: 'search.too_long', details: '{"max": 200, "length": 201}' });
  });

  it('answers an aborted call with an error, never a throw', async () => {
    const { data, error } = await small()
      .rpc('search_districts', { search_text: 'Palo', state_code: null })
      .abortSignal(AbortSignal.abort());
    expect(data).toBeNull();
    expect(error?.message).toMatch(/^AbortError: /);
  });

  it('answers a server it cannot reach with the network error', async () => {
    const { data, error } = await rpcClient('http://127.0.0.1:1/rest/v1', anonKey()).rpc('search_districts', {
      search_text: 'Palo',
      state_code: null,
    });
    expect(data).toBeNull();
    expect(error?.message).toMatch(/^TypeError: /);
  });
});

import { describe, expect, it } from 'vitest';
import { readRetryWait } from '../build/readRetry';

describe('readRetryWait', () => {
  it.each([
    { name: 'a statement timeout, first attempt', failure: { status: 500, code: '57014' }, attempt: 1, wait: 1_000 },
    { name: 'a statement timeout, second attempt', failure: { status: 500, code: '57014' }, attempt: 2, wait: 2_000 },
    { name: 'a statement timeout, third attempt', failure: { status: 500, code: '57014' }, attempt: 3, wait: 4_000 },
    {
      name: 'a statement timeout, fourth attempt: the build stops',
      failure: { status: 500, code: '57014' },
      attempt: 4,
      wait: null,
    },
    { name: 'a gateway timeout', failure: { status: 504 }, attempt: 2, wait: 2_000 },
    { name: 'a gateway timeout, fourth attempt', failure: { status: 504 }, attempt: 4, wait: null },
    {
      name: 'unavailable: the PostgREST client has asked again already',
      failure: { status: 503 },
      attempt: 1,
      wait: null,
    },
    { name: 'another server error', failure: { status: 500, code: 'XX000' }, attempt: 1, wait: null },
    { name: 'a refused key', failure: { status: 401, code: 'PGRST301' }, attempt: 1, wait: null },
    { name: 'a missing view', failure: { status: 404, code: 'PGRST205' }, attempt: 1, wait: null },
    { name: 'no network', failure: { status: 0 }, attempt: 1, wait: null },
  ])('$name', ({ failure, attempt, wait }) => {
    expect(readRetryWait(failure, attempt)).toBe(wait);
  });
});

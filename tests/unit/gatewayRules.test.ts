// The local gateway's rules: which headers it passes on (RFC 9110's hop-by-hop headers stay on their own connection)
// and what an error answer may tell an anonymous visitor.
import { describe, expect, it } from 'vitest';
import { endToEndHeaders, publicErrorBody, UNREACHABLE_MESSAGE } from '../../scripts/lib/gatewayRules.mjs';

describe('endToEndHeaders', () => {
  it.each([
    ['Connection: close', { connection: 'close', accept: 'application/json' }, { accept: 'application/json' }],
    [
      'keep-alive and its parameters',
      { connection: 'keep-alive', 'keep-alive': 'timeout=5', prefer: 'count=exact' },
      { prefer: 'count=exact' },
    ],
    [
      'TE, Trailer, Upgrade, Transfer-Encoding',
      { te: 'trailers', trailer: 'x-sum', upgrade: 'websocket', 'transfer-encoding': 'chunked', range: '0-9' },
      { range: '0-9' },
    ],
    [
      'every proxy-* header',
      { 'proxy-authorization': 'Basic x', 'proxy-connection': 'close', 'proxy-anything': '1', apikey: 'k' },
      { apikey: 'k' },
    ],
    [
      'headers the Connection header names',
      { connection: 'close, X-Gone,  x-also ', 'x-gone': '1', 'x-also': '2', 'x-kept': '3' },
      { 'x-kept': '3' },
    ],
    [
      'a Connection header given twice',
      { connection: ['x-one', 'x-two'], 'x-one': '1', 'x-two': '2', 'content-type': 'text/plain' },
      { 'content-type': 'text/plain' },
    ],
    [
      'Expect, answered by the gateway itself',
      { expect: '100-continue', 'content-length': '12' },
      { 'content-length': '12' },
    ],
    [
      'nothing hop-by-hop: everything passes',
      { authorization: 'Bearer x', 'content-profile': 'public' },
      { authorization: 'Bearer x', 'content-profile': 'public' },
    ],
    ['names in any case', { Connection: 'close', 'Keep-Alive': '1', Accept: '*/*' }, { accept: '*/*' }],
  ])('%s', (_label, headers, expected) => {
    expect(endToEndHeaders(headers)).toEqual(expected);
  });
});

describe('publicErrorBody', () => {
  const body = (fields: Record<string, unknown>) =>
    JSON.stringify({ code: null, details: null, hint: null, message: '', ...fields });
  const plain = (code: string | null, message: string) => JSON.stringify({ code, message, details: null, hint: null });

  it.each([
    ['a success passes as it is', 200, '[{"id":1}]', null],
    [
      'a table that does not exist: the hint naming other tables is dropped',
      404,
      body({
        code: 'PGRST205',
        message: "Could not find the table 'public.meeting' in the schema cache",
        hint: "Perhaps you meant the table 'public.meetings'",
      }),
      plain('PGRST205', "Could not find the table 'public.meeting' in the schema cache"),
    ],
    [
      'a function that does not exist: the hint is dropped',
      404,
      body({
        code: 'PGRST202',
        message: 'Could not find the function public.subscribe(x) in the schema cache',
        hint: 'Perhaps you meant to call the function public.subscribe(email, district_id)',
      }),
      plain('PGRST202', 'Could not find the function public.subscribe(x) in the schema cache'),
    ],
    [
      'the database unreachable: its host is never named',
      503,
      body({
        code: 'PGRST001',
        message: 'Database client error. Retrying the connection.',
        details: 'connection to server at "127.0.0.1", port 54322 failed: Connection refused',
      }),
      plain('PGRST001', UNREACHABLE_MESSAGE),
    ],
    [
      'a message naming an address',
      500,
      body({ code: 'XX000', message: 'could not connect to 10.0.0.5' }),
      plain('XX000', UNREACHABLE_MESSAGE),
    ],
    [
      'a message naming an IPv6 address',
      500,
      body({ code: 'XX000', message: 'could not connect to [::1]:5432' }),
      plain('XX000', UNREACHABLE_MESSAGE),
    ],
    [
      'details of a constraint are dropped',
      409,
      body({ code: '23505', message: 'duplicate key value', details: 'Key (email)=(a@b.c) already exists.' }),
      plain('23505', 'duplicate key value'),
    ],
    ["the site's own refusal keeps its code", 429, plain('PT429', 'limit.topic_votes'), null],
    [
      "a refusal's parameters pass with its code",
      400,
      body({ code: '22023', message: 'search.too_long', details: '{"max": 200, "length": 201}' }),
      JSON.stringify({ code: '22023', message: 'search.too_long', details: '{"max": 200, "length": 201}', hint: null }),
    ],
    [
      'details that are no object are dropped, even after a code',
      400,
      body({ code: '22023', message: 'search.too_long', details: 'at 10.0.0.5' }),
      plain('22023', 'search.too_long'),
    ],
    ['an error without a message', 400, body({ code: 'X' }), plain('X', 'The request was refused.')],
    ['a 5xx that is not JSON', 502, '<html>Bad gateway</html>', plain(null, UNREACHABLE_MESSAGE)],
    ['a 4xx that is not JSON passes', 404, 'not found', null],
  ])('%s', (_label, status, text, expected) => {
    expect(publicErrorBody(status, text)).toBe(expected);
  });
});

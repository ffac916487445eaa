// How the browser's function client reads one response (answerOf): the JSON of a success, PostgREST's message and
// details of a refusal (the database's code and its parameters), and something a person can act on when a proxy
// answers with a page instead.
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../src/lib/browser/rpcApi';

describe('answerOf', () => {
  it.each([
    { name: 'rows', status: 200, text: 'OK', body: '[{"id":1}]', answer: { data: [{ id: 1 }], error: null } },
    {
      name: 'a JSON object',
      status: 200,
      text: 'OK',
      body: '{"ok":true,"errors":{}}',
      answer: { data: { ok: true, errors: {} }, error: null },
    },
    { name: 'no content', status: 204, text: 'No Content', body: '', answer: { data: null, error: null } },
    { name: 'a JSON null', status: 200, text: 'OK', body: 'null', answer: { data: null, error: null } },
    {
      name: 'a success that is not JSON',
      status: 200,
      text: 'OK',
      body: '<html>',
      answer: { data: null, error: { message: 'The answer was not JSON: <html>' } },
    },
    {
      name: 'a refusal with its code',
      status: 400,
      text: 'Bad Request',
      body: '{"code":"22023","message":"search.only_left_out","details":null,"hint":null}',
      answer: { data: null, error: { message: 'search.only_left_out' } },
    },
    {
      name: 'a refusal with its code and parameters',
      status: 400,
      text: 'Bad Request',
      body: '{"code":"22023","message":"search.too_long","details":"{\\"max\\": 200, \\"length\\": 201}","hint":null}',
      answer: { data: null, error: { message: 'search.too_long', details: '{"max": 200, "length": 201}' } },
    },
    {
      name: 'a limit',
      status: 429,
      text: 'Too Many Requests',
      body: '{"message":"limit.searches"}',
      answer: { data: null, error: { message: 'limit.searches' } },
    },
    {
      name: 'a proxy’s plain text',
      status: 502,
      text: 'Bad Gateway',
      body: 'upstream unavailable\n',
      answer: { data: null, error: { message: 'upstream unavailable' } },
    },
    {
      name: 'an empty failure',
      status: 503,
      text: 'Service Unavailable',
      body: '',
      answer: { data: null, error: { message: '503 Service Unavailable' } },
    },
    {
      name: 'a JSON failure without a message',
      status: 500,
      text: 'Internal Server Error',
      body: '{"code":"XX000"}',
      answer: { data: null, error: { message: '{"code":"XX000"}' } },
    },
  ])('reads $name', ({ status, text, body, answer }) => {
    expect(answerOf(status, text, body)).toEqual(answer);
  });
});

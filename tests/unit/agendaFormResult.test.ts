// The answer shape both resident forms share ({ok, errors, form_errors}) and the vote's retry key.
import { describe, expect, it } from 'vitest';
import { parseFormResult } from '../../src/lib/data/formResult';
import { keyForAnswers } from '../../src/lib/agenda';

describe('parseFormResult: only the documented shape is an answer', () => {
  it.each([
    ['success', { ok: true, errors: {}, form_errors: [] }],
    [
      'a refusal with a field error',
      { ok: false, errors: { email: [{ code: 'field.max_length', max: 254 }] }, form_errors: [] },
    ],
    [
      'a refusal with a form error',
      { ok: false, errors: {}, form_errors: [{ code: 'form.unknown_fields', fields: 'x' }] },
    ],
    ['a refusal with a limit', { ok: false, errors: {}, form_errors: [{ code: 'limit.forms' }] }],
  ])('accepts %s', (_label, raw) => {
    expect(parseFormResult(raw)).toEqual(raw);
  });

  it.each([
    ['null', null],
    ['an array', [{ ok: true }]],
    ['a string', 'ok'],
    ['no ok flag', { errors: {}, form_errors: [] }],
    ['ok as text', { ok: 'true', errors: {}, form_errors: [] }],
    ['errors as a list', { ok: false, errors: ['bad'], form_errors: [] }],
    ['a field problem that is not a code', { ok: false, errors: { email: [42] }, form_errors: [] }],
    ['a field problem in words', { ok: false, errors: { email: ['must be at most 254 characters'] }, form_errors: [] }],
    ['a form problem in words', { ok: false, errors: {}, form_errors: ['Unknown fields: x.'] }],
    ['a code of another shape', { ok: false, errors: {}, form_errors: [{ code: 'Unknown fields' }] }],
    ['form errors missing', { ok: true, errors: {} }],
    ['a refusal without any message', { ok: false, errors: { email: [] }, form_errors: [] }],
  ])('refuses %s', (_label, raw) => {
    expect(parseFormResult(raw)).toBeNull();
  });
});

describe('keyForAnswers: a new idempotency key whenever the answers change', () => {
  let n = 0;
  const newKey = () => `key-${(n += 1)}`;
  it.each([
    ['the first send makes a key', null, 'a', 'key-1'],
    ['a resend of the same answers keeps it', { key: 'key-7', answers: 'a' }, 'a', 'key-7'],
    ['edited answers get a new one', { key: 'key-7', answers: 'a' }, 'b', 'key-2'],
  ] as const)('%s', (_label, last, answers, key) => {
    expect(keyForAnswers(last, answers, newKey)).toEqual({ key, answers });
  });
});

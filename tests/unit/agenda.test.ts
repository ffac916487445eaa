// The agenda vote's rules: its items and labels, the island's own check, the submission and the shown errors.
import { describe, expect, it } from 'vitest';
import {
  MEETING_DATE,
  MISSING_CHOICE,
  displayedErrors,
  missingChoices,
  newIdempotencyKey,
  toSubmission,
  valuesFromForm,
  type VoteFormValues,
} from '../../src/lib/agenda';
import { AGENDA_FIELDS } from '../../src/lib/data/agendaVotes';
import { translator } from '../../src/i18n/translate';
import en from '../../src/i18n/messages/en.json';
import es from '../../src/i18n/messages/es.json';

const tEn = translator('en', en);
const tEs = translator('es', es);

const allChosen: VoteFormValues['choices'] = {
  budget: 'support',
  lcap: 'oppose',
  esri_update: 'neutral',
  summer_projects: 'support',
  hoover_playground: 'oppose',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the agenda of the 17 June 2025 meeting', () => {
  it('has the five items in the agenda’s order, with their field names', () => {
    expect(AGENDA_FIELDS).toEqual(['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground']);
  });

  it.each([
    ['budget', [/2025-26/, /about 3 percent/, /2\.30 percent cost-of-living adjustment/, /reserves above .*3 percent/]],
    ['lcap', [/Local Control and Accountability Plan/]],
    ['esri_update', [/Every Student Reads Initiative/, /update/i]],
    ['summer_projects', [/summer 2025/i, /facilities and maintenance/i, /Information only/]],
    ['hoover_playground', [/accessible playground/i, /Hoover Elementary/, /\$1\.27 million contract/]],
  ])('%s says what the agenda says', (field, patterns) => {
    const text = `${tEn(`vote.item.${field}.title`)} ${tEn(`vote.item.${field}.description`)}`;
    for (const pattern of patterns) expect(text).toMatch(pattern);
  });

  it('labels the choices Support, Oppose and Neutral / Unsure', () => {
    expect(['support', 'oppose', 'neutral'].map((choice) => tEn(`vote.choice.${choice}`))).toEqual([
      'Support',
      'Oppose',
      'Neutral / Unsure',
    ]);
  });

  it('is for the meeting of 2025-06-17', () => {
    expect(MEETING_DATE).toBe('2025-06-17');
  });
});

describe('missingChoices: every agenda item needs a choice, one message per missing item', () => {
  it.each([
    ['all five chosen', allChosen, []],
    ['nothing chosen', {}, [...AGENDA_FIELDS]],
    ['the budget missing', { ...allChosen, budget: undefined }, ['budget']],
    [
      'two missing',
      { lcap: 'support', esri_update: 'oppose', summer_projects: 'neutral' },
      ['budget', 'hoover_playground'],
    ],
    ['an unknown choice', { ...allChosen, lcap: 'maybe' }, ['lcap']],
  ] as [string, VoteFormValues['choices'], string[]][])('%s', (_label, choices, missing) => {
    const errors = missingChoices(choices);
    expect(Object.keys(errors)).toEqual(missing);
    for (const field of missing) expect(errors[field]).toEqual([MISSING_CHOICE]);
  });
});

describe('toSubmission: what the form sends', () => {
  it.each([
    ['blank optional fields become null', { email: '', comments: '   ' }, { email: null, comments: null }],
    [
      'text is trimmed',
      { email: ' me@example.org ', comments: '  Thanks.  ' },
      { email: 'me@example.org', comments: 'Thanks.' },
    ],
  ])('%s', (_label, typed, sent) => {
    const submission = toSubmission({ choices: allChosen, ...typed }, 'key-1');
    expect(submission).toEqual({ idempotency_key: 'key-1', meeting_date: '2025-06-17', ...allChosen, ...sent });
  });
});

describe('displayedErrors: the server’s errors as the page shows them', () => {
  it.each([
    [
      'an email error reads Email followed by the messages joined by commas',
      { errors: { email: [{ code: 'field.email_invalid' }, { code: 'field.max_length', max: 254 }] }, form_errors: [] },
      {
        fields: { email: 'Email must be a valid address such as name@example.org, must be at most 254 characters' },
        form: [],
      },
    ],
    [
      'an agenda item error starts with the item’s title',
      { errors: { hoover_playground: [MISSING_CHOICE] }, form_errors: [] },
      {
        fields: {
          hoover_playground:
            'Accessible Playground at Hoover Elementary needs a choice: Support, Oppose or Neutral / Unsure',
        },
        form: [],
      },
    ],
    [
      'comments errors start with Comments',
      { errors: { comments: [{ code: 'field.max_length', max: 2000 }] }, form_errors: [] },
      { fields: { comments: 'Comments must be at most 2000 characters' }, form: [] },
    ],
    [
      'an error on the hidden meeting date shows for the form',
      {
        errors: { meeting_date: [{ code: 'field.meeting_date', date: '2025-06-17' }] },
        form_errors: [{ code: 'form.unknown_fields', fields: 'admin' }],
      },
      {
        fields: {},
        form: ['Unknown fields: admin.', 'Meeting date must be 2025-06-17, the board meeting this form is for'],
      },
    ],
    [
      'a known answer again with other answers, and the limit',
      { errors: {}, form_errors: [{ code: 'form.conflict' }, { code: 'limit.forms' }] },
      {
        fields: {},
        form: [
          'These answers differ from the ones already sent with this form, which were kept. Send the form again to store the new answers.',
          'Too many forms sent from your connection in the last hour. Your answers are still here: please try again later.',
        ],
      },
    ],
    [
      'a code the function does not answer, or no code known at all, is the general refusal',
      { errors: { color: [{ code: 'field.frequency' }] }, form_errors: [{ code: 'form.brand_new' }] },
      {
        fields: {},
        form: [
          'The server could not accept this. Please check what you entered and try again.',
          'color The server could not accept this. Please check what you entered and try again.',
        ],
      },
    ],
    ['a field without messages shows nothing', { errors: { email: [] }, form_errors: [] }, { fields: {}, form: [] }],
  ])('%s', (_label, result, shown) => {
    expect(displayedErrors(result, tEn)).toEqual(shown);
  });

  it("in Spanish, with the item's title and each code's message in Spanish", () => {
    const result = {
      errors: { hoover_playground: [MISSING_CHOICE], color: [{ code: 'field.is_odd' }] },
      form_errors: [{ code: 'form.unknown_fields', fields: 'admin' }],
    };
    expect(displayedErrors(result, tEs)).toEqual({
      fields: {
        hoover_playground:
          'Patio de juegos accesible en la Primaria Hoover: necesita una respuesta: A favor, En contra o Neutral / No estoy seguro',
      },
      form: [
        'Campos desconocidos: admin.',
        'color: El servidor no pudo aceptar esto. Revise lo que escribió e inténtelo de nuevo.',
      ],
    });
  });
});

describe('newIdempotencyKey: one UUID per form fill', () => {
  it('uses crypto.randomUUID where there is one', () => {
    expect(
      newIdempotencyKey({
        randomUUID: () => '11111111-2222-4333-8444-555555555555',
        getRandomValues: (array) => array,
      }),
    ).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('makes a version 4 UUID from random bytes where randomUUID is missing', () => {
    const key = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        new Uint8Array(array!.buffer).fill(0xff);
        return array;
      },
    });
    expect(key).toMatch(UUID);
    expect(key).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('differs between two form fills', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});

describe('valuesFromForm: what was chosen or typed before the island hydrated is kept', () => {
  const form = (entries: Record<string, unknown>) => ({ get: (name: string) => entries[name] ?? null });
  it.each([
    ['an empty form', {}, { choices: {}, email: '', comments: '' }],
    [
      'two choices and an email',
      { budget: 'oppose', lcap: 'neutral', email: 'me@example.org' },
      { choices: { budget: 'oppose', lcap: 'neutral' }, email: 'me@example.org', comments: '' },
    ],
    ['an unknown choice is left out', { budget: 'maybe', comments: 'Hi' }, { choices: {}, email: '', comments: 'Hi' }],
    ['a file in a text field is ignored', { email: { name: 'x.txt' } }, { choices: {}, email: '', comments: '' }],
  ])('%s', (_label, entries, values) => {
    expect(valuesFromForm(form(entries))).toEqual(values);
  });
});

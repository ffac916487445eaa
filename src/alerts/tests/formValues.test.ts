// The alert form as it stands when its island wakes (it loads at the reader's first touch): what the reader typed and
// chose is read from the form's data, so the island takes it over instead of resetting it.
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES, alertFormValues, type AlertFormValues } from '../formValues';

const RADIOS = { scope: 'r1-scope', frequency: 'r1-frequency' };

/** Form data from pairs, as new FormData(form) gives them (a checked box or radio once per value, a text field always). */
function data(pairs: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
}

/** The search form as the server draws it on the record search page: nothing typed, every kind, daily, everywhere. */
const DRAWN: [string, string][] = [
  [FIELD_NAMES.words, ''],
  [RADIOS.scope, 'everywhere'],
  [FIELD_NAMES.state, 'AL'],
  [FIELD_NAMES.kinds, 'meeting'],
  [FIELD_NAMES.kinds, 'topic'],
  [FIELD_NAMES.kinds, 'vote'],
  [RADIOS.frequency, 'daily'],
  [FIELD_NAMES.email, ''],
];
const drawn: AlertFormValues = {
  words: '',
  email: '',
  scope: 'everywhere',
  state: 'AL',
  kinds: ['meeting', 'topic', 'vote'],
  topicId: null,
  minorityOnly: false,
  frequency: 'daily',
};

describe('alertFormValues', () => {
  it.each<[string, [string, string][], Partial<AlertFormValues>]>([
    ['the search form as drawn', DRAWN, {}],
    [
      'words and an address typed',
      DRAWN.map(([name, value]) => [
        name,
        name === FIELD_NAMES.words ? 'school lunch' : name === FIELD_NAMES.email ? 'a@example.org' : value,
      ]),
      { words: 'school lunch', email: 'a@example.org' },
    ],
    [
      'a state chosen',
      DRAWN.map(([name, value]) => [name, name === RADIOS.scope ? 'state' : name === FIELD_NAMES.state ? 'CA' : value]),
      { scope: 'state', state: 'CA' },
    ],
    [
      'votes unchecked, weekly chosen',
      DRAWN.filter(([name, value]) => !(name === FIELD_NAMES.kinds && value === 'vote')).map(([name, value]) => [
        name,
        name === RADIOS.frequency ? 'weekly' : value,
      ]),
      { kinds: ['meeting', 'topic'], frequency: 'weekly' },
    ],
    ['every kind unchecked', DRAWN.filter(([name]) => name !== FIELD_NAMES.kinds), { kinds: [] }],
    [
      'kinds in another order, one unknown',
      [
        ...DRAWN.filter(([name]) => name !== FIELD_NAMES.kinds),
        [FIELD_NAMES.kinds, 'vote'],
        [FIELD_NAMES.kinds, 'poll'],
        [FIELD_NAMES.kinds, 'meeting'],
      ],
      { kinds: ['meeting', 'vote'] },
    ],
    [
      'an unknown scope and frequency',
      DRAWN.map(([name, value]) => [
        name,
        name === RADIOS.scope ? 'moon' : name === RADIOS.frequency ? 'hourly' : value,
      ]),
      { scope: null, frequency: null },
    ],
  ])('%s', (_, pairs, changed) => {
    expect(alertFormValues(data(pairs), RADIOS)).toEqual({ ...drawn, ...changed });
  });

  it.each<[string, [string, string][], AlertFormValues]>([
    [
      'a topic form: the topic chosen, no scope, state or kinds',
      [
        [FIELD_NAMES.topic, '42'],
        [RADIOS.frequency, 'weekly'],
        [FIELD_NAMES.email, 'b@example.org'],
      ],
      {
        words: '',
        email: 'b@example.org',
        scope: null,
        state: null,
        kinds: [],
        topicId: 42,
        minorityOnly: false,
        frequency: 'weekly',
      },
    ],
    [
      'a member form with only the split votes',
      [
        [FIELD_NAMES.minorityOnly, 'on'],
        [RADIOS.frequency, 'daily'],
        [FIELD_NAMES.email, ''],
      ],
      {
        words: '',
        email: '',
        scope: null,
        state: null,
        kinds: [],
        topicId: null,
        minorityOnly: true,
        frequency: 'daily',
      },
    ],
    [
      'a topic that is no number',
      [[FIELD_NAMES.topic, 'abc']],
      {
        words: '',
        email: '',
        scope: null,
        state: null,
        kinds: [],
        topicId: null,
        minorityOnly: false,
        frequency: null,
      },
    ],
  ])('%s', (_, pairs, values) => {
    expect(alertFormValues(data(pairs), RADIOS)).toEqual(values);
  });
});

// The district search's pure rules: the query it sends, the highlight, the suggestion text, the keyboard.
import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_LENGTH,
  US_STATES,
  buildSearchQuery,
  goTarget,
  highlightParts,
  moveHighlight,
  suggestionDetail,
} from '../../src/lib/districtSearch';

const district = (id: number, name = `District ${id}`) => ({
  id,
  name,
  state: 'CA',
  county: 'Santa Clara',
  has_records: true,
});

describe('buildSearchQuery: a blank string clears; the state filter applies only when not empty', () => {
  it.each([
    ['plain text, no state', 'palo', '', { text: 'palo', state: null }],
    ['text with a state', 'palo', 'CA', { text: 'palo', state: 'CA' }],
    ['spaces around the text are dropped', '  palo alto  ', '', { text: 'palo alto', state: null }],
    ['a lower-case state code is accepted', 'palo', 'tx', { text: 'palo', state: 'TX' }],
    ['a state that is not one of the 50 codes is ignored', 'palo', 'XX', { text: 'palo', state: null }],
    ['the "State" placeholder means every state', 'palo', 'State', { text: 'palo', state: null }],
    ['wildcards are sent as typed (the database takes them literally)', '50%_\\', '', { text: '50%_\\', state: null }],
    ['commas and parentheses are sent as typed', 'a,b (c)', 'NY', { text: 'a,b (c)', state: 'NY' }],
  ])('%s', (_label, typed, state, expected) => {
    expect(buildSearchQuery(typed, state)).toEqual(expected);
  });

  it.each([
    ['an empty string', ''],
    ['only spaces', '   '],
    ['tabs and newlines', '\t\n'],
  ])('%s gives no query (the suggestions are cleared)', (_label, typed) => {
    expect(buildSearchQuery(typed, 'CA')).toBeNull();
  });

  it('caps the text at the length the database accepts', () => {
    const query = buildSearchQuery('a'.repeat(MAX_SEARCH_LENGTH + 20), '');
    expect(query?.text).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe('US_STATES: the dropdown offers the 50 two-letter codes', () => {
  it('has 50 distinct two-letter codes in alphabetical order', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
    expect(US_STATES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect([...US_STATES]).toEqual([...US_STATES].sort());
    expect(US_STATES).not.toContain('DC');
  });
});

describe('highlightParts: the typed text is marked in the name', () => {
  it.each([
    [
      'a match at the start',
      'Palo Alto Unified',
      'palo',
      [
        ['Palo', true],
        [' Alto Unified', false],
      ],
    ],
    [
      'a match in the middle, any case',
      'Los Altos School District',
      'ALTO',
      [
        ['Los ', false],
        ['Alto', true],
        ['s School District', false],
      ],
    ],
    [
      'a match at the end',
      'Union High',
      'high',
      [
        ['Union ', false],
        ['High', true],
      ],
    ],
    [
      'every occurrence',
      'Palo Palo',
      'palo',
      [
        ['Palo', true],
        [' ', false],
        ['Palo', true],
      ],
    ],
    ['the whole name', 'Plano', 'plano', [['Plano', true]]],
    ['no match', 'Plano', 'palo', [['Plano', false]]],
    ['blank text marks nothing', 'Plano', '  ', [['Plano', false]]],
    [
      'the typed text is trimmed as the search trims it',
      'Palo Alto',
      ' alto ',
      [
        ['Palo ', false],
        ['Alto', true],
      ],
    ],
    [
      'wildcard characters match only themselves',
      'District 50% Fund_A',
      '%',
      [
        ['District 50', false],
        ['%', true],
        [' Fund_A', false],
      ],
    ],
    [
      'parentheses are literal, not a pattern',
      'Union (North)',
      '(north)',
      [
        ['Union ', false],
        ['(North)', true],
      ],
    ],
    [
      'overlapping repeats are marked once each, left to right',
      'aaaa',
      'aa',
      [
        ['aa', true],
        ['aa', true],
      ],
    ],
  ])('%s', (_label, name, typed, expected) => {
    const parts = highlightParts(name, typed);
    expect(parts.map((part) => [part.text, part.match])).toEqual(expected);
    expect(parts.map((part) => part.text).join('')).toBe(name);
  });
});

describe('suggestionDetail: state and county in parentheses', () => {
  it.each([
    ['both known', { state: 'CA', county: 'Santa Clara' }, ' (CA, Santa Clara)'],
    ['no county', { state: 'TX', county: null }, ' (TX)'],
    ['no state', { state: null, county: 'Erie' }, ' (Erie)'],
    ['neither', { state: null, county: null }, ''],
    ['blank strings count as unknown', { state: ' ', county: '' }, ''],
  ])('%s', (_label, suggestion, expected) => {
    expect(suggestionDetail(suggestion)).toBe(expected);
  });
});

describe('moveHighlight: arrow keys move the highlight and wrap around', () => {
  it.each([
    ['down from none goes to the first', -1, 3, 'down', 0],
    ['down moves one on', 0, 3, 'down', 1],
    ['down from the last wraps to the first', 2, 3, 'down', 0],
    ['up from none goes to the last', -1, 3, 'up', 2],
    ['up moves one back', 2, 3, 'up', 1],
    ['up from the first wraps to the last', 0, 3, 'up', 2],
    ['with one suggestion, down stays on it', 0, 1, 'down', 0],
    ['with no suggestions there is nothing to highlight', -1, 0, 'down', -1],
    ['an index past a shortened list starts again from the top', 7, 3, 'down', 0],
  ] as const)('%s', (_label, current, count, direction, expected) => {
    expect(moveHighlight(current, count, direction)).toBe(expected);
  });
});

describe("goTarget: 'Go' opens the district only when exactly one suggestion exists", () => {
  it.each([
    ['none', [], null],
    ['exactly one', [district(1)], 1],
    ['two', [district(1), district(2)], null],
    ['many', [district(1), district(2), district(3)], null],
  ])('%s', (_label, suggestions, expectedId) => {
    expect(goTarget(suggestions)?.id ?? null).toBe(expectedId);
  });
});

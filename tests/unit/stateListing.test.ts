// The district listings by state: grouping, order, and what is left out.
import { describe, expect, it } from 'vitest';
import { districtsByState, statePath } from '../../src/lib/stateListing';
import { US_STATES } from '../../src/lib/districtSearch';

const d = (id: number, name: string, state: string | null, county: string | null = null) =>
  ({ id, name, state, county }) as { id: number; name: string; state: string; county: string | null };

describe('districtsByState', () => {
  const listing = districtsByState([
    d(3, 'Zeta Unified', 'CA'),
    d(1, 'Alpha Unified', 'CA', 'Santa Clara'),
    d(2, 'Alpha Unified', 'CA'),
    d(4, 'Austin ISD', 'tx '),
    d(5, 'Nowhere', null),
    d(6, 'Elsewhere', 'ZZ'),
  ]);

  it.each([
    ['CA', [1, 2, 3]],
    ['TX', [4]],
    ['NY', []],
  ])('%s lists districts %j, by name then id', (state, ids) => {
    expect(listing.get(state)!.map((district) => district.id)).toEqual(ids);
  });

  it('has a list for each of the 50 states and none for an unknown state', () => {
    expect([...listing.keys()]).toEqual([...US_STATES]);
    expect(listing.has('ZZ')).toBe(false);
  });
});

describe('statePath', () => {
  it.each([
    ['CA', '/states/CA'],
    ['NY', '/states/NY'],
  ])('%s → %s', (state, path) => expect(statePath(state)).toBe(path));
});

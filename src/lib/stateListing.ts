// The listings of districts by state: one static page per state, reached from the district search without script.
import type { District } from './data/districts';
import { US_STATES } from './districtSearch.ts';

/** The page listing a state's districts. */
export function statePath(state: string): string {
  return `/states/${state}`;
}

/** What a listing shows of a district. */
export type ListedDistrict = Pick<District, 'id' | 'name' | 'county'>;

/**
 * Every state's districts, by name (then id), for each of the 50 states, an empty list where the state has none;
 * districts without a known state are on no listing.
 */
export function districtsByState(
  districts: readonly Pick<District, 'id' | 'name' | 'state' | 'county'>[],
): Map<string, ListedDistrict[]> {
  const byState = new Map<string, ListedDistrict[]>(US_STATES.map((state) => [state, []]));
  for (const { id, name, state, county } of districts)
    byState.get(state?.trim().toUpperCase() ?? '')?.push({ id, name, county });
  for (const list of byState.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return byState;
}

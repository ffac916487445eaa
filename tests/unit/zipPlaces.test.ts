// The ZIP codes the district search reads: the GeoNames postal code file's lines as rows of private.zip_places.
import { describe, expect, it } from 'vitest';
import { parseZipPlaces } from '../../scripts/lib/zipPlaces.mjs';

const line = (...fields: string[]) => fields.join('\t');

describe('parseZipPlaces', () => {
  it.each([
    [
      'a ZIP code with its place, county and state',
      line('US', '94301', 'Palo Alto', 'California', 'CA', 'Santa Clara', '085', '', '', '37.4443', '-122.1497', '4'),
      [{ zip: '94301', place: 'Palo Alto', county: 'Santa Clara', state: 'CA' }],
    ],
    [
      'no county: null',
      line('US', '09001', 'APO', 'Armed Forces Europe', 'AE', '', '', '', '', '', '', ''),
      [{ zip: '09001', place: 'APO', county: null, state: 'AE' }],
    ],
    ['not five digits', line('US', '9430', 'Palo Alto', 'California', 'CA', 'Santa Clara'), []],
    ['no state code', line('US', '94301', 'Palo Alto', 'California', '', 'Santa Clara'), []],
    ['no place', line('US', '94301', ' ', 'California', 'CA', 'Santa Clara'), []],
    ['an empty line', '', []],
  ])('%s', (_, text, rows) => {
    expect(parseZipPlaces(text)).toEqual(rows);
  });

  it('keeps the first of a ZIP code listed twice, across Windows line ends', () => {
    const text = [
      line('US', '10001', 'New York', 'New York', 'NY', 'New York'),
      line('US', '10001', 'Manhattan', 'New York', 'NY', 'New York'),
    ].join('\r\n');
    expect(parseZipPlaces(text)).toEqual([{ zip: '10001', place: 'New York', county: 'New York', state: 'NY' }]);
  });
});

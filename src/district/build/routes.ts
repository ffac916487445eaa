// The routes made once per district (its page, its members' pages, its feeds and files): each gets its path from the
// district pages collection and the district's page key as its cacheKey, so a nightly build renders them again only
// when that district changed.
import { getCollection } from 'astro:content';
import { COLLECTION, type DistrictEntry } from './loader';

/** Every district's entry: its id, its page key and what the store keeps of it. */
export async function districtEntries(): Promise<{ id: string; digest: string; data: DistrictEntry }[]> {
  return (await getCollection(COLLECTION)).map((entry) => ({ id: entry.id, digest: String(entry.digest ?? ''), data: entry.data as DistrictEntry }));
}

/** getStaticPaths for a route made once per district. */
export async function districtPaths() {
  return (await districtEntries()).map((entry) => ({ params: { id: entry.id }, cacheKey: entry.digest }));
}

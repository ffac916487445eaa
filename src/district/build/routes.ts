// The routes made once per district (its page, its members' pages, its feeds and files): each gets its path from the
// district pages collection and a cacheKey, so a nightly build renders them again only when that district changed.
// The pages a visitor reads are made in every language (English at today's address, /es/… and /zh/…); their cacheKey
// also carries the language and the version of the catalogue messages the page shows (the namespaces below), so a
// changed message renders again only the pages of its language that use it, and the version of the client files the
// page names (its islands' bundles: keptScripts.ts), so a kept page never names a bundle the new site lacks. Data
// files (feeds, open data) stay English.
// In a build split into shards (shard.ts), each route makes the outputs of its shard's districts only.
import { getCollection } from 'astro:content';
import { COLLECTION, type DistrictEntry } from './loader';
import { catalogueVersion } from '../../i18n/catalogues';
import { langParam, type Locale } from '../../i18n/locales';
import { builtLocales } from '../../i18n/localePaths';
import { BUILD_SHARD, inShard } from './shard';
import { buildsDistrictPage } from '../livePath';
import { CACHE_DIR } from './keptPages';
import { readScriptsVersions } from './keptScripts';

/** The page routes made once per district, by their files: the client files each names are in its cacheKey. */
const DISTRICT_PAGE_ROUTE = 'src/pages/[...lang]/[id].astro';
const MEMBER_PAGE_ROUTE = 'src/pages/[...lang]/[id]/members/[member].astro';

/**
 * The version of the client files a route's pages name, as this build's client bundle wrote it (keptScripts.ts). A
 * build always has it; `astro dev`, which keeps no page, may not.
 */
function routeScripts(route: string): string {
  const versions = readScriptsVersions(CACHE_DIR);
  if (route in versions) return versions[route];
  if (import.meta.env.PROD)
    throw new Error(`The client bundle named no scripts for ${route}: the route's file moved? Update routes.ts.`);
  return '';
}

/** Every district's entry: its id, its page key and what the store keeps of it (the listings of districts read these). */
export async function districtEntries(): Promise<{ id: string; digest: string; data: DistrictEntry }[]> {
  return (await getCollection(COLLECTION)).map((entry) => ({
    id: entry.id,
    digest: String(entry.digest ?? ''),
    data: entry.data as DistrictEntry,
  }));
}

/** The entries of the districts whose outputs this build makes: every district, or its shard's. */
async function shardEntries() {
  return (await districtEntries()).filter((entry) => inShard(BUILD_SHARD, entry.id));
}

/** The namespaces of the base layout: the navigation bar with its language switcher, the footer, the page's head. */
const LAYOUT_NAMESPACES = ['footer', 'lang', 'nav', 'site'];
/** What a district page shows of the catalogue: the layout, the district's view, its record search and subscribe form. */
export const DISTRICT_PAGE_NAMESPACES = [
  ...LAYOUT_NAMESPACES,
  'alerts',
  'board',
  'district',
  'errors',
  'records',
  'subscribe',
];
/** What a board member's page shows of the catalogue. */
export const MEMBER_PAGE_NAMESPACES = [...LAYOUT_NAMESPACES, 'alerts', 'board', 'district', 'member'];

/**
 * A kept page's cacheKey: the district's page key, the language, the version of the messages it shows and that of the
 * client files it names.
 */
export function pageCacheKey(digest: string, locale: Locale, namespaces: readonly string[], scripts: string): string {
  return `${digest}:${locale}:${catalogueVersion(locale, namespaces)}:${scripts}`;
}

/** getStaticPaths for a data file made once per district (English only, at its one address). */
export async function districtPaths() {
  return (await shardEntries()).map((entry) => ({ params: { id: entry.id }, cacheKey: entry.digest }));
}

/** getStaticPaths for a district's page, in every language (but at /404, the not-found page's address: livePath.ts). */
export async function districtPagePaths() {
  const entries = (await shardEntries()).filter((entry) => buildsDistrictPage(entry.id));
  const scripts = routeScripts(DISTRICT_PAGE_ROUTE);
  return builtLocales().flatMap((locale) => {
    const lang = langParam(locale);
    return entries.map((entry) => ({
      params: { lang, id: entry.id },
      cacheKey: pageCacheKey(entry.digest, locale, DISTRICT_PAGE_NAMESPACES, scripts),
    }));
  });
}

/** getStaticPaths for the board members' pages, in every language. */
export async function memberPagePaths() {
  const entries = await shardEntries();
  const scripts = routeScripts(MEMBER_PAGE_ROUTE);
  return builtLocales().flatMap((locale) => {
    const lang = langParam(locale);
    return entries.flatMap((entry) =>
      entry.data.members.map((member) => ({
        params: { lang, id: entry.id, member: member.slug },
        props: { name: member.name },
        cacheKey: pageCacheKey(entry.digest, locale, MEMBER_PAGE_NAMESPACES, scripts),
      })),
    );
  });
}

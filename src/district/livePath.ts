// Districts added after the build: which paths the 404 page renders from live data, and how a missing one is known.
import { splitLocale } from '../i18n/locales';

/**
 * The district id of a path like /123, or /es/123 in another language (what the 404 page renders live), or null for
 * any other path.
 */
export function districtIdFromPath(pathname: string): number | null {
  const match = /^\/(\d{1,15})\/?$/.exec(splitLocale(pathname).path);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * The ids whose district page would sit where the site's own page does: the not-found page is made at /404 (and
 * /es/404, /zh/404).
 */
const SITE_PAGE_IDS: ReadonlySet<string> = new Set(['404']);

/**
 * Whether the build makes a district's page. District 404's would be written over the not-found page (or write over
 * it), so it is not made: the not-found page, served at /404, renders that district from live data, as it renders a
 * district added after the build. Its members' pages and files are made as any district's.
 */
export function buildsDistrictPage(id: string): boolean {
  return !SITE_PAGE_IDS.has(id);
}

/** Whether a failed single-row read failed because there is no such row (PostgREST answers 406, "0 rows"). */
export function isNoRowError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /\(or no\) rows|contains 0 rows/i.test(message);
}

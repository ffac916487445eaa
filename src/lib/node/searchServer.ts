// What the search page needs when it is rendered on demand (in the Netlify function, and in the local server that calls
// the same function): the database with the public anon key, netlify.toml's headers, and the built page of every state.
import netlifyToml from '../../../netlify.toml?raw';
import { headersFor, parseNetlifyRules } from '../../../scripts/lib/netlifyRules.mjs';
import type { DistrictSuggestion } from '../data/districts';
import type { SearchQuery } from '../districtSearch';
import { SEARCH_TIMEOUT_MS } from '../districtSearchPage';

const rules = parseNetlifyRules(netlifyToml);

/**
 * The headers netlify.toml gives a path. Netlify adds them only to the files it serves, never to a function's answer:
 * the function adds them itself, so the search page carries the same security headers as every built page.
 */
export function siteHeaders(pathname: string): Record<string, string> {
  return headersFor(rules, pathname);
}

/**
 * The districts found for a query, or null when the database did not answer in time or refused (the reason is logged
 * for the operator; the reader sees that the search is unavailable). The anon key and the API's address are read at
 * request time (the function's environment), else the ones the site was built with.
 */
export async function findDistricts(
  query: SearchQuery,
  env: Record<string, string | undefined> = process.env,
): Promise<DistrictSuggestion[] | null> {
  const url = env.PUBLIC_SUPABASE_URL || import.meta.env.PUBLIC_SUPABASE_URL;
  const key = env.PUBLIC_SUPABASE_ANON_KEY || import.meta.env.PUBLIC_SUPABASE_ANON_KEY;
  try {
    // Imported when asked for, as the search box imports them: one chunk of them serves both.
    const [{ rpcClient }, { searchDistricts }] = await Promise.all([
      import('../browser/rpcApi'),
      import('../data/districts'),
    ]);
    const db = rpcClient(`${url}/rest/v1`, key);
    return await searchDistricts(db, query.text, query.state, AbortSignal.timeout(SEARCH_TIMEOUT_MS));
  } catch (error) {
    console.error(`District search failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * A built page of the site, fetched from the site itself (Netlify's CDN, or the local server): its HTML, or null when
 * it did not come in time. The search page answers with the page of every state when nothing was asked, so that
 * list is made once at build time and never read from every district per request.
 */
export async function builtPage(address: URL): Promise<string | null> {
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return await response.text();
  } catch (error) {
    console.error(`${address.pathname} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

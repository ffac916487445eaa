// The feeds, as Atom: an alert's ({API}/functions/v1/alert-feed?token=<feed token>, its newest 50 matches) and a
// search's, which needs no email ({API}/functions/v1/alert-feed?q=cell+phones&district=1: its newest 50 matches,
// feedAddress.ts). The static site cannot answer them, so the API side does: this code runs behind the local gateway
// (scripts/lib/gateway.mjs) and as the Supabase Edge Function alert-feed (index.ts beside this folder). Web-standard
// Request and Response only; the Atom is written by the `feed` library (the import map beside index.ts gives it to
// Deno), as the site's RSS is.
//
// Limits, as the record search has them:
//   * each answer's work is bounded: alert_feed reads one alert and at most 50 of its matches; a search feed is one
//     call of search_records (its own limits: the text's, the indexes', newest first through the date indexes);
//   * the same feed is read from the database at most once a minute (answers are kept per token or per search, at most
//     KEPT_BYTES of them, and requests that arrive while one is read wait for that one read);
//   * at most READS_AT_ONCE reads of the database at once (below search_records' searches at once per client, which
//     counts this server as one client), up to WAITING_READS more waiting, the rest answered 503 with Retry-After;
//   * one client may ask 60 times a minute: the database counts each request (public.count_feed_request, the limit
//     'feed' of private.rate_limits, where every limit is, so the count holds across the function's instances); past
//     it the client gets 429 in plain words with Retry-After. A feed reader checks a feed every hour or so. Each
//     request costs that call, a kept answer too; a database that cannot count answers 503.
// A browser that opens a feed (it asks for HTML, not for a feed) is sent to the site's page about feeds, which says
// what the address is for: an Edge Function may not answer HTML itself.
//
// Everything it runs is under supabase/functions/, the only folder an Edge Function's deploy bundles. Its words are
// the site's (src/alerts/alertText.ts): alertText.js beside this file is their generated copy (`npm run
// functions:shared`; a unit test fails while the copy is stale), not a second definition.
import { Feed } from 'feed';
import { alertText, feedTranslator, searchRefusalText, searchText } from './alertText.js';
import { FEED_KINDS, feedAsked, searchFeedQuery, type FeedLanguage, type FeedSearch } from './feedAddress.ts';
import type { RecordRow } from './recordRow.ts';

export interface AlertFeedEnv {
  /** The Supabase API origin (PostgREST under /rest/v1). */
  apiUrl: string;
  anonKey: string;
  /** The service role's key, for counting each reader's requests (public.count_feed_request is the service role's). */
  serviceKey: string;
  /** The public site, for the links to each record and to the page about feeds. */
  siteUrl: string;
}

/** How long an answer is kept for its feed. */
export const FEED_CACHE_MS = 60_000;
/** Entries a feed lists: its newest matches. */
export const FEED_ENTRIES = 50;
/** Reads of the database at once, and how many more may wait for one. */
export const READS_AT_ONCE = 2;
export const WAITING_READS = 200;
/** The most bytes of answers kept at once (the oldest are forgotten first). */
const KEPT_BYTES = 16 * 1024 * 1024;

interface AlertEntry {
  kind: 'meeting' | 'topic' | 'vote';
  id: number;
  district_name: string;
  date: string;
  title: string;
  /** Plain text. */
  snippet: string;
  href: string;
  matched_at: string;
}

/** alert_feed's answer; the alert (as list_alerts lists one) goes to its description as it is. */
type AlertAnswer = { ok: true; alert: unknown; entries: AlertEntry[] } | { ok: false; status: 'malformed' | 'unknown' };

interface Kept {
  status: number;
  body: string;
  type: string;
  until: number;
}

/** One entry of a feed: its text already HTML (Atom's type="html"). */
export interface FeedEntry {
  id: string;
  titleHtml: string;
  url: string;
  updated: Date;
  summaryHtml: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold, removed on purpose
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text as XML may hold it: without the characters XML 1.0 forbids. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '');
}

/** Text as HTML, for Atom's type="html" (which also keeps ']]>' out of the library's CDATA sections). */
export function escapeHtml(value: string): string {
  return xmlText(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * The address a hosted feed request's client is counted under, read as the database reads its clients' (which keys
 * it as theirs, private.client_key: an IPv6 client by its /64): the address Supabase's platform gives in
 * cf-connecting-ip (Cloudflare overwrites a client's own), else one shared 'unknown'. Never the first X-Forwarded-For
 * entry, which the client writes itself.
 */
export function feedClientKey(headers: Headers): string {
  return headers.get('cf-connecting-ip')?.trim() || 'unknown';
}

/**
 * Whether a request is a browser opening the address rather than a feed reader: it asks for HTML and names no feed
 * type (a browser's Accept begins text/html; feed readers name application/atom+xml or rss+xml, or take anything).
 */
export function wantsPage(accept: string | null): boolean {
  const types = (accept ?? '').toLowerCase();
  return types.includes('text/html') && !/application\/(atom|rss)\+xml/.test(types);
}

/** The site's page about a feed address, in the feed's language, given the address's own query. */
export function feedPageUrl(siteUrl: string, lang: FeedLanguage, query: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${lang === 'en' ? '' : `/${lang}`}/feed?${query}`;
}

/** An Atom document: the feed's own words and its entries, written by the `feed` library. */
export function atomDocument(
  head: { id: string; title: string; selfUrl: string; siteUrl: string; lang: FeedLanguage; author: string },
  entries: FeedEntry[],
  now: Date,
): string {
  const feed = new Feed({
    id: head.id,
    title: xmlText(head.title),
    link: head.siteUrl,
    feedLinks: { atom: head.selfUrl },
    language: head.lang,
    updated: entries[0]?.updated ?? now,
    author: { name: head.author },
    generator: false,
  });
  for (const entry of entries)
    feed.addItem({
      id: entry.id,
      title: entry.titleHtml,
      link: entry.url,
      date: entry.updated,
      description: entry.summaryHtml,
    });
  return feed.atom1();
}

const siteOf = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
const recordId = (kind: string, id: number) => `urn:school-board-record:${kind}:${id}`;

/** An alert's Atom document: its matches, newest first, each with its plain-text snippet. */
export function alertAtom(
  answer: { alert: unknown; entries: AlertEntry[] },
  feedUrl: string,
  siteUrl: string,
  now: Date,
): string {
  const t = feedTranslator('en');
  const site = siteOf(siteUrl);
  return atomDocument(
    {
      id: feedUrl,
      title: t('feeds.alertTitle', { alert: alertText(answer.alert, 'en') }),
      selfUrl: feedUrl,
      siteUrl: `${site}/`,
      lang: 'en',
      author: t('feeds.author'),
    },
    answer.entries.map((entry) => ({
      id: recordId(entry.kind, entry.id),
      titleHtml: escapeHtml(
        `${t(`records.kind.${entry.kind}`)}: ${entry.title} (${entry.district_name}, ${entry.date})`,
      ),
      url: `${site}${entry.href}`,
      updated: new Date(entry.matched_at),
      summaryHtml: escapeHtml(entry.snippet),
    })),
    now,
  );
}

/**
 * A search's Atom document: its newest matches (search_records, newest first), each dated by its record (a topic,
 * which has none, by the newest one's), its snippet with the words found marked.
 */
export function searchAtom(
  search: FeedSearch,
  rows: RecordRow[],
  districtName: string | null,
  feedUrl: string,
  siteUrl: string,
  now: Date,
): string {
  const t = feedTranslator(search.lang);
  const site = siteOf(siteUrl);
  const newest = rows.find((row) => row.date)?.date;
  const day = (date: string | null | undefined) => (date ? new Date(`${date}T12:00:00Z`) : null);
  const described = searchText(
    {
      text: search.q,
      district_id: search.district,
      district_name: districtName,
      state: search.district === null ? search.state : null,
      kinds: search.kinds ?? FEED_KINDS,
    },
    search.lang,
  );
  const recordsPage = `${site}${search.lang === 'en' ? '' : `/${search.lang}`}/search/records`;
  return atomDocument(
    {
      id: feedUrl,
      title: t('feeds.searchTitle', { search: described }),
      selfUrl: feedUrl,
      siteUrl: `${recordsPage}?${new URLSearchParams({ q: search.q, ...(search.district ? { district: String(search.district) } : {}) })}`,
      lang: search.lang,
      author: t('feeds.author'),
    },
    rows.map((row) => ({
      id: recordId(row.kind, row.item_id),
      titleHtml: escapeHtml(
        `${t(`records.kind.${row.kind}`)}: ${row.title} (${row.district_name}${row.date ? `, ${row.date}` : ''})`,
      ),
      url: `${site}${row.href}`,
      updated: day(row.date) ?? day(newest) ?? now,
      // search_records escapes the excerpt for HTML and adds only <mark>.
      summaryHtml: xmlText(row.snippet),
    })),
    now,
  );
}

/** The feeds' memory: answers kept per feed, and reads in flight and waiting. */
export function createFeedServer(env: AlertFeedEnv, { cacheMs = FEED_CACHE_MS, now = () => Date.now() } = {}) {
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  const reading = new Map<string, Promise<Kept>>();
  let readsNow = 0;
  const waiting: (() => void)[] = [];
  const api = env.apiUrl.replace(/\/+$/, '');
  const headers = { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' };
  const counting = {
    apikey: env.serviceKey,
    authorization: `Bearer ${env.serviceKey}`,
    'content-type': 'application/json',
  };

  const keep = (key: string, answer: Kept) => {
    const old = kept.get(key);
    if (old) keptBytes -= old.body.length;
    kept.delete(key);
    kept.set(key, answer);
    keptBytes += answer.body.length;
    while (keptBytes > KEPT_BYTES && kept.size > 1) {
      const [oldest, value] = kept.entries().next().value as [string, Kept];
      kept.delete(oldest);
      keptBytes -= value.body.length;
    }
  };

  /** Counts one request of this client in the database: null within the limit, else the limit's figures. */
  async function pastLimit(client: string): Promise<{ count: number; seconds: number } | null> {
    const response = await fetch(`${api}/rest/v1/rpc/count_feed_request`, {
      method: 'POST',
      headers: counting,
      body: JSON.stringify({ client }),
    });
    if (!response.ok) throw new Error(`the database answered ${response.status}`);
    const answer = (await response.json()) as { ok: boolean; count?: number; seconds?: number };
    return answer.ok ? null : { count: answer.count ?? 0, seconds: answer.seconds ?? 60 };
  }

  /** Runs a read of the database when one of its places is free; null when too many are already waiting. */
  async function inTurn<T>(read: () => Promise<T>): Promise<T | null> {
    if (readsNow >= READS_AT_ONCE) {
      if (waiting.length >= WAITING_READS) return null;
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else readsNow += 1;
    try {
      return await read();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else readsNow -= 1;
    }
  }

  const plain = (status: number, body: string): Kept => ({
    status,
    body: `${body}\n`,
    type: 'text/plain; charset=utf-8',
    until: now() + cacheMs,
  });
  const atom = (body: string): Kept => ({
    status: 200,
    body,
    type: 'application/atom+xml; charset=utf-8',
    until: now() + cacheMs,
  });

  async function readAlert(token: string, feedUrl: string): Promise<Kept> {
    const t = feedTranslator('en');
    const response = await fetch(`${api}/rest/v1/rpc/alert_feed`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token }),
    });
    if (!response.ok) throw new Error(`the database answered ${response.status}`);
    const answer = (await response.json()) as AlertAnswer;
    if (!answer.ok)
      return answer.status === 'unknown' ? plain(404, t('feeds.unknownAlert')) : plain(400, t('feeds.invalidToken'));
    return atom(alertAtom(answer, feedUrl, env.siteUrl, new Date(now())));
  }

  async function readSearch(search: FeedSearch, feedUrl: string): Promise<Kept> {
    const t = feedTranslator(search.lang);
    const response = await fetch(`${api}/rest/v1/rpc/search_records`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        q: search.q,
        district_id: search.district,
        state: search.state,
        kinds: search.kinds,
        page_size: FEED_ENTRIES,
        sort: 'newest',
      }),
    });
    if (response.status === 400) {
      // A search refused, by its code: worded in the feed's language ('Search text can be at most 200 characters').
      const error = (await response.json().catch(() => ({}))) as { message?: string; details?: string };
      const reason = searchRefusalText(error, search.lang);
      return plain(400, t('feeds.refused', { reason }));
    }
    if (!response.ok) throw new Error(`the database answered ${response.status}`);
    const rows = (await response.json()) as RecordRow[];
    let districtName = search.district === null ? null : (rows[0]?.district_name ?? null);
    if (search.district !== null && districtName === null) {
      const found = await fetch(`${api}/rest/v1/districts?select=name&id=eq.${search.district}`, { headers });
      if (!found.ok) throw new Error(`the database answered ${found.status}`);
      const [district] = (await found.json()) as { name: string }[];
      if (!district) return plain(404, t('feeds.unknownDistrict'));
      districtName = district.name;
    }
    return atom(searchAtom(search, rows, districtName, feedUrl, env.siteUrl, new Date(now())));
  }

  /** Answers one request for a feed, from `client` (the connection's address). */
  return async function serveFeed(request: Request, client: string): Promise<Response> {
    const url = new URL(request.url);
    const asked = feedAsked(url.searchParams);
    const lang = asked.kind === 'search' ? asked.search.lang : 'en';
    const t = feedTranslator(lang);
    const text = (status: number, body: string, extra: Record<string, string> = {}) =>
      new Response(`${body}\n`, {
        status,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra },
      });
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return text(405, t('feeds.onlyGet'), { allow: 'GET, HEAD' });
    let limit: Awaited<ReturnType<typeof pastLimit>>;
    try {
      limit = await pastLimit(client);
    } catch {
      return text(503, t('feeds.unavailable'), { 'retry-after': '60' });
    }
    if (limit) return text(429, t('feeds.tooMany', { count: limit.count }), { 'retry-after': String(limit.seconds) });
    if (asked.kind === 'malformed')
      return text(400, t(asked.of === 'token' ? 'feeds.invalidToken' : 'feeds.invalidSearch'));
    const query = asked.kind === 'alert' ? `token=${asked.token}` : searchFeedQuery(asked.search);
    if (wantsPage(request.headers.get('accept')))
      return new Response(null, {
        status: 303,
        headers: { location: feedPageUrl(env.siteUrl, lang, query), 'cache-control': 'no-store', vary: 'Accept' },
      });
    const key = query;
    let answer = kept.get(key);
    if (!answer || answer.until <= now()) {
      let pending = reading.get(key);
      if (!pending) {
        const feedUrl = `${url.origin}${url.pathname}?${query}`;
        pending = inTurn(() =>
          asked.kind === 'alert' ? readAlert(asked.token, feedUrl) : readSearch(asked.search, feedUrl),
        )
          .then((read) => {
            if (!read) throw new Error('busy');
            return read;
          })
          .finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      try {
        answer = await pending;
      } catch (error) {
        const busy = error instanceof Error && error.message === 'busy';
        return text(503, t(busy ? 'feeds.busy' : 'feeds.unavailable'), { 'retry-after': '60' });
      }
      keep(key, answer);
    }
    const body = request.method === 'HEAD' ? null : answer.body;
    return new Response(body, {
      status: answer.status,
      headers: {
        'content-type': answer.type,
        'cache-control': answer.status === 200 ? `public, max-age=${Math.round(cacheMs / 1000)}` : 'no-store',
        vary: 'Accept',
      },
    });
  };
}

// An alert's Atom feed: {API}/functions/v1/alert-feed?token=<feed token>, the newest 50 matches of the alert, for a
// feed reader. The static site cannot answer it, so the API side does: this code runs behind the local gateway
// (scripts/lib/gateway.mjs) and as the Supabase Edge Function alert-feed (index.ts beside this folder). Web-standard
// Request and Response only.
//
// Limits, as the record search has them: each answer's work is bounded (alert_feed reads one alert and at most 50 of
// its matches), the same token is read from the database at most once a minute (answers are kept per token, and
// requests that arrive while it is read wait for that one read), and one client may ask FEED_REQUESTS_PER_MINUTE
// times a minute; past that it gets 429 in plain words with Retry-After. A feed reader checks a feed every hour or so.
//
// Everything it runs is under supabase/functions/, the only folder an Edge Function's deploy bundles. The feed's title
// says the alert in the site's words, whose one rule is src/alerts/alertText.ts: alertText.js beside this file is its
// generated copy (`npm run functions:shared`; a unit test fails while the copy is stale), not a second definition.
import { alertText } from './alertText.js';

export interface AlertFeedEnv {
  /** The Supabase API origin (PostgREST under /rest/v1). */
  apiUrl: string;
  anonKey: string;
  /** The public site, for the links to each record. */
  siteUrl: string;
}

/** Requests one client may make a minute, over all feeds. */
export const FEED_REQUESTS_PER_MINUTE = 60;
/** How long an answer is kept for its token. */
export const FEED_CACHE_MS = 60_000;
const MINUTE_MS = 60_000;
/** The most tokens and clients remembered at once (the oldest are forgotten first). */
const MAX_REMEMBERED = 10_000;
const TOKEN = /^[0-9a-f]{64}$/;

interface FeedEntry {
  kind: 'meeting' | 'topic' | 'vote';
  id: number;
  district_name: string;
  date: string;
  title: string;
  snippet: string;
  href: string;
  matched_at: string;
}

/** alert_feed's answer; the alert (as list_alerts lists one) goes to its description as it is. */
type FeedAnswer = { ok: true; alert: unknown; entries: FeedEntry[] } | { ok: false; status: 'malformed' | 'unknown' };

interface Kept {
  status: number;
  body: string;
  type: string;
  until: number;
}

const KIND_NAMES = { meeting: 'Meeting', topic: 'Topic', vote: 'Vote' } as const;

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text made safe inside XML (and without the control characters XML 1.0 forbids). */
/**
 * The key a hosted feed request's client is counted under, as the database keys clients (private.client_address):
 * the address Supabase's platform gives in cf-connecting-ip (Cloudflare overwrites a client's own), else one shared
 * 'unknown'. Never the first X-Forwarded-For entry, which the client writes itself.
 */
export function feedClientKey(headers: Headers): string {
  return headers.get('cf-connecting-ip')?.trim() || 'unknown';
}

export function escapeXml(value: string): string {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold are removed on purpose
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** The Atom document of an alert's matches. */
export function atomFeed(
  answer: { alert: unknown; entries: FeedEntry[] },
  feedUrl: string,
  siteUrl: string,
  now: Date,
): string {
  const site = siteUrl.replace(/\/+$/, '');
  const title = `School board alert: ${alertText(answer.alert, 'en')}`;
  const updated = answer.entries[0]?.matched_at ?? now.toISOString();
  const entries = answer.entries.map((entry) => {
    const url = `${site}${entry.href}`;
    return [
      '<entry>',
      `<id>urn:school-board-record:${entry.kind}:${entry.id}</id>`,
      `<title>${escapeXml(`${KIND_NAMES[entry.kind]}: ${entry.title} (${entry.district_name}, ${entry.date})`)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<updated>${escapeXml(new Date(entry.matched_at).toISOString())}</updated>`,
      `<summary type="text">${escapeXml(entry.snippet)}</summary>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(feedUrl)}</id>`,
    `<title>${escapeXml(title)}</title>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(`${site}/`)}"/>`,
    `<updated>${escapeXml(new Date(updated).toISOString())}</updated>`,
    '<author><name>School board records</name></author>',
    ...entries,
    '</feed>',
  ].join('\n');
}

/** The feeds' memory: answers kept per token, reads in flight, and each client's requests this minute. */
export function createFeedServer(
  env: AlertFeedEnv,
  { perMinute = FEED_REQUESTS_PER_MINUTE, cacheMs = FEED_CACHE_MS, now = () => Date.now() } = {},
) {
  const kept = new Map<string, Kept>();
  const reading = new Map<string, Promise<Kept>>();
  const clients = new Map<string, { since: number; count: number }>();

  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  };

  /** Whether this client is past its requests this minute. */
  function limited(client: string): boolean {
    const at = now();
    const seen = clients.get(client);
    if (!seen || at - seen.since >= MINUTE_MS) {
      remember(clients, client, { since: at, count: 1 });
      return false;
    }
    seen.count += 1;
    return seen.count > perMinute;
  }

  async function read(token: string, feedUrl: string): Promise<Kept> {
    const response = await fetch(`${env.apiUrl.replace(/\/+$/, '')}/rest/v1/rpc/alert_feed`, {
      method: 'POST',
      headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!response.ok) throw new Error(`the database answered ${response.status}`);
    const answer = (await response.json()) as FeedAnswer;
    const until = now() + cacheMs;
    if (!answer.ok) {
      return answer.status === 'unknown'
        ? {
            status: 404,
            body: 'No alert has this feed address: it may have been deleted on the page that manages it.',
            type: 'text/plain; charset=utf-8',
            until,
          }
        : {
            status: 400,
            body: 'This feed address is not valid: its token should be 64 letters and digits, as in the link you were given.',
            type: 'text/plain; charset=utf-8',
            until,
          };
    }
    return {
      status: 200,
      body: atomFeed(answer, feedUrl, env.siteUrl, new Date(now())),
      type: 'application/atom+xml; charset=utf-8',
      until,
    };
  }

  /** Answers one request for a feed, from `client` (the connection's address). */
  return async function serveFeed(request: Request, client: string): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return text(405, 'A feed is read with GET.', { allow: 'GET, HEAD' });
    if (limited(client)) {
      return text(
        429,
        `Too many feed requests from your connection: at most ${perMinute} a minute. A feed reader needs one an hour; please try again in a minute.`,
        { 'retry-after': '60' },
      );
    }
    const url = new URL(request.url);
    const token = url.searchParams.get('token') ?? '';
    if (!TOKEN.test(token))
      return text(
        400,
        'This feed address is not valid: its token should be 64 letters and digits, as in the link you were given.',
      );
    let answer = kept.get(token);
    if (!answer || answer.until <= now()) {
      let pending = reading.get(token);
      if (!pending) {
        pending = read(token, `${url.origin}${url.pathname}?token=${token}`).finally(() => reading.delete(token));
        reading.set(token, pending);
      }
      try {
        answer = await pending;
      } catch {
        return text(
          503,
          'The feed cannot be read just now: the database did not answer. Your feed reader will try again later.',
          { 'retry-after': '60' },
        );
      }
      remember(kept, token, answer);
    }
    const body = request.method === 'HEAD' ? null : answer.status === 200 ? answer.body : `${answer.body}\n`;
    return new Response(body, {
      status: answer.status,
      headers: {
        'content-type': answer.type,
        'cache-control': answer.status === 200 ? `public, max-age=${Math.round(cacheMs / 1000)}` : 'no-store',
      },
    });
  };
}

// Every alert, and every search, as an Atom feed, served by the API side (the test stack's gateway runs the same code
// as the Edge Function): the alert's matches with their links and snippets, no address anywhere, clear answers for a
// malformed, unknown or changed token, and a feed asked for 1,000 times in a minute answered without a single 5xx; a
// search's newest matches with no email asked, its refusals in words, a browser sent to the site's page about feeds,
// and a hundred different searches at once each answered.
import { request } from 'node:http';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKey, apiUrl, newClientAddress, newClients, rpc, sql } from './helpers';
import { addMeetingSummary, confirmationToken, newDistrict } from './mailHelpers';
import { createFeedServer, feedClientKey } from '../functions/_shared/alertFeed';
import { SERVICE_ROLE_KEY } from '../../scripts/lib/stackConfig.mjs';

/** The feeds' requests a client may make a minute, as the migrations set it (the test stack lifts every limit). */
const FEED_REQUESTS_PER_MINUTE = 60;

/** A GET of the API from a local address of the caller's choosing, as a visitor at that address would make it. */
function getFrom(
  localAddress: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string; location?: string }> {
  const { hostname, port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, localAddress, method: 'GET', path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body,
          location: res.headers.location,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** An Atom document, which must be well-formed XML. */
function parsed(xml: string) {
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(document.querySelector('parsererror')).toBeNull();
  return document;
}
/** An Atom text element as a feed reader shows it (type="html" is HTML). */
const shown = (element: Element | null) =>
  element?.getAttribute('type') === 'html'
    ? new JSDOM(`<body>${element.textContent ?? ''}</body>`).window.document.body.textContent
    : (element?.textContent ?? '');

const feedPath = (token: string) => `/functions/v1/alert-feed?token=${encodeURIComponent(token)}`;
const changedOne = (token: string) => `${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`;

/** A confirmed address's alert for a word, with one meeting that matched it; answers its feed token. */
async function alertWithMatch(word: string) {
  const email = `feed-${crypto.randomUUID()}@example.org`;
  const district = await newDistrict('Feed Test District');
  expect((await rpc('create_alert', { email, q: word, district_id: district })).body).toMatchObject({ ok: true });
  expect((await rpc('confirm_subscription', { token: await confirmationToken(email) })).body).toMatchObject({
    ok: true,
  });
  await sql('select public.match_alerts()');
  await addMeetingSummary(district, {
    date: '2026-11-12',
    summary: `<p>The board debated the ${word} & the <b>budget</b>.</p>`,
  });
  await sql('select public.match_alerts()');
  const [{ feed_token: token }] = await sql<{ feed_token: string }>(
    'select a.feed_token from private.alerts a join public.subscriptions s on s.id = a.subscription_id where lower(s.email) = lower($1)',
    [email],
  );
  return { email, district, token };
}

describe("an alert's feed", () => {
  it("lists its matches as Atom entries with the record's link and snippet, and names no address", async () => {
    const { email, district, token } = await alertWithMatch('solarpanels');
    const feed = await getFrom(newClientAddress(), feedPath(token));
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/atom+xml; charset=utf-8');
    const atom = parsed(feed.body);
    expect(atom.querySelector('feed > title')?.textContent).toBe(
      'School board alert: "solarpanels" in Feed Test District, daily',
    );
    const [entry] = atom.querySelectorAll('entry');
    expect(shown(entry.querySelector('title'))).toBe('Meeting: Board Meeting (Feed Test District, 2026-11-12)');
    expect(entry.querySelector('link')?.getAttribute('href')).toBe(
      `${process.env.TEST_SITE_URL}/${district}?tab=Meetings#meeting-11-12-26`,
    );
    expect(shown(entry.querySelector('summary'))).toMatch(/debated the solarpanels & the budget/);
    expect(feed.body).not.toContain(email);
    expect(feed.body).not.toContain(email.split('@')[0]);
  });

  it.each([
    ['malformed', 'not-a-token', 400, 'This feed address is not valid'],
    ['empty', '', 400, 'This feed address is not valid'],
    ['unknown', 'f'.repeat(64), 404, 'No alert has this feed address'],
  ])('a %s token gets a clear answer', async (_label, token, status, words) => {
    const answer = await getFrom(newClientAddress(), feedPath(token));
    expect([answer.status, answer.body.startsWith(words)]).toEqual([status, true]);
  });

  it('with one character of its token changed, answers unknown and lists nothing', async () => {
    const { token } = await alertWithMatch('windturbines');
    const answer = await getFrom(newClientAddress(), feedPath(changedOne(token)));
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('windturbines');
  });

  describe("with the feeds' limit as published", () => {
    beforeAll(async () => {
      await sql("update private.rate_limits set max_count = $1 where action = 'feed'", [FEED_REQUESTS_PER_MINUTE]);
    });
    afterAll(async () => {
      await sql("update private.rate_limits set max_count = 1000000 where action = 'feed'");
    });

    it("asked for 1,000 times in a minute by one client: the limit's answers in plain words, never a 5xx", async () => {
      const { token } = await alertWithMatch('geothermal');
      const client = newClientAddress();
      const answers = [];
      for (let batch = 0; batch < 10; batch += 1) {
        answers.push(...(await Promise.all(Array.from({ length: 100 }, () => getFrom(client, feedPath(token))))));
      }
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(FEED_REQUESTS_PER_MINUTE);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - FEED_REQUESTS_PER_MINUTE);
      expect(answers.find((answer) => answer.status === 429)?.body).toBe(
        `Too many feed requests from your connection: at most ${FEED_REQUESTS_PER_MINUTE} a minute. A feed reader needs one an hour; please try again in a minute.\n`,
      );
    });

    it('counts a client once across two running instances of the feed function, in the database', async () => {
      const { token } = await alertWithMatch('tidalpower');
      // Two instances, as the Edge Function runs them: the same code, each with its own memory.
      const instances = [1, 2].map(() =>
        createFeedServer({
          apiUrl: apiUrl(),
          anonKey: anonKey(),
          serviceKey: SERVICE_ROLE_KEY,
          siteUrl: process.env.TEST_SITE_URL!,
        }),
      );
      const client = newClientAddress();
      const statuses: number[] = [];
      for (let n = 0; n < 80; n += 1) {
        const answer = await instances[n % 2](new Request(`${apiUrl()}${feedPath(token)}`), client);
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, FEED_REQUESTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(FEED_REQUESTS_PER_MINUTE).every((status) => status === 429)).toBe(true);
      const [{ counted }] = await sql<{ counted: number }>(
        "select count(*)::int as counted from private.rate_events where action = 'feed' and client = $1",
        [client],
      );
      expect(counted).toBe(FEED_REQUESTS_PER_MINUTE);
    });
  });

  it("counts an IPv6 reader by its /64, as the API's limits do, and only the service role may count", async () => {
    const counted = await sql<{ answer: { ok: boolean } }>(
      "select public.count_feed_request('2001:db8:5:6:1::7') as answer",
    );
    expect(counted[0].answer).toEqual({ ok: true });
    const [{ clients }] = await sql<{ clients: string[] }>(
      "select array_agg(distinct client) as clients from private.rate_events where action = 'feed' and client like '2001:db8:5:6:%'",
    );
    expect(clients).toEqual(['2001:db8:5:6::/64']);
    const anon = await rpc('count_feed_request', { client: '198.51.100.44' });
    expect(anon.status).toBe(401);
    const [{ none }] = await sql<{ none: number }>(
      "select count(*)::int as none from private.rate_events where action = 'feed' and client = '198.51.100.44'",
    );
    expect(none).toBe(0);
  });

  it('asked for 1,000 times at once by many clients: each gets the feed', async () => {
    const { token } = await alertWithMatch('raingarden');
    const clients = newClients(250);
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, n) => getFrom(clients[n % clients.length], feedPath(token))),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(answers.every((answer) => answer.body.includes('raingarden'))).toBe(true);
  });
});

describe('the hosted feed function keys clients as the database does', () => {
  it.each([
    [{ 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }, '203.0.113.7'],
    [{ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }, 'unknown'],
    [{}, 'unknown'],
  ])('%j is counted as %s', (headers, key) => {
    expect(feedClientKey(new Headers(headers))).toBe(key);
  });
});

describe("a search's feed, with no email asked", () => {
  const searchPath = (query: Record<string, string>) => `/functions/v1/alert-feed?${new URLSearchParams(query)}`;

  it('lists the newest matches of the words in the district, each linked to its place, the words marked', async () => {
    const district = await newDistrict('Search Feed District');
    for (const [date, word] of [
      ['2026-09-08', 'older'],
      ['2026-11-10', 'newer'],
    ])
      await addMeetingSummary(district, { date, summary: `<p>The ${word} skateparkwords plan & <b>more</b>.</p>` });
    const feed = await getFrom(newClientAddress(), searchPath({ q: 'skateparkwords', district: String(district) }));
    expect([feed.status, feed.type]).toEqual([200, 'application/atom+xml; charset=utf-8']);
    const atom = parsed(feed.body);
    expect(atom.querySelector('feed > title')?.textContent).toBe(
      'School board search: "skateparkwords" in Search Feed District',
    );
    const entries = [...atom.querySelectorAll('entry')];
    expect(entries.map((entry) => shown(entry.querySelector('title')))).toEqual([
      'Meeting: Board Meeting (Search Feed District, 2026-11-10)',
      'Meeting: Board Meeting (Search Feed District, 2026-09-08)',
    ]);
    expect(entries[0].querySelector('link')?.getAttribute('href')).toBe(
      `${process.env.TEST_SITE_URL}/${district}?tab=Meetings#meeting-11-10-26`,
    );
    expect(entries[0].querySelector('summary')?.textContent).toContain('<mark>skateparkwords</mark>');
    expect(shown(entries[0].querySelector('summary'))).toContain('newer skateparkwords plan & more.');
  });

  it("names a district with no match yet by its name, in the feed's language, and answers an unknown one 404", async () => {
    const district = await newDistrict('Quiet Feed District');
    const feed = await getFrom(
      newClientAddress(),
      searchPath({ q: 'nothinghereyet', district: String(district), lang: 'es' }),
    );
    expect(feed.status).toBe(200);
    const atom = parsed(feed.body);
    expect(atom.querySelector('feed > title')?.textContent).toBe(
      'Búsqueda en las juntas escolares: «nothinghereyet» en Quiet Feed District',
    );
    expect(atom.querySelectorAll('entry')).toHaveLength(0);
    const unknown = await getFrom(newClientAddress(), searchPath({ q: 'budget', district: '987654321' }));
    expect([unknown.status, unknown.body]).toEqual([404, 'No district has the number in this feed address.\n']);
  });

  it.each([
    [{ q: '' }, 'This feed address is not valid: it needs the words to search for'],
    [{ q: 'budget', state: 'California' }, 'This feed address is not valid: it needs the words to search for'],
    [{ q: '-budget' }, "This feed's search cannot be run: Add a word to look for"],
    [
      { q: 'a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11' },
      "This feed's search cannot be run: Search for at most 10 words at a time; this search has 11.",
    ],
  ])('refuses %j with a 400 that says why', async (query, words) => {
    const answer = await getFrom(newClientAddress(), searchPath(query));
    expect(answer.status).toBe(400);
    expect(answer.body.startsWith(words)).toBe(true);
  });

  it("sends a browser to the site's page about the feed, in the feed's language, and a feed reader gets Atom", async () => {
    const query = { q: 'cell phones', state: 'CA', lang: 'es' };
    const browser = await getFrom(newClientAddress(), searchPath(query), {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect([browser.status, browser.location]).toEqual([
      303,
      `${process.env.TEST_SITE_URL}/es/feed?q=cell+phones&state=CA&lang=es`,
    ]);
    const reader = await getFrom(newClientAddress(), searchPath(query), {
      accept: 'application/atom+xml, application/rss+xml;q=0.9, text/html;q=0.1',
    });
    expect(reader.status).toBe(200);
  });

  it('answers a hundred different searches asked at once from many clients, each with its own feed', async () => {
    const clients = newClients(100);
    const answers = await Promise.all(clients.map((client, n) => getFrom(client, searchPath({ q: `manywords${n}` }))));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    answers.forEach((answer, n) =>
      expect(parsed(answer.body).querySelector('feed > title')?.textContent).toContain(`manywords${n}`),
    );
  });
});

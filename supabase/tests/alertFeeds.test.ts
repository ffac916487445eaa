// Every alert as an Atom feed, served by the API side (the test stack's gateway runs the same code as the Edge
// Function): the alert's matches with their links and snippets, no address anywhere, clear answers for a malformed,
// unknown or changed token, and a feed asked for 1,000 times in a minute answered without a single 5xx.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiUrl, newClientAddress, newClients, rpc, sql } from './helpers';
import { addMeetingSummary, confirmationToken, newDistrict } from './mailHelpers';
import { FEED_REQUESTS_PER_MINUTE, feedClientKey } from '../functions/_shared/alertFeed';

/** A GET of the API from a local address of the caller's choosing, as a visitor at that address would make it. */
function getFrom(localAddress: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, localAddress, method: 'GET', path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

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
    expect(feed.body).toContain(
      '<title>School board alert: &quot;solarpanels&quot; in Feed Test District, daily</title>',
    );
    expect(feed.body).toContain('<title>Meeting: Board Meeting (Feed Test District, 2026-11-12)</title>');
    expect(feed.body).toContain(`href="${process.env.TEST_SITE_URL}/${district}?tab=Meetings#meeting-11-12-26"`);
    expect(feed.body).toMatch(/<summary type="text">[^<]*debated the solarpanels &amp; the budget[^<]*<\/summary>/);
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

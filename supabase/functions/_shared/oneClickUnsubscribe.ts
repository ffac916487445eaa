// One-click unsubscribe (RFC 8058): the address of every email's List-Unsubscribe header. A mail provider POSTs
// 'List-Unsubscribe=One-Click' to it and the subscription ends, with no page to open. A GET (a person who pasted the
// address) goes to the site's unsubscribe page. An alert email's address also names the alerts it came from
// (`&alerts=12,34`, its token the address's management token): the POST stops those alerts only, and a GET goes to
// the page that manages them. Web-standard Request and Response only, so the same code runs as a
// Supabase Edge Function (index.ts beside this folder) and in the local gateway (scripts/lib/gateway.mjs).

export interface OneClickEnv {
  /** The Supabase API origin (PostgREST under /rest/v1). */
  apiUrl: string;
  anonKey: string;
  /** The public site, for the GET redirect to its unsubscribe page. */
  siteUrl: string;
}

/** Longer bodies are refused unread: the one-click body is 26 characters. */
const MAX_BODY = 2048;
/** Every unsubscribe token is 64 hexadecimal characters; anything else is refused before the database is asked. */
const TOKEN = /^[0-9a-f]{64}$/;
/** The alerts of an alert email: at most 50 ids (an address's most alerts), comma-separated. */
const ALERT_IDS = /^[1-9]\d{0,17}(,[1-9]\d{0,17}){0,49}$/;

function answer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export async function oneClickUnsubscribe(request: Request, env: OneClickEnv): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const alerts = params.get('alerts');
  const site = env.siteUrl.replace(/\/+$/, '');
  if (request.method === 'GET' || request.method === 'HEAD') {
    return alerts === null
      ? answer(303, 'Open the unsubscribe page.', {
          location: `${site}/unsubscribe?token=${encodeURIComponent(token)}`,
        })
      : answer(303, 'Open the page that manages your alerts.', {
          location: `${site}/alerts?token=${encodeURIComponent(token)}`,
        });
  }
  if (request.method !== 'POST')
    return answer(405, 'Use POST with the body List-Unsubscribe=One-Click.', { allow: 'GET, HEAD, POST' });
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return answer(413, 'The body is too long.');
  const body = (await request.text()).slice(0, MAX_BODY);
  // Providers send it form-encoded or as multipart/form-data; either way the pair is in the body as written.
  if (!/List-Unsubscribe=One-Click|name="List-Unsubscribe"\s+One-Click/.test(body)) {
    return answer(400, 'Expected the body List-Unsubscribe=One-Click.');
  }
  if (!TOKEN.test(token) || (alerts !== null && !ALERT_IDS.test(alerts)))
    return answer(400, 'This unsubscribe link is not valid.');
  let result: { ok?: boolean; status?: string };
  try {
    const [name, args] =
      alerts === null
        ? ['unsubscribe', { token }]
        : ['stop_alerts', { token, alert_ids: alerts.split(',').map(Number) }];
    const response = await fetch(`${env.apiUrl.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!response.ok)
      return answer(
        502,
        `The unsubscribe could not be recorded (database answered ${response.status}). Please try again.`,
      );
    result = await response.json();
  } catch {
    return answer(502, 'The unsubscribe could not be recorded: the database is unreachable. Please try again.');
  }
  if (result.ok) return answer(200, alerts === null ? 'You are unsubscribed.' : 'These alerts are stopped.');
  if (result.status === 'unknown') return answer(404, 'This unsubscribe link is not known.');
  return answer(400, 'This unsubscribe link is not valid.');
}

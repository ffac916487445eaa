// The local API gateway under hostile requests: each request that once brought the whole stack down is sent, and
// the stack still answers a plain read after it. Requests are written on a raw socket where a client library would
// refuse to send them (a path like '//a:b', a malformed header).
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { anonKey, apiUrl, rest, rpc } from './helpers';
import { signJwt } from '../../scripts/lib/jwt.mjs';

const { hostname, port } = new URL(process.env.TEST_API_URL ?? 'http://127.0.0.1:1');

/** Writes a raw HTTP request and resolves with the status line's code (0 when the connection closed without one). */
function raw(request: string | Buffer, { body }: { body?: Buffer } = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)));
    socket.write(request);
    if (body) socket.write(body, () => socket.end());
    else socket.end();
  });
}

async function stillAnswers() {
  const { status, body } = await rest('/districts?id=eq.1&select=id,name');
  expect(status).toBe(200);
  expect(body).toEqual([{ id: 1, name: 'Palo Alto Unified School District' }]);
}

describe('a request cannot bring the gateway down', () => {
  it.each([
    ['an unparseable path (//a:b)', `GET //a:b HTTP/1.1\r\nhost: x\r\n\r\n`, 400],
    ['an unknown method', `BREW /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 400],
    ['a method Node knows but the API does not', `PROPFIND /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 405],
    ['a malformed Content-Length', `POST /rest/v1/rpc/subscribe HTTP/1.1\r\nhost: x\r\ncontent-length: 12abc\r\n\r\n`, 400],
    ['garbage instead of HTTP', 'GARBAGE\r\n\r\n', 400],
    ['a header without a name', `GET /rest/v1/districts HTTP/1.1\r\n: x\r\n\r\n`, 400],
  ])('%s: refused, and the stack lives on', async (_label, request, status) => {
    expect(await raw(request)).toBe(status);
    await stillAnswers();
  });

  it('a body over the cap is refused with 413 before it is read', async () => {
    const started = Date.now();
    const status = await raw(
      `POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anonKey()}\r\ncontent-type: application/json\r\ncontent-length: ${100 * 1024 * 1024}\r\n\r\n`,
    );
    expect(status).toBe(413);
    expect(Date.now() - started).toBeLessThan(5000);
    await stillAnswers();
  });

  it('a streamed body (no length given) over the cap is cut off with 413', async () => {
    const chunked = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, 'a'), Buffer.from('\r\n0\r\n\r\n')]);
    const status = await raw(
      `POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anonKey()}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
      { body: chunked },
    );
    expect([413, 0]).toContain(status);
    await stillAnswers();
  });

  it('a bad token with a large body, 40 times: each answered 401 (never a 502), and the stack lives on', async () => {
    const body = JSON.stringify({ q: 'x'.repeat(30_000) });
    for (let i = 0; i < 40; i += 1) {
      const response = await fetch(`${apiUrl()}/rest/v1/rpc/search_districts`, {
        method: 'POST',
        headers: { apikey: anonKey(), authorization: 'Bearer x.y.z', 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
    await stillAnswers();
  });

  it('an address over 8 KB is refused with 414 (PostgREST would repeat it in a header too long to read)', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => i).join(',');
    expect((await rest(`/districts?id=in.(${ids})`)).status).toBe(414);
    await stillAnswers();
  });

  it('a key without an expiry is refused', async () => {
    const forever = signJwt({ iss: 'supabase-demo', role: 'anon' }, process.env.LOCAL_JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long');
    expect((await rest('/districts?select=id&limit=1', { key: forever })).status).toBe(401);
  });

  it('forwarding headers sent by the client are replaced by the connection\'s own address', async () => {
    const { status } = await rpc('subscribe', { email: 'not an address', district_id: 1 }, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(status).toBe(200);
    await stillAnswers();
  });

  it("the API description names the gateway's address, not PostgREST's", async () => {
    const { status, body } = await rest<{ host: string }>('/', { headers: { accept: 'application/openapi+json' } });
    expect(status).toBe(200);
    expect(body.host).toBe(new URL(apiUrl()).host);
  });
});

// The local API gateway under hostile requests: each request that once brought the whole stack down is sent, and
// the stack still answers a plain read after it. Requests are written on a raw socket where a client library would
// refuse to send them (a path like '//a:b', a malformed header).
import { spawn } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { anonKey, apiUrl, rest, rpc, sql, type FormAnswer } from './helpers';
import { inboxOf } from './mailHelpers';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { JWT_SECRET, SERVICE_ROLE_KEY } from '../../scripts/lib/stackConfig.mjs';
import { startGateway } from '../../scripts/lib/gateway.mjs';
import { postgrestBinary } from '../../scripts/lib/postgrest.mjs';

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
    [
      'an absolute-form target naming another host',
      `GET http://evil/functions/v1/alert-feed?token=${'a'.repeat(64)} HTTP/1.1\r\nhost: x\r\n\r\n`,
      400,
    ],
    ['an absolute-form target to the API', `GET http://evil/rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 400],
    ['an unknown method', `BREW /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 400],
    ['a method Node knows but the API does not', `PROPFIND /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 405],
    ["CONNECT, a proxy's tunnel", `CONNECT /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 405],
    ['a method name of 300 characters', `${'X'.repeat(300)} /rest/v1/districts HTTP/1.1\r\nhost: x\r\n\r\n`, 400],
    [
      'a malformed Content-Length',
      `POST /rest/v1/rpc/subscribe HTTP/1.1\r\nhost: x\r\ncontent-length: 12abc\r\n\r\n`,
      400,
    ],
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
    const chunked = Buffer.concat([
      Buffer.from(`${(64 * 1024).toString(16)}\r\n`),
      Buffer.alloc(64 * 1024, 'a'),
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const status = await raw(
      `POST /rest/v1/rpc/submit_agenda_vote HTTP/1.1\r\nhost: x\r\napikey: ${anonKey()}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
      { body: chunked },
    );
    expect([413, 0]).toContain(status);
    await stillAnswers();
  });

  it('a 2 MB body, 60 times: each client reads its 413 (the body is read off first, never cut off under the sender)', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const post = () =>
      new Promise<number | string>((resolve) => {
        const req = request(
          `${apiUrl()}/rest/v1/rpc/submit_agenda_vote`,
          {
            method: 'POST',
            agent: false,
            headers: { apikey: anonKey(), 'content-type': 'application/json', 'content-length': body.length },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        // Written in pieces, as a phone's upload arrives.
        let at = 0;
        const next = () => {
          if (at >= body.length) return req.end();
          const piece = body.subarray(at, (at += 64 * 1024));
          if (req.write(piece)) setImmediate(next);
          else req.once('drain', next);
        };
        next();
      });
    const statuses = await Promise.all(Array.from({ length: 60 }, post));
    expect(statuses).toEqual(Array(60).fill(413));
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
    const forever = signJwt(
      { iss: 'supabase-demo', role: 'anon' },
      process.env.LOCAL_JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long',
    );
    expect((await rest('/districts?select=id&limit=1', { key: forever })).status).toBe(401);
  });

  it("forwarding headers sent by the client are replaced by the connection's own address", async () => {
    const { status } = await rpc(
      'subscribe',
      { email: 'not an address', district_id: 1 },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(status).toBe(200);
    await stillAnswers();
  });

  it("the API description names the gateway's address, not PostgREST's", async () => {
    const { status, body } = await rest<{ host: string }>('/', { headers: { accept: 'application/openapi+json' } });
    expect(status).toBe(200);
    expect(body.host).toBe(new URL(apiUrl()).host);
  });
});

/**
 * A GET through the gateway with a Node client (kept-alive connections when given an agent); resolves the status, 0
 * when the connection failed or no answer came within 10 s.
 */
function read(
  path: string,
  { agent, headers = {} }: { agent: Agent | false; headers?: Record<string, string> },
): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: hostname, port, path: `/rest/v1${path}`, agent, headers: { apikey: anonKey(), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

describe("one visitor's headers never reach another visitor's request", () => {
  // Hop-by-hop headers a client may send (RFC 9110): none of them is the gateway's to pass on. Four clients send them
  // on every request while the others use the API.
  const hopByHop: Record<string, string>[] = [
    { connection: 'close' },
    { connection: 'close, x-gone', 'x-gone': '1' },
    { connection: 'keep-alive', 'keep-alive': 'timeout=1' },
    { te: 'trailers', connection: 'close, te' },
  ];
  async function whileClosing<T>(work: () => Promise<T>): Promise<T> {
    let closing = true;
    const closers = hopByHop.map(async (headers) => {
      while (closing) await read('/districts?id=eq.1&select=id', { agent: false, headers });
    });
    try {
      return await work();
    } finally {
      closing = false;
      await Promise.all(closers);
    }
  }

  it('4 clients sending Connection: close beside 8 readers on kept-alive connections: all 200 reads answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const reads = await whileClosing(async () =>
      (
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            const statuses: number[] = [];
            for (let i = 0; i < 25; i += 1) statuses.push(await read('/districts?id=eq.1&select=id', { agent }));
            return statuses;
          }),
        )
      ).flat(),
    );
    agent.destroy();
    expect(reads).toHaveLength(200);
    expect(reads.filter((status) => status !== 200)).toEqual([]);
  });

  it('4 clients sending Connection: close while 8 residents subscribe: every subscription holds, each confirmation is sent once', async () => {
    const addresses = Array.from({ length: 8 }, () => `keepalive-${crypto.randomUUID()}@example.org`);
    const outbox = () =>
      sql<{ state: string; attempts: number }>(
        'select state, attempts from public.email_outbox where recipient = any($1)',
        [addresses],
      );
    const subscribed = await whileClosing(async () => {
      // An answer that never comes counts as a failure (status 0), after 10 s.
      const answers = await Promise.all(
        addresses.map((email) =>
          rpc<FormAnswer>('subscribe', { email, district_id: 1 }, { signal: AbortSignal.timeout(10_000) }).catch(
            () => ({ status: 0, body: null }),
          ),
        ),
      );
      // The stack's mail worker sends confirmations every second, through the same gateway. An email whose record
      // failed waits out its two-minute lease and is sent again: wait for all to be recorded sent, at most 20 s.
      const until = Date.now() + 20_000;
      while ((await outbox()).filter((row) => row.state === 'sent').length < addresses.length && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return answers;
    });
    expect.soft(subscribed.filter((answer) => answer.status !== 200 || answer.body?.ok !== true)).toEqual([]);
    expect.soft(await outbox()).toEqual(addresses.map(() => ({ state: 'sent', attempts: 1 })));
    const caught = await Promise.all(addresses.map(async (email) => (await inboxOf(email)).length));
    expect(caught).toEqual(addresses.map(() => 1));
  });
});

describe('the one-click unsubscribe refuses a token that cannot be one', () => {
  it.each([['%00'], ['%00%00'], [''], ['x'], ['%ff'], ['A'.repeat(64)], ['a'.repeat(65)], [`${'a'.repeat(63)}%00`]])(
    'token=%s: 400 in plain words, never a 502',
    async (token) => {
      const response = await fetch(`${apiUrl()}/functions/v1/unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe('This unsubscribe link is not valid.\n');
    },
  );
});

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/** A second gateway, in front of PostgREST on restPort, on a port of its own; its log lines are kept. */
async function gatewayBefore(restPort: number) {
  const logged: string[] = [];
  const server = await startGateway({
    port: 0,
    restPort,
    jwtSecret: JWT_SECRET,
    anonKey: anonKey(),
    serviceKey: SERVICE_ROLE_KEY,
    siteUrl: 'http://127.0.0.1',
    log: (line: string) => logged.push(line),
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    logged,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

describe('an error answer tells a visitor what failed in plain words, and nothing about the machines', () => {
  it("a misspelt function: 404, without PostgREST's hint naming the real one", async () => {
    const { status, body } = await rpc('subscrib', {});
    expect(status).toBe(404);
    expect(body).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.subscrib without parameters in the schema cache',
      details: null,
      hint: null,
    });
  });

  it("PostgREST unreachable: 502 in plain words, its private address only in the gateway's log", async () => {
    const restPort = await closedPort();
    const gateway = await gatewayBefore(restPort);
    try {
      const response = await fetch(`${gateway.url}/rest/v1/districts?select=id`, { headers: { apikey: anonKey() } });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        message: 'The database is not answering just now. Please try again in a moment.',
      });
      expect(gateway.logged.join('\n')).toContain(`127.0.0.1:${restPort}`);
    } finally {
      await gateway.close();
    }
  });

  it("a 7,000-character select= and a 20 KB body, 50 times each: every line of the gateway's log is cut to 1 KB", async () => {
    const restPort = Number(new URL(process.env.TEST_REST_URL ?? 'http://127.0.0.1:1').port);
    const gateway = await gatewayBefore(restPort);
    try {
      const select = `id,${'x'.repeat(7000)}`;
      const body = JSON.stringify({ p_email: 'a'.repeat(20_000) });
      const answers = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const read = await fetch(`${gateway.url}/rest/v1/districts?select=${select}`, {
            headers: { apikey: anonKey() },
          });
          const write = await fetch(`${gateway.url}/rest/v1/rpc/no_such_function`, {
            method: 'POST',
            headers: { apikey: anonKey(), 'content-type': 'application/json' },
            body,
          });
          await Promise.all([read.text(), write.text()]);
          return [read.status, write.status];
        }),
      );
      for (const [read, write] of answers) {
        expect(read).toBe(400);
        expect(write).toBe(404);
      }
      expect(gateway.logged.length).toBeGreaterThanOrEqual(50);
      // The gateway's own words, the method and two pieces of at most 1,024 characters each, with their lengths.
      for (const line of gateway.logged) expect(line.length).toBeLessThan(2 * 1024 + 200);
      expect(gateway.logged.join('\n')).toMatch(/… \(70\d\d characters\)/);
    } finally {
      await gateway.close();
    }
  });

  it("the database gone: PostgREST's 503 without the database's host and port", async () => {
    // A real PostgREST on the real database, through a relay this test cuts: as when the database stops.
    const links = new Set<Socket>();
    const relay = createNetServer((client) => {
      const server = connect(Number(new URL(process.env.TEST_DB_URL ?? '').port), '127.0.0.1');
      for (const end of [client, server]) {
        links.add(end);
        end.on('error', () => {});
        end.on('close', () => links.delete(end));
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const dbPort = (relay.address() as AddressInfo).port;
    const restPort = await closedPort();
    const postgrest = spawn(postgrestBinary(), [], {
      env: {
        PATH: process.env.PATH,
        PGRST_DB_URI: `postgres://authenticator:postgres@127.0.0.1:${dbPort}/postgres`,
        PGRST_DB_SCHEMAS: 'public',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_JWT_SECRET: JWT_SECRET,
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(restPort),
      },
      stdio: 'ignore',
    });
    const gateway = await gatewayBefore(restPort);
    const districts = () =>
      fetch(`${gateway.url}/rest/v1/districts?id=eq.1&select=id`, {
        headers: { apikey: anonKey() },
        signal: AbortSignal.timeout(5000),
      }).catch(() => null);
    try {
      let response = await districts();
      for (const until = Date.now() + 15_000; response?.status !== 200 && Date.now() < until;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        response = await districts();
      }
      expect(response?.status).toBe(200);
      relay.close();
      for (const link of links) link.destroy();
      // PostgREST answers a few ways while it loses the database and retries (PGRST000-PGRST003, whose details
      // name the database's host and port): keep every answer until the first 5xx.
      const answers: { status: number; body: string }[] = [];
      for (const until = Date.now() + 10_000; !answers.some((answer) => answer.status >= 500) && Date.now() < until;) {
        const answer = await districts();
        if (answer) answers.push({ status: answer.status, body: await answer.text() });
      }
      expect(answers.at(-1)).toEqual({
        status: 503,
        body: JSON.stringify({
          code: JSON.parse(answers.at(-1)?.body ?? '{}').code,
          message: 'The database is not answering just now. Please try again in a moment.',
          details: null,
          hint: null,
        }),
      });
      for (const { body } of answers) {
        expect(body).not.toContain(String(dbPort));
        expect(body).not.toContain('127.0.0.1');
        expect(JSON.parse(body)).toMatchObject({ details: null, hint: null });
      }
      // What the visitor is not told is in the gateway's log.
      expect(gateway.logged.length).toBeGreaterThanOrEqual(answers.length);
    } finally {
      await gateway.close();
      postgrest.kill();
      relay.close();
    }
  });
});

/**
 * Opens a connection, lets `behave` write on it (slowly), and resolves how it ended: the status the server answered
 * (0 when none) and whether the server closed it before `within` ms, after which the test closes it itself.
 */
function howItEnds(
  behave: (socket: Socket) => void,
  within = 25_000,
): Promise<{ closedByServer: boolean; status: number }> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let closedByServer = true;
    const timer = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, within);
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedByServer, status: Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0) });
    });
    socket.on('connect', () => behave(socket));
  });
}

/** Writes text one character every half second until the socket closes. */
function trickle(socket: Socket, text: string) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) return clearInterval(timer);
    socket.write(text[i]);
    i += 1;
  }, 500);
  socket.on('close', () => clearInterval(timer));
}

describe('a connection that sends nothing, or too slowly, is closed', () => {
  it('idle from the start, headers one byte at a time, a body one byte at a time, idle after an answer: each closed by the gateway', async () => {
    const [idle, slowHeaders, slowBody, keptIdle] = await Promise.all([
      howItEnds(() => {}),
      howItEnds((socket) =>
        trickle(
          socket,
          `GET /rest/v1/districts HTTP/1.1\r\nhost: x\r\napikey: ${anonKey()}\r\nx-slow: ${'a'.repeat(200)}\r\n\r\n`,
        ),
      ),
      howItEnds((socket) => {
        socket.write(
          `POST /rest/v1/rpc/search_districts HTTP/1.1\r\nhost: x\r\napikey: ${anonKey()}\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n`,
        );
        trickle(socket, JSON.stringify({ search_text: 'p'.repeat(170) }));
      }),
      howItEnds((socket) =>
        socket.write(`GET /rest/v1/districts?id=eq.1&select=id HTTP/1.1\r\nhost: x\r\napikey: ${anonKey()}\r\n\r\n`),
      ),
    ]);
    expect(idle.closedByServer).toBe(true);
    expect(slowHeaders).toEqual({ closedByServer: true, status: 408 });
    expect(slowBody).toEqual({ closedByServer: true, status: 408 });
    expect(keptIdle).toEqual({ closedByServer: true, status: 200 });
  });
});

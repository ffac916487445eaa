// The API gateway: serves PostgREST under /rest/v1 and checks the apikey the way Supabase's gateway does. No request
// may bring it down: every malformed URL, header, method or body gets a 4xx, a body over MAX_BODY_BYTES (SERVICE_MAX_BODY_BYTES for the service role) gets 413
// before it is read, and an upstream failure after the answer started ends that one connection only. No visitor's
// request touches another's: connection headers stay on their own hop, and slow or idle connections are closed.
import { Agent, createServer, request } from 'node:http';
import { pipeline } from 'node:stream';
import { verifiedRole } from './jwt.mjs';
import { endToEndHeaders, publicErrorBody, UNREACHABLE_MESSAGE } from './gatewayRules.mjs';
import { oneClickUnsubscribe } from '../../supabase/functions/_shared/oneClickUnsubscribe.ts';
import { createFeedServer } from '../../supabase/functions/_shared/alertFeed.ts';

/**
 * The largest request body passed on. The largest legitimate one is an agenda vote: five answers, an address of at
 * most 254 characters and a comment of at most 2,000 (about 12 KB even if every character were escaped).
 */
export const MAX_BODY_BYTES = 32 * 1024;
/**
 * The cap for the service role (the importer's API mode, the mail sender): its calls carry batches of rows, as they do
 * to a hosted project, whose API takes bodies of megabytes. Only a request whose bearer token verifies as the service
 * role gets it.
 */
export const SERVICE_MAX_BODY_BYTES = 2 * 1024 * 1024;
/** The longest request address passed on (PostgREST repeats it in a response header, which Node reads up to 16 KB). */
export const MAX_URL_BYTES = 8 * 1024;
/** How long a client may take to send a request's headers, counted from when it connected or its last answer. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How long a client may take to send a whole request, body included (the largest, 32 KB, takes a second on a slow phone). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** How long a kept-alive connection may sit idle between requests. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * A body over the cap is read and dropped, up to this many bytes past the cap, before the 413 is sent: a client that
 * is still writing when the socket closes gets EPIPE instead of the answer. Past it (or past REQUEST_TIMEOUT_MS) the
 * client is not waiting for an answer, and the connection is cut.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;
/** The largest error body from PostgREST that is read to be put in plain words (its errors are a few hundred bytes). */
const MAX_ERROR_BYTES = 64 * 1024;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']);
const ONE_CLICK_PATH = '/functions/v1/unsubscribe';
const ALERT_FEED_PATH = '/functions/v1/alert-feed';
// Headers a client may not set: the gateway decides where a request came from (see clientAddress).
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'cf-connecting-ip',
  'x-client-ip',
  'true-client-ip',
  'x-nf-client-connection-ip',
];
// Kept-alive connections to PostgREST, shared by every visitor's requests: hence no visitor's connection header may
// reach them (endToEndHeaders).
const upstreamAgent = new Agent({ keepAlive: true, timeout: KEEP_ALIVE_TIMEOUT_MS });

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, prefer, accept, accept-profile, content-profile, range, x-supabase-api-version',
  'access-control-expose-headers': 'content-range, content-location, x-total-count',
  'access-control-max-age': '86400',
};

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */

/**
 * @param {Response} res
 * @param {number} status
 * @param {string} message
 */
function refuse(res, status, message) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A body too large or a request that cannot be read ends the connection; after any other refusal Node reads and
  // drops the rest of the body, so the client finishes sending and reads the answer.
  const close = status === 413 || status === 400;
  res.writeHead(status, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}), ...CORS });
  res.end(JSON.stringify({ message }));
}

/**
 * The role a request's bearer token (else its apikey) verifies as, or null: it chooses the body cap before the body is
 * read. The token is verified again, as always, before the request is passed on.
 * @param {Request} req
 * @param {string} jwtSecret
 */
function callerRole(req, jwtSecret) {
  const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  const token = bearer ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : null);
  return token ? verifiedRole(token, jwtSecret) : null;
}

/**
 * Reads off a body over the cap whose length is declared (within DRAIN_BYTES past it), then answers 413: the client
 * finishes sending and always reads the answer.
 * @param {Request} req
 * @param {Response} res
 * @param {number} cap
 */
function drainThenRefuse(req, res, cap) {
  req.on('error', () => res.destroy());
  req.on('end', () => refuse(res, 413, `The request body is larger than ${cap} bytes.`));
  req.resume();
}

/**
 * A logged request line, answer or error cut to 1 KB, so a visitor's long address or body cannot fill the log.
 * @param {string} text
 */
const cut = (text) => (text.length > 1024 ? `${text.slice(0, 1024)}… (${text.length} characters)` : text);

/**
 * The request's URL, or null when it cannot be read (a path like '//a:b') or is not a path on this host: an
 * absolute-form target ('http://evil/…', which only a proxy is sent) is refused, not read as another host's.
 * @param {string | undefined} raw
 */
function parseUrl(raw) {
  if (raw !== undefined && (!raw.startsWith('/') || raw.startsWith('//'))) return null;
  try {
    return new URL(raw ?? '/', 'http://gateway');
  } catch {
    return null;
  }
}

/**
 * Where the request came from: always the connection's own address, whatever the client sent in forwarding headers
 * (they are dropped). The database reads it from cf-connecting-ip, the header hosted Supabase's platform sets
 * (Cloudflare, in front of every project, overwrites any value a client sent), so one rule serves both.
 * @param {Request} req
 */
function clientAddress(req) {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/**
 * The declared body length: a number, null when none is declared, NaN when the header is malformed.
 * @param {Request} req
 */
function declaredLength(req) {
  const value = req.headers['content-length'];
  if (value === undefined) return null;
  return /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * Runs the one-click unsubscribe function, as Supabase serves its Edge Functions under /functions/v1.
 * @param {Request} req
 * @param {Response} res
 * @param {import('../../supabase/functions/_shared/oneClickUnsubscribe.ts').OneClickEnv} env
 */
async function serveOneClick(req, res, env) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 2048) break;
    chunks.push(chunk);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const oneClick = new Request(`http://gateway${req.url}`, {
    method: req.method,
    headers: { 'content-length': String(size), 'content-type': req.headers['content-type'] ?? '' },
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  const response = await oneClickUnsubscribe(oneClick, env);
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves the feeds (an alert's, a search's), as Supabase serves its Edge Functions under /functions/v1 (a feed is read
 * with GET: no body).
 * @param {Request} req
 * @param {Response} res
 * @param {(request: globalThis.Request, client: string) => Promise<globalThis.Response>} serveFeed
 * @param {string} origin the gateway's own address, which the feed names itself by
 */
async function serveAlertFeed(req, res, serveFeed, origin) {
  // The feed reads only what it asks for: whether the client is a browser (Accept).
  const accept = req.headers.accept;
  const response = await serveFeed(
    new Request(`${origin}${req.url}`, { method: req.method, headers: accept ? { accept } : {} }),
    clientAddress(req),
  );
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Reads the body (at most `cap`: a longer one is answered 413 once the client has finished sending, so it
 * reads the answer, and the connection closed), then passes the request to PostgREST whole and its answer back. A
 * whole body means PostgREST is never cut off mid-upload, so an early answer of its own (a 401 for a bad token) is
 * the answer the client gets; a failure on either side ends this exchange only. An error answer to anyone but the
 * service role is put in plain words (publicErrorBody), its detail logged.
 * @param {Request} req
 * @param {Response} res
 * @param {{ restPort: number, path: string, headers: import('node:http').OutgoingHttpHeaders, plainErrors: boolean, cap: number, log: (line: string) => void }} options
 */
function proxy(req, res, { restPort, path, headers, plainErrors, cap, log }) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  let tooLarge = false;
  const refuseTooLarge = () => refuse(res, 413, `The request body is larger than ${cap} bytes.`);
  req.on('data', (/** @type {Buffer} */ chunk) => {
    size += chunk.length;
    if (tooLarge) {
      // A client that keeps sending far past the cap is not waiting for an answer.
      if (size > cap + DRAIN_BYTES) {
        refuseTooLarge();
        req.destroy();
      }
      return;
    }
    if (size > cap) {
      tooLarge = true;
      chunks.length = 0;
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => {
    if (res.headersSent || res.destroyed) return;
    if (tooLarge) return refuseTooLarge();
    const body = Buffer.concat(chunks);
    const upstreamHeaders = { ...headers };
    if (req.method !== 'GET' && req.method !== 'HEAD') upstreamHeaders['content-length'] = String(body.length);
    const upstream = request({
      agent: upstreamAgent,
      host: '127.0.0.1',
      port: restPort,
      method: req.method,
      path,
      headers: upstreamHeaders,
      maxHeaderSize: 64 * 1024,
    });
    upstream.on('response', (up) => {
      if (res.headersSent) return up.destroy();
      const status = up.statusCode ?? 502;
      /** @type {import('node:http').OutgoingHttpHeaders} */
      const answerHeaders = { ...endToEndHeaders(up.headers), ...CORS };
      if (!plainErrors || status < 400) {
        res.writeHead(status, answerHeaders);
        pipeline(up, res, () => {});
        return;
      }
      // An error answer: read it (it is small), and tell the visitor only what is theirs to know.
      /** @type {Buffer[]} */
      const parts = [];
      let length = 0;
      up.on('data', (/** @type {Buffer} */ part) => {
        length += part.length;
        if (length <= MAX_ERROR_BYTES) parts.push(part);
      });
      up.on('error', () => res.destroy());
      up.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        const plain =
          length > MAX_ERROR_BYTES
            ? JSON.stringify({ code: null, message: UNREACHABLE_MESSAGE, details: null, hint: null })
            : publicErrorBody(status, text);
        if (plain !== null) log(`gateway: ${req.method} ${cut(path)} answered ${status}: ${cut(text)}`);
        const body = plain ?? text;
        delete answerHeaders['content-length'];
        res.writeHead(status, { ...answerHeaders, 'content-length': String(Buffer.byteLength(body)) });
        res.end(body);
      });
    });
    upstream.on('error', (error) => {
      log(`gateway: ${req.method} ${cut(path)}: PostgREST on 127.0.0.1:${restPort} failed: ${cut(error.message)}`);
      refuse(res, 502, UNREACHABLE_MESSAGE);
    });
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  });
}

/**
 * Starts the gateway on 127.0.0.1:port, forwarding /rest/v1/* to PostgREST on restPort and serving the one-click
 * unsubscribe at /functions/v1/unsubscribe and the alerts' feeds at /functions/v1/alert-feed (which call back through
 * /rest/v1 with anonKey, and count each reader's requests with serviceKey). `log` receives what a visitor is not told (an error's detail, an unreachable PostgREST).
 * @param {{ port: number, restPort: number, jwtSecret: string, anonKey: string, serviceKey: string, siteUrl: string, log?: (line: string) => void }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function startGateway({
  port,
  restPort,
  jwtSecret,
  anonKey,
  serviceKey,
  siteUrl,
  log = (line) => {
    process.stderr.write(`${line}\n`);
  },
}) {
  const serveFeed = createFeedServer({ apiUrl: `http://127.0.0.1:${port}`, anonKey, serviceKey, siteUrl });
  /**
   * @param {Request} req
   * @param {Response} res
   */
  const handle = (req, res) => {
    if ((req.url ?? '').length > MAX_URL_BYTES)
      return refuse(res, 414, `The request address is longer than ${MAX_URL_BYTES} characters.`);
    const url = parseUrl(req.url);
    if (!url) return refuse(res, 400, 'The request address cannot be read.');
    if (!METHODS.has(req.method ?? '')) return refuse(res, 405, `The method ${req.method} is not allowed.`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const length = declaredLength(req);
    if (Number.isNaN(length)) return refuse(res, 400, 'The Content-Length header is malformed.');
    const cap = callerRole(req, jwtSecret) === 'service_role' ? SERVICE_MAX_BODY_BYTES : MAX_BODY_BYTES;
    if (length !== null && length > cap + DRAIN_BYTES)
      return refuse(res, 413, `The request body is larger than ${cap} bytes.`);
    if (length !== null && length > cap) return drainThenRefuse(req, res, cap);
    if (url.pathname === ONE_CLICK_PATH) {
      serveOneClick(req, res, { apiUrl: `http://127.0.0.1:${port}`, anonKey, siteUrl }).catch((error) => {
        log(`gateway: one-click unsubscribe failed: ${error instanceof Error ? error.message : error}`);
        refuse(res, 500, 'The unsubscribe failed. Please try again.');
      });
      return;
    }
    if (url.pathname === ALERT_FEED_PATH) {
      serveAlertFeed(req, res, serveFeed, `http://127.0.0.1:${port}`).catch((error) => {
        log(`gateway: alert feed failed: ${error instanceof Error ? error.message : error}`);
        refuse(res, 503, 'The feed cannot be read just now. Your feed reader will try again later.');
      });
      return;
    }
    if (!url.pathname.startsWith('/rest/v1')) return refuse(res, 404, 'no route matched');
    const apikey = req.headers.apikey ?? url.searchParams.get('apikey');
    if (!apikey) return refuse(res, 401, 'No API key found in request');
    if (!verifiedRole(apikey, jwtSecret)) return refuse(res, 401, 'Invalid API key');
    url.searchParams.delete('apikey');
    const headers = endToEndHeaders(req.headers);
    delete headers.apikey;
    delete headers.host;
    for (const name of FORWARDING_HEADERS) delete headers[name];
    // Where the request came from, in the header the hosted platform sets (see clientAddress), and in x-forwarded-for.
    const address = clientAddress(req);
    headers['cf-connecting-ip'] = address;
    headers['x-forwarded-for'] = address;
    if (!headers.authorization) headers.authorization = `Bearer ${apikey}`;
    // A bad bearer token is refused here, with the 401 PostgREST would give: forwarded, PostgREST answers before
    // reading the body and closes, and the client would get a reset connection instead of that answer.
    const bearer = /^Bearer\s+(.+)$/i.exec(String(headers.authorization))?.[1];
    const role = bearer ? verifiedRole(bearer, jwtSecret) : null;
    if (!role) {
      return refuse(res, 401, 'The Authorization token is not valid: its signature or expiry is wrong.');
    }
    const path = url.pathname.slice('/rest/v1'.length) || '/';
    proxy(req, res, { restPort, path: path + url.search, headers, plainErrors: role !== 'service_role', cap, log });
  };
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // How often the two timeouts above are checked (Node's default, 30 s, would let a connection outlive them by that).
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      try {
        handle(req, res);
      } catch (error) {
        // A request the checks above did not foresee: it is answered, and the gateway lives on.
        log(
          `gateway: ${req.method} ${cut(req.url ?? '')}: ${cut(String(error instanceof Error ? error.stack : error))}`,
        );
        refuse(res, 400, 'The request could not be handled.');
      }
    },
  );
  // Expect: 100-continue: a body over the cap is refused before the client sends it.
  server.on('checkContinue', (req, res) => {
    const length = declaredLength(req);
    const cap = callerRole(req, jwtSecret) === 'service_role' ? SERVICE_MAX_BODY_BYTES : MAX_BODY_BYTES;
    if (length !== null && !Number.isNaN(length) && length > cap)
      return refuse(res, 413, `The request body is larger than ${cap} bytes.`);
    res.writeContinue();
    server.emit('request', req, res);
  });
  // CONNECT asks a proxy for a tunnel, which this gateway is not: Node would close the connection without a word.
  server.on('connect', (_req, socket) => {
    const body = JSON.stringify({ message: 'The method CONNECT is not allowed.' });
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
  });
  // Requests so malformed that Node's parser refuses them, and requests too slow to arrive: answer and close, never
  // throw. What the client still sends is read and dropped until it closes, so it reads the answer (closing a
  // connection with unread data resets it, and the answer is lost).
  server.on('clientError', (error, socket) => {
    if (!socket.writable) return socket.destroy();
    // Node's parser errors carry a code (ERR_HTTP_REQUEST_TIMEOUT, HPE_*), which the event's types leave out.
    const { code } = /** @type {NodeJS.ErrnoException} */ (error);
    const status = CLIENT_ERRORS[code ?? ''] ?? '400 Bad Request';
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.resume();
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    setTimeout(() => socket.destroy(), 2000).unref();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Node's parser errors that have a status of their own.
 * @type {Record<string, string>}
 */
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  ERR_HTTP_HEADERS_TIMEOUT: '408 Request Timeout',
};

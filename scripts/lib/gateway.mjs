// The API gateway: serves PostgREST under /rest/v1 and checks the apikey the way Supabase's gateway does. No request
// may bring it down: every malformed URL, header, method or body gets a 4xx, a body over MAX_BODY_BYTES gets 413
// before it is read, and an upstream failure after the answer started ends that one connection only.
import { createServer, request } from 'node:http';
import { pipeline } from 'node:stream';
import { verifiedRole } from './jwt.mjs';
import { oneClickUnsubscribe } from '../../supabase/functions/_shared/one-click-unsubscribe.ts';

/**
 * The largest request body passed on. The largest legitimate one is an agenda vote: five answers, an address of at
 * most 254 characters and a comment of at most 2,000 (about 12 KB even if every character were escaped).
 */
export const MAX_BODY_BYTES = 32 * 1024;
/** The longest request address passed on (PostgREST repeats it in a response header, which Node reads up to 16 KB). */
export const MAX_URL_BYTES = 8 * 1024;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']);
const ONE_CLICK_PATH = '/functions/v1/unsubscribe';
// Headers a client may not set: the gateway decides where a request came from (see clientAddress).
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip', 'x-client-ip'];

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info, prefer, accept, accept-profile, content-profile, range, x-supabase-api-version',
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
 * The request's URL, or null when it cannot be read (a path like '//a:b').
 * @param {string | undefined} raw
 */
function parseUrl(raw) {
  try {
    return new URL(raw ?? '/', 'http://gateway');
  } catch {
    return null;
  }
}

/**
 * Where the request came from, as Supabase's gateway passes it to PostgREST: the first address of x-forwarded-for.
 * Here it is always the connection's own address; whatever the client sent in forwarding headers is dropped.
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
 * @param {import('../../supabase/functions/_shared/one-click-unsubscribe.ts').OneClickEnv} env
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
 * Reads the body (at most MAX_BODY_BYTES: a longer one is answered 413 and the connection closed), then passes the
 * request to PostgREST whole and its answer back. A whole body means PostgREST is never cut off mid-upload, so an
 * early answer of its own (a 401 for a bad token) is the answer the client gets; a failure on either side ends this
 * exchange only.
 * @param {Request} req
 * @param {Response} res
 * @param {{ restPort: number, path: string, headers: import('node:http').IncomingHttpHeaders }} upstream
 */
function proxy(req, res, { restPort, path, headers }) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  req.on('data', (/** @type {Buffer} */ chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      refuse(res, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => {
    if (res.headersSent || res.destroyed) return;
    const body = Buffer.concat(chunks);
    const upstreamHeaders = { ...headers };
    delete upstreamHeaders['transfer-encoding'];
    if (req.method !== 'GET' && req.method !== 'HEAD') upstreamHeaders['content-length'] = String(body.length);
    const upstream = request({ host: '127.0.0.1', port: restPort, method: req.method, path, headers: upstreamHeaders, maxHeaderSize: 64 * 1024 });
    upstream.on('response', (up) => {
      if (res.headersSent) return up.destroy();
      res.writeHead(up.statusCode ?? 502, { ...up.headers, ...CORS });
      pipeline(up, res, () => {});
    });
    upstream.on('error', (error) => refuse(res, 502, `PostgREST unreachable: ${error.message}`));
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  });
}

/**
 * Starts the gateway on 127.0.0.1:port, forwarding /rest/v1/* to PostgREST on restPort and serving the one-click
 * unsubscribe at /functions/v1/unsubscribe (which calls back through /rest/v1 with anonKey).
 * @param {{ port: number, restPort: number, jwtSecret: string, anonKey: string, siteUrl: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function startGateway({ port, restPort, jwtSecret, anonKey, siteUrl }) {
  /**
   * @param {Request} req
   * @param {Response} res
   */
  const handle = (req, res) => {
    if ((req.url ?? '').length > MAX_URL_BYTES) return refuse(res, 414, `The request address is longer than ${MAX_URL_BYTES} characters.`);
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
    if (length !== null && length > MAX_BODY_BYTES) return refuse(res, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    if (url.pathname === ONE_CLICK_PATH) {
      serveOneClick(req, res, { apiUrl: `http://127.0.0.1:${port}`, anonKey, siteUrl }).catch(() => refuse(res, 500, 'The unsubscribe failed.'));
      return;
    }
    if (!url.pathname.startsWith('/rest/v1')) return refuse(res, 404, 'no route matched');
    const apikey = req.headers.apikey ?? url.searchParams.get('apikey');
    if (!apikey) return refuse(res, 401, 'No API key found in request');
    if (!verifiedRole(apikey, jwtSecret)) return refuse(res, 401, 'Invalid API key');
    url.searchParams.delete('apikey');
    const headers = { ...req.headers };
    delete headers.apikey;
    delete headers.host;
    for (const name of FORWARDING_HEADERS) delete headers[name];
    headers['x-forwarded-for'] = clientAddress(req);
    if (!headers.authorization) headers.authorization = `Bearer ${apikey}`;
    // A bad bearer token is refused here, with the 401 PostgREST would give: forwarded, PostgREST answers before
    // reading the body and closes, and the client would get a reset connection instead of that answer.
    const bearer = /^Bearer\s+(.+)$/i.exec(String(headers.authorization))?.[1];
    if (!bearer || !verifiedRole(bearer, jwtSecret)) {
      return refuse(res, 401, 'The Authorization token is not valid: its signature or expiry is wrong.');
    }
    const path = url.pathname.slice('/rest/v1'.length) || '/';
    proxy(req, res, { restPort, path: path + url.search, headers });
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // A request the checks above did not foresee: it is answered, and the gateway lives on.
      refuse(res, 400, `The request could not be handled: ${error instanceof Error ? error.message : error}`);
    }
  });
  // Requests so malformed that Node's parser refuses them: answer 400 and close, never throw.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

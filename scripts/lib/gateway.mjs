// The API gateway: serves PostgREST under /rest/v1 and checks the apikey the way Supabase's gateway does.
import { createServer, request } from 'node:http';
import { verifiedRole } from './jwt.mjs';
import { oneClickUnsubscribe } from '../../supabase/functions/_shared/one-click-unsubscribe.ts';

const ONE_CLICK_PATH = '/functions/v1/unsubscribe';

/** Runs the one-click unsubscribe function, as Supabase serves its Edge Functions under /functions/v1. */
async function serveOneClick(req, res, env) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 2048) break;
    chunks.push(chunk);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://gateway${req.url}`, {
    method: req.method,
    headers: { 'content-length': String(size), 'content-type': req.headers['content-type'] ?? '' },
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  const response = await oneClickUnsubscribe(request, env);
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
  res.end(Buffer.from(await response.arrayBuffer()));
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info, prefer, accept, accept-profile, content-profile, range, x-supabase-api-version',
  'access-control-expose-headers': 'content-range, content-location, x-total-count',
  'access-control-max-age': '86400',
};

function refuse(res, status, message) {
  res.writeHead(status, { 'content-type': 'application/json', ...CORS });
  res.end(JSON.stringify({ message }));
}

/**
 * Starts the gateway on 127.0.0.1:port, forwarding /rest/v1/* to PostgREST on restPort and serving the one-click
 * unsubscribe at /functions/v1/unsubscribe (which calls back through /rest/v1 with anonKey).
 */
export function startGateway({ port, restPort, jwtSecret, anonKey, siteUrl }) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (url.pathname === ONE_CLICK_PATH) {
      serveOneClick(req, res, { apiUrl: `http://127.0.0.1:${port}`, anonKey, siteUrl }).catch(() => {
        if (!res.headersSent) refuse(res, 500, 'The unsubscribe failed.');
        else res.destroy();
      });
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
    if (!headers.authorization) headers.authorization = `Bearer ${apikey}`;
    const path = url.pathname.slice('/rest/v1'.length) || '/';
    const upstream = request(
      { host: '127.0.0.1', port: restPort, method: req.method, path: path + url.search, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, ...CORS });
        up.pipe(res);
      },
    );
    upstream.on('error', (error) => refuse(res, 502, `PostgREST unreachable: ${error.message}`));
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

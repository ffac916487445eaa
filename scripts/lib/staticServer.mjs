// The built site served as Netlify serves it: the site's Netlify function (the search page, rendered on demand) answers
// the paths its entry names, then /x answers x.html, missing paths get 404.html with status 404, the redirects and
// headers of netlify.toml apply (scripts/lib/netlifyRules.mjs), and text is sent gzipped. `npm start`, the browser
// tests and bench:pages serve the site with it.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { headersFor, pathMatches, readNetlifyRules, redirectFor } from './netlifyRules.mjs';
import { root } from './stackConfig.mjs';

/**
 * Where the build leaves the site's Netlify function (the Netlify adapter's output, in Netlify's Frameworks API
 * folder; src/lib/node/onDemandSearch.ts narrows its routes to the search page).
 */
export const FUNCTION_ENTRY = join(root, '.netlify', 'v1', 'functions', 'ssr', 'ssr.mjs');

/**
 * @typedef {(request: Request, context: object) => Promise<Response>} FunctionHandler
 * @typedef {{ handler: FunctionHandler, paths: string[], preferStatic: boolean }} SiteFunction
 */

/**
 * The built function, loaded as Netlify loads it: its default export answers a web Request with a Response, and its
 * `config` names the paths it serves (`preferStatic`: a file at the path is served instead). Null when the build made
 * none.
 * @param {string} [entry]
 * @returns {Promise<SiteFunction | null>}
 */
export async function loadSiteFunction(entry = FUNCTION_ENTRY) {
  if (!existsSync(entry)) return null;
  const module =
    /** @type {{ default: FunctionHandler, config: { path: string | string[], preferStatic?: boolean } }} */ (
      await import(pathToFileURL(entry).href)
    );
  return {
    handler: module.default,
    paths: [module.config.path].flat(),
    preferStatic: Boolean(module.config.preferStatic),
  };
}

/**
 * Answers a request with the function, as Netlify calls it: a web Request (the address asked for, its headers and
 * body) and the little of Netlify's context the function reads (the reader's address, a request id).
 * @param {SiteFunction} fn
 * @param {import('node:http').IncomingMessage} req
 * @param {URL} url
 */
async function callFunction(fn, req, url) {
  /** @type {[string, string][]} */
  const headers = [];
  for (const [name, value] of Object.entries(req.headers))
    for (const one of [value ?? []].flat()) if (!name.startsWith(':')) headers.push([name, one]);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : /** @type {ReadableStream} */ (Readable.toWeb(req));
  const request = new Request(url, { method, headers, body, ...(body ? { duplex: 'half' } : {}) });
  const context = {
    ip: req.socket.remoteAddress ?? '127.0.0.1',
    requestId: randomUUID(),
    server: { region: 'local' },
    site: { url: url.origin },
    deploy: { context: 'dev', id: 'local', published: false },
    waitUntil: () => {},
  };
  return fn.handler(request, context);
}

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml']);

/** @param {Record<string, string>} headers */
const lowerCase = (headers) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * The file a path names (x, x.html or x/index.html) inside dir, or undefined when there is none.
 * @param {string} dir
 * @param {string} pathname
 */
function resolveFile(dir, pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [join(dir, clean), join(dir, `${clean}.html`), join(dir, clean, 'index.html')];
  return candidates.find((file) => file.startsWith(dir) && existsSync(file) && statSync(file).isFile());
}

/**
 * Serves dir on host:port (127.0.0.1 unless told), with the site's function when the build made one; resolves with
 * { url, close() }.
 * @param {string} dir
 * @param {number} port
 * @param {{ host?: string, rules?: import('./netlifyRules.mjs').NetlifyRules, siteFunction?: SiteFunction | null }} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveStatic(
  dir,
  port,
  { host = '127.0.0.1', rules = readNetlifyRules(join(root, 'netlify.toml')), siteFunction } = {},
) {
  const fn = siteFunction === undefined ? await loadSiteFunction() : siteFunction;
  /** @type {Map<string, ReturnType<typeof gzipSync>>} */
  const cache = new Map();
  /**
   * Sends a body, gzipped when it is text and the client takes gzip.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {import('node:http').OutgoingHttpHeaders} headers
   * @param {Buffer} body
   * @param {boolean} compressible
   * @param {string} [cacheKey]
   */
  const send = (req, res, status, headers, body, compressible, cacheKey) => {
    if (compressible && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const gzipped = (cacheKey && cache.get(cacheKey)) || gzipSync(body, { level: 9 });
      if (cacheKey) cache.set(cacheKey, gzipped);
      body = gzipped;
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const server = createServer(async (req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://x');
      decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    const { pathname } = url;
    let file = resolveFile(dir, pathname);
    // Netlify's order: a function whose path matches answers before any redirect rule (unless a file is preferred).
    if (fn && fn.paths.some((path) => pathMatches(path, pathname)) && !(fn.preferStatic && file)) {
      try {
        const answer = await callFunction(fn, req, new URL(req.url ?? '/', `http://${req.headers.host ?? host}`));
        /** @type {import('node:http').OutgoingHttpHeaders} */
        const headers = {};
        answer.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') headers[name] = value;
        });
        const cookies = answer.headers.getSetCookie();
        if (cookies.length) headers['set-cookie'] = cookies;
        const type = answer.headers.get('content-type') ?? '';
        const compressible = /^text\/|json|xml|javascript/.test(type);
        send(req, res, answer.status, headers, Buffer.from(await answer.arrayBuffer()), compressible);
      } catch (error) {
        // As Netlify answers a function that threw: a bare 500, the reason in the server's log.
        console.error(`The site's function failed on ${pathname}:`, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error');
      }
      return;
    }
    const redirect = redirectFor(rules, url, Boolean(file));
    let status = 200;
    // A rule of status 404 is a rewrite (Netlify's): its page is served at the address asked for, as not found.
    if (redirect?.status === 404) {
      file = resolveFile(dir, redirect.location.split('?')[0]);
      status = 404;
    } else if (redirect) {
      res.writeHead(redirect.status, { location: redirect.location, ...headersFor(rules, pathname) }).end();
      return;
    }
    if (!file) {
      file = join(dir, '404.html');
      status = 404;
      if (!existsSync(file)) {
        res.writeHead(404).end('Not found');
        return;
      }
    }
    const ext = extname(file);
    // netlify.toml's headers (security, immutable bundles, feed types) over the file's own type.
    /** @type {import('node:http').OutgoingHttpHeaders} */
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      ...lowerCase(headersFor(rules, pathname)),
    };
    send(req, res, status, headers, readFileSync(file), COMPRESSIBLE.has(ext), file);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        // The port it got (port 0 asks the system for a free one).
        url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
        close: () =>
          /** @type {Promise<void>} */ (
            new Promise((r) => {
              server.closeAllConnections();
              server.close(() => r());
            })
          ),
      }),
    );
  });
}

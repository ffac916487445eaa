// The built site served as Netlify serves it: /x answers x.html, missing paths get 404.html with status 404, the
// redirects and headers of netlify.toml apply (scripts/lib/netlifyRules.mjs), and text is sent gzipped. `npm start`,
// the browser tests and bench:pages serve the site with it.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { headersFor, readNetlifyRules, redirectFor } from './netlifyRules.mjs';
import { root } from './stackConfig.mjs';

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
 * Serves dir on host:port (127.0.0.1 unless told); resolves with { url, close() }.
 * @param {string} dir
 * @param {number} port
 * @param {{ host?: string, rules?: import('./netlifyRules.mjs').NetlifyRules }} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serveStatic(
  dir,
  port,
  { host = '127.0.0.1', rules = readNetlifyRules(join(root, 'netlify.toml')) } = {},
) {
  /** @type {Map<string, ReturnType<typeof gzipSync>>} */
  const cache = new Map();
  const server = createServer((req, res) => {
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
    let body = readFileSync(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const gzipped = cache.get(file) ?? gzipSync(body, { level: 9 });
      cache.set(file, gzipped);
      body = gzipped;
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
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

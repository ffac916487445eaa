// A small static server for a built site with gzip, as a CDN serves it: /x answers x.html, missing paths
// get 404.html with status 404 (as Netlify does), /_astro/* is cached immutably.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/**
 * @param {string} dir
 * @param {string} pathname
 */
function resolveFile(dir, pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [join(dir, clean), join(dir, `${clean}.html`), join(dir, clean, 'index.html')];
  return candidates.find((file) => file.startsWith(dir) && existsSync(file) && statSync(file).isFile());
}

/**
 * Serves dir on 127.0.0.1:port; resolves with { url, close() }.
 * @param {string} dir
 * @param {number} port
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serveStatic(dir, port) {
  /** @type {Map<string, Buffer>} */
  const cache = new Map();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    let file = resolveFile(dir, pathname);
    let status = 200;
    if (!file) {
      file = join(dir, '404.html');
      status = 404;
      if (!existsSync(file)) {
        res.writeHead(404).end('Not found');
        return;
      }
    }
    const ext = extname(file);
    /** @type {Record<string, string | number>} */
    const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream' };
    if (pathname.startsWith('/_astro/')) headers['cache-control'] = 'public, max-age=31536000, immutable';
    /** @type {Buffer} */
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
    server.listen(port, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${port}`, close: () => /** @type {Promise<void>} */ (new Promise((r) => { server.closeAllConnections(); server.close(() => r()); })) }),
    );
  });
}

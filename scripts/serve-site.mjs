// Serves a built site as Netlify serves it (scripts/lib/staticServer.mjs) until stopped: the browser tests' web server.
//   node scripts/serve-site.mjs <folder> <port>
import { resolve } from 'node:path';
import { serveStatic } from './lib/staticServer.mjs';

const [dir, port] = process.argv.slice(2);
if (!dir || !port) {
  console.error('Usage: node scripts/serve-site.mjs <folder> <port>');
  process.exit(2);
}
const site = await serveStatic(resolve(dir), Number.parseInt(port, 10));
console.log(`Serving ${dir} at ${site.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => site.close().then(() => process.exit(0)));

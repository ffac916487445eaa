// Serves a built site as Netlify serves it (scripts/lib/staticServer.mjs) until stopped: the browser tests' web server.
//   node scripts/serve-site.mjs <folder> <port>
import { resolve } from 'node:path';
import { serveStatic } from './lib/staticServer.mjs';
import { commandLine, refuse, wholeNumberOf } from './lib/commandLine.mjs';

const { positionals } = commandLine({
  usage: `Usage: node scripts/serve-site.mjs <folder> <port>
Serves a built site as Netlify serves it until stopped (the browser tests' web server).`,
  positionals: 2,
});
const [dir, portText] = positionals;
if (!dir || !portText) refuse('It needs a folder and a port.');
const site = await serveStatic(resolve(dir), wholeNumberOf(portText, '<port>', 1));
console.log(`Serving ${dir} at ${site.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => site.close().then(() => process.exit(0)));

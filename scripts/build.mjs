// `npm run build` (Netlify's build command): builds the static site against the database in PUBLIC_SUPABASE_URL.
//
// Astro renders one page at a time on one core. The site's pages are mostly district pages, which need nothing of
// each other, so on a machine with more than one core the build runs as one Astro build per core, each a shard of the
// districts (src/district/build/shard.ts): shard k of n makes the outputs of the districts whose id leaves k when
// divided by n, and the first also makes the pages that list districts and the site's own pages. When all are done,
// the other shards' outputs are moved into the first's output folder and their sitemaps joined to its sitemap index
// (scripts/lib/shards.mjs). Each shard keeps its own cache, so a nightly build still renders only what changed.
//
// BUILD_SHARDS sets how many (default: the machine's cores, at most 2; 1 is a plain `astro build`). Each shard holds
// its own copy of Astro and of the site's code, some hundreds of megabytes: `npm run bench:build` prints the build's
// peak memory, all shards together.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve, join } from 'node:path';
import { createInterface } from 'node:readline';
import { rmSync } from 'node:fs';
import { BUILD_ENV, BUILD_NODE_ARGS } from './lib/site.mjs';
import { mergeShard, shardCount, shardFolders } from './lib/shards.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run build
Builds the static site against the database in PUBLIC_SUPABASE_URL (Netlify's build command), in BUILD_SHARDS shards.
It takes no arguments; see .env.example for its settings.`,
});

const astroBin = join(import.meta.dirname, '..', 'node_modules', 'astro', 'bin', 'astro.mjs');

/**
 * Runs one Astro build; its lines are printed with the shard's name in front when there are several.
 * @param {Record<string, string>} env
 * @param {string} prefix
 * @returns {{ done: Promise<void>, stop: () => void }}
 */
function astroBuild(env, prefix) {
  const child = spawn(process.execPath, [...BUILD_NODE_ARGS, ...process.execArgv, astroBin, 'build'], {
    env: { ...BUILD_ENV, ...process.env, ...env },
    stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
  });
  /**
   * @param {import('node:stream').Readable | null} from
   * @param {NodeJS.WriteStream} to
   */
  const prefixed = (from, to) =>
    from && createInterface({ input: from }).on('line', (line) => to.write(`${prefix} ${line}\n`));
  prefixed(child.stdout, process.stdout);
  prefixed(child.stderr, process.stderr);
  /** @type {Promise<void>} */
  const done = new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`${prefix || 'astro build'} exited with ${code ?? signal}`)),
    );
  });
  return { done, stop: () => child.kill('SIGTERM') };
}

async function main() {
  const count = shardCount(process.env.BUILD_SHARDS, availableParallelism());
  if (count === 1) {
    await astroBuild({ BUILD_SHARD: '' }, '').done;
    return;
  }
  const site = {
    outDir: resolve(process.env.ASTRO_OUT_DIR ?? 'dist'),
    cacheDir: resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro'),
  };
  // The last build's outputs go first: a file moved in from another shard is a link to that shard's kept copy, and
  // that shard links its kept copies into its own folder only when nothing else holds them (keptOutputs.ts).
  rmSync(site.outDir, { recursive: true, force: true });
  const started = Date.now();
  const builds = Array.from({ length: count }, (_, index) => {
    const { outDir, cacheDir } = shardFolders(site, index);
    return astroBuild(
      { BUILD_SHARD: `${index}/${count}`, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir },
      `[shard ${index + 1}/${count}]`,
    );
  });
  try {
    await Promise.all(builds.map((build) => build.done));
  } catch (error) {
    for (const build of builds) build.stop();
    await Promise.allSettled(builds.map((build) => build.done));
    throw error;
  }
  const merging = Date.now();
  let moved = 0;
  for (let index = 1; index < count; index += 1)
    moved += mergeShard({ from: shardFolders(site, index).outDir, to: site.outDir, index, count });
  /** @param {number} at */
  const seconds = (at) => ((Date.now() - at) / 1000).toFixed(1);
  console.log(
    `${count} shards built in ${seconds(started)} s; ${moved} outputs of the other shards moved into ${site.outDir} (${seconds(merging)} s)`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

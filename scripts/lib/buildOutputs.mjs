// What a build wrote: its outputs (HTML pages and other files), and which of them it rendered rather than restored
// from the last build. Shared by `npm run bench:build` and the tests of the kept pages.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A build's outputs: its HTML pages, and its other files (feeds, calendars, open data, sitemaps), Astro's bundles aside.
 * @param {string} dir
 * @returns {{ pages: number, files: number }}
 */
export function countOutputs(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (f) => f.isFile() && !`${f.parentPath}/`.includes('/_astro/'),
  );
  const pages = files.filter((f) => f.name.endsWith('.html')).length;
  return { pages, files: files.length - pages };
}

/**
 * The outputs a build rendered, as paths inside the site ('1.html', '1/votes.csv'): Astro's incremental build keeps a
 * copy of each output it renders in its cache folder and restores the rest, so these are the copies written since. A
 * build in shards (scripts/build.mjs) keeps each other shard's copies in its own folder under shards/.
 * @param {string} cacheDir
 * @param {number} since the time the build started (ms since the epoch)
 * @returns {string[]}
 */
export function renderedSince(cacheDir, since) {
  const shards = join(cacheDir, 'shards');
  const caches = [
    cacheDir,
    ...(existsSync(shards)
      ? readdirSync(shards, { withFileTypes: true })
          .filter((f) => f.isDirectory())
          .map((f) => join(shards, f.name))
      : []),
  ];
  return caches.flatMap((cache) => {
    const dir = join(cache, 'dist');
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && statSync(join(f.parentPath, f.name)).mtimeMs >= since)
        .map((f) => relative(dir, join(f.parentPath, f.name)));
    } catch {
      return [];
    }
  });
}

// A build split into shards (src/district/build/shard.ts): where each shard builds, and how a shard's outputs join the
// site's output folder once it is done.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative, sep } from 'node:path';
import { districtOfOutput, inShard, shardSitemapBase } from '../../src/district/build/shard.ts';

/**
 * How many shards to build in: BUILD_SHARDS, else one per core up to two.
 * @param {string | undefined} value
 * @param {number} cores
 */
export function shardCount(value, cores) {
  if (value === undefined || value.trim() === '') return Math.max(1, Math.min(cores, 2));
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 16)
    throw new Error(`BUILD_SHARDS must be a whole number from 1 to 16, not '${value}'.`);
  return count;
}

/**
 * The folders of one shard. The first builds into the site's own output and cache folders; each other shard keeps its
 * cache (its kept pages and outputs) in a folder of its own inside the site's cache folder, and builds in a folder of
 * its own inside the project (`cwd`), named after the site's cache folder. Inside the project, because Astro writes its
 * temporary page bundles into the output folder when that is inside the working folder, and into one shared
 * `.astro/.prerender` folder of the working folder when it is not: two shards sharing that folder would delete each
 * other's bundles.
 * @param {{ outDir: string, cacheDir: string }} site
 * @param {number} index
 * @param {string} [cwd]
 */
export function shardFolders(site, index, cwd = process.cwd()) {
  if (index === 0) return site;
  const build = createHash('sha256').update(site.cacheDir).digest('hex').slice(0, 12);
  return {
    outDir: join(cwd, 'node_modules', '.astro', 'shard-builds', `${build}-${index + 1}`),
    cacheDir: join(site.cacheDir, 'shards', String(index + 1)),
  };
}

/**
 * Moves a shard's outputs into the site's output folder: its districts' pages and files, its sitemap files (whose
 * entries are added to the site's sitemap index), and any bundle the site's folder lacks. What else the shard made
 * (its own copy of the home page, of the states' lists, made from its districts alone, and of the not-found page,
 * whose address a district's could take) is left out. Returns how many files were moved.
 * @param {{ from: string, to: string, index: number, count: number }} options
 */
export function mergeShard({ from, to, index, count }) {
  const shard = { index, count };
  const base = shardSitemapBase(shard);
  const made = new Set();
  /** @param {number | null} id */
  const isOwn = (id) => id !== null && inShard(shard, id);
  let moved = 0;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    const path = relative(from, source).split(sep).join('/');
    const target = join(to, path);
    const wanted = path.startsWith('_astro/')
      ? !existsSync(target)
      : isOwn(districtOfOutput(path)) ||
        (path.startsWith(`${base}-`) && path.endsWith('.xml') && path !== `${base}-index.xml`);
    if (!wanted) continue;
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    renameSync(source, target);
    moved += 1;
  }
  const shardIndex = join(from, `${base}-index.xml`);
  const siteIndex = join(to, 'sitemap-index.xml');
  if (existsSync(shardIndex) && existsSync(siteIndex)) {
    const entries = readFileSync(shardIndex, 'utf8').match(/<sitemap>[\s\S]*?<\/sitemap>/g) ?? [];
    const text = readFileSync(siteIndex, 'utf8');
    writeFileSync(siteIndex, text.replace('</sitemapindex>', `${entries.join('')}</sitemapindex>`));
  }
  rmSync(from, { recursive: true, force: true });
  return moved;
}

// A build of many districts runs as one Astro build per core, each a shard of the districts (scripts/build.mjs): shard
// k of n makes the pages, members' pages, feeds and files of the districts whose id leaves k when divided by n, and
// the first shard also makes every page that lists districts (the search, the states' lists) and the site's own
// pages. A district stays in its shard from one build to the next, so each shard's kept outputs stay valid. The
// shards' output folders are then merged into one (scripts/lib/shards.mjs).
import { splitLocale } from '../../i18n/locales.ts';

/** One shard of a build: its place among the shards (from 0) and how many there are. */
export interface Shard {
  index: number;
  count: number;
}

/** The whole build in one: what `astro build` run by hand makes. */
export const WHOLE_BUILD: Shard = { index: 0, count: 1 };

/** A shard from its form in BUILD_SHARD ('1/2': the second of two); unset or empty is the whole build. */
export function parseShard(value: string | undefined): Shard {
  if (value === undefined || value.trim() === '') return WHOLE_BUILD;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!match || count < 1 || index >= count)
    throw new Error(`BUILD_SHARD must be 'k/n' with 0 ≤ k < n (say '1/2'), not '${value}'.`);
  return { index, count };
}

/** Whether a district's outputs are made in this shard. */
export function inShard(shard: Shard, districtId: number | string): boolean {
  return Number(districtId) % shard.count === shard.index;
}

/** Whether this shard makes the pages that list every district and the site's own pages (the first one does). */
export function makesListings(shard: Shard): boolean {
  return shard.index === 0;
}

/**
 * The district an output belongs to, from its path in the output folder or its address ('12.html', '/es/12',
 * '12/members/ana-ruiz.html', '12/votes.csv'); null for every other output (the home page, a state's list, a bundle).
 */
export function districtOfOutput(path: string): number | null {
  const { path: rest } = splitLocale(path.startsWith('/') ? path : `/${path}`);
  const match = /^\/(\d+)(?:\.html)?(?:\/|$)/.exec(rest);
  return match ? Number(match[1]) : null;
}

/** The name of a shard's sitemap files: 'sitemap' (sitemap-index.xml, sitemap-0.xml) for the first, 'sitemap-shard2' … */
export function shardSitemapBase(shard: Shard): string {
  return shard.index === 0 ? 'sitemap' : `sitemap-shard${shard.index + 1}`;
}

/** This build's shard (BUILD_SHARD, set by scripts/build.mjs for each of its Astro builds). */
export const BUILD_SHARD = parseShard(process.env.BUILD_SHARD);

// The district pages the build keeps in Astro's cache folder, one JSON file per district, and how a route reads one.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrokenSection, BuiltDistrictPage } from '../document';

/** A built page as its file holds it: the page, the lists of it that could not be read, and when it was read. */
export interface KeptPage extends BuiltDistrictPage {
  broken: BrokenSection[];
  /** When the build read this page from the database (ISO 8601): the calendar's DTSTAMP, the same while it is kept. */
  readAt: string;
}

/**
 * Astro's cache folder (astro.config.mjs's cacheDir), where the build keeps the district pages: ASTRO_CACHE_DIR, or
 * node_modules/.astro in the project (Netlify keeps it between builds). Routes read it from here, not from
 * astro:config/server, which would make every page depend on the whole site's code and render again on any change.
 */
export const CACHE_DIR = resolve(process.env.ASTRO_CACHE_DIR ?? 'node_modules/.astro');

/** The file a district's built page is kept in, inside Astro's cache folder. */
export function pageFile(cacheDir: URL | string, id: number | string): string {
  return join(cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir, 'district-pages', `${id}.json`);
}

/**
 * Pages held after they are read. A route renders all the outputs of one district together (its members' pages, say)
 * and a few districts at once (Astro's build concurrency), so a handful is enough for each route to read a district's
 * page once; holding every page would hold the whole site in memory.
 */
const RECENT_PAGES = 16;
const recent = new Map<string, KeptPage>();

/** Reads a kept page file, or fails with what to do. */
export function readPageFile(file: string, id: number | string): KeptPage {
  if (!existsSync(file)) throw new Error(`The page of district ${id} is missing from ${file}. Build again.`);
  return JSON.parse(readFileSync(file, 'utf8')) as KeptPage;
}

/** A district's built page, read from its file when a route renders it, once for all that route's outputs of it. */
export function readBuiltPage(id: number | string): KeptPage {
  const key = String(id);
  const held = recent.get(key);
  if (held) return held;
  const page = readPageFile(pageFile(CACHE_DIR, key), key);
  recent.set(key, page);
  if (recent.size > RECENT_PAGES) recent.delete(recent.keys().next().value!);
  return page;
}

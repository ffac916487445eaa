// The snapshot's rows, one file per table, kept in Astro's cache folder beside its data store rather than in it.
// The loaders write them (rich text already sanitised); the page build reads them (snapshot.ts).
//
// Why not Astro's store: Astro serialises its whole store with devalue (in JavaScript) after every sync and parses
// it back at the start of the next build and again in the page build. At 20,000 districts the store held 680,000
// rows, and saving and reading it back was a large share of every build that changed anything (docs/performance.md,
// earlier rounds). Here each line is one row, written and read with the JSON functions built into Node.
//
// Each line is [digest, source, district, row]. The digest is the one the loader makes of the row as checked, its
// rich-text jobs and the sanitiser (see loader.ts), so the next build finds an unchanged row by its digest and never a
// stale one. The source is the database's digest of the row as stored (its row_digest column), so the next build can
// keep the line without reading the row at all; empty when the row must be read again on every build. The district is
// the one whose page shows the row, so the page build can group the lines and key the pages without parsing a row.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** A row as the page build sees it: the checked row, its rich text sanitised (e.g. summaryHtml for summary). */
export type CachedRow = Record<string, unknown>;

/** The name of a table's file in Astro's cache folder. */
export const snapshotCacheName = (table: string) => `snapshot/${table}.ndjson`;

/** The path of a file inside Astro's cache folder (a file: URL or a path, with or without its last slash). */
export function cacheFile(cacheDir: URL | string, name: string): string {
  const dir = cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir;
  return `${dir.replace(/\/?$/, '/')}${name}`;
}

/** Where a table's rows are kept, inside Astro's cache folder. */
export const snapshotCacheFile = (cacheDir: URL | string, table: string): string => cacheFile(cacheDir, snapshotCacheName(table));

/** A table's file line for a row: its digest, the database's digest of its source ('' for none), its district, the row. */
export function snapshotLine(digest: string, source: string, district: number, row: CachedRow): string {
  return JSON.stringify([digest, source, district, row]);
}

// Digests are hex or base64url: nothing in them is escaped in JSON, so a line's keys can be read as they are.
const LINE_KEYS = /^\["([\w-]+)","([\w-]*)",(\d{1,15}),\{/;

/** What a line says of its row without parsing it. */
export interface LineKeys {
  digest: string;
  source: string;
  district: number;
}

/**
 * The keys a line starts with, read without parsing the row (the loader keeps an unchanged row's line as it is, the
 * page build parses only the rows of the pages it renders); null when the line is not a whole
 * [digest, source, district, {row}] (a cut line, a file from another version of this module).
 */
export function lineKeys(line: string): LineKeys | null {
  if (!line.endsWith('}]')) return null;
  const keys = LINE_KEYS.exec(line);
  return keys ? { digest: keys[1], source: keys[2], district: Number(keys[3]) } : null;
}

/** The same line with another source (the row as the database holds it now made the same row as before). */
export function withSource(line: string, source: string): string {
  const keys = LINE_KEYS.exec(line);
  if (!keys) throw new Error('Not a line of the snapshot.');
  return `["${keys[1]}",${JSON.stringify(source)},${keys[3]},${line.slice(keys[0].length - 1)}`;
}

/** One line's [digest, row], or null when it is not one. */
export function parseSnapshotLine(line: string): [string, CachedRow] | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [digest, source, district, row] = value as unknown[];
  if (typeof digest !== 'string' || typeof source !== 'string' || !Number.isInteger(district)) return null;
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  return [digest, row as CachedRow];
}

async function* fileLines(file: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) if (line) yield line;
}

/** A line of the last build, as the loader finds it: its keys, and the line itself. */
export interface KeptLine extends LineKeys {
  line: string;
}

/**
 * A table's lines by digest, for the loader; an absent file (a first build, a cleared cache) is an empty table, and
 * a line that is not a whole row is left out (the loader makes that row again).
 */
export async function readSnapshotLines(file: string): Promise<Map<string, KeptLine>> {
  const byDigest = new Map<string, KeptLine>();
  if (!existsSync(file)) return byDigest;
  for await (const line of fileLines(file)) {
    const keys = lineKeys(line);
    if (keys) byDigest.set(keys.digest, { ...keys, line });
  }
  return byDigest;
}

/** One district's rows of one table, in the file's (id) order: their digests, and their lines to parse when needed. */
export interface DistrictLines {
  digests: string[];
  lines: string[];
}

/**
 * A table's lines by district, for the page build, read without parsing the rows. A line that is not a whole row stops
 * the build: a row would be missing.
 */
export async function readSnapshotDistricts(file: string): Promise<Map<number, DistrictLines>> {
  const byDistrict = new Map<number, DistrictLines>();
  let number = 0;
  for await (const line of fileLines(file)) {
    number += 1;
    const keys = lineKeys(line);
    if (!keys) throw new Error(`Line ${number} of ${file} is not a row of the snapshot. Build again with \`astro build --force\`.`);
    const own = byDistrict.get(keys.district);
    if (own) {
      own.digests.push(keys.digest);
      own.lines.push(line);
    } else byDistrict.set(keys.district, { digests: [keys.digest], lines: [line] });
  }
  return byDistrict;
}

/** Writes a table's lines: into a new file first, then in place, so a build that stops halfway leaves the old one. */
export async function writeSnapshotCache(file: string, lines: Iterable<string>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, 'utf8');
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {}); // raced below at every wait; this only keeps an error between waits from going unhandled
  // Lines go out a megabyte at a time, not one write per row (680,000 rows at 20,000 districts).
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length < 1 << 20) continue;
    const more = out.write(chunk);
    chunk = '';
    if (!more) await Promise.race([once(out, 'drain'), failed]);
  }
  out.end(chunk);
  await Promise.race([once(out, 'finish'), failed]);
  await rename(partial, file);
}

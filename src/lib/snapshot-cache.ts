// The snapshot's rows, one file per table, kept in Astro's cache folder beside its data store rather than in it.
// The loaders write them (rich text already sanitised); the page build reads them (snapshot.ts).
//
// Why not Astro's store: Astro serialises its whole store with devalue (in JavaScript) after every sync and parses
// it back at the start of the next build and again in the page build. At 20,000 districts the store held 680,000
// rows, about 200 MB: saving it took 20–22 s of every build that changed anything, and reading it back several
// more. Here each line is one row, written and read with the JSON functions built into Node.
//
// Each line is [digest, row]: the digest is the one the loader makes of the row as read, its rich-text jobs and the
// sanitiser (see loader.ts), so the next build finds an unchanged row by its digest and never a stale one.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** A row as the page build sees it: the checked row, its rich text sanitised (e.g. summaryHtml for summary). */
export type CachedRow = Record<string, unknown>;
/** A table's rows by digest, in the order they were read (id order); T: the table's row type, where it is known. */
export type RowsByDigest<T = CachedRow> = Map<string, T>;

/** The name of a table's file in Astro's cache folder. */
export const snapshotCacheName = (table: string) => `snapshot/${table}.ndjson`;

/** The path of a file inside Astro's cache folder (a file: URL or a path, with or without its last slash). */
export function cacheFile(cacheDir: URL | string, name: string): string {
  const dir = cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir;
  return `${dir.replace(/\/?$/, '/')}${name}`;
}

/** Where a table's rows are kept, inside Astro's cache folder. */
export const snapshotCacheFile = (cacheDir: URL | string, table: string): string => cacheFile(cacheDir, snapshotCacheName(table));

/** A table's file line for a row. */
export function snapshotLine(digest: string, row: CachedRow): string {
  return JSON.stringify([digest, row]);
}

/**
 * The digest a line starts with, read without parsing the row (the loader keeps an unchanged row's line as it is);
 * null when the line is not a whole [digest, {row}] (a cut line, a file from another version of this module).
 */
export function lineDigest(line: string): string | null {
  if (!line.startsWith('["') || !line.endsWith('}]')) return null;
  const end = line.indexOf('",{', 2);
  if (end < 0) return null;
  const digest = line.slice(2, end);
  // Digests are hex or base64url: nothing in them is escaped in JSON.
  return /^[\w-]+$/.test(digest) ? digest : null;
}

/** One line's [digest, row], or null when it is not one. */
export function parseSnapshotLine(line: string): [string, CachedRow] | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [digest, row] = value as unknown[];
  if (typeof digest !== 'string' || typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  return [digest, row as CachedRow];
}

async function* fileLines(file: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) if (line) yield line;
}

/**
 * A table's lines by digest, for the loader; an absent file (a first build, a cleared cache) is an empty table, and
 * a line that is not a whole row is left out (the loader makes that row again).
 */
export async function readSnapshotLines(file: string): Promise<Map<string, string>> {
  const byDigest = new Map<string, string>();
  if (!existsSync(file)) return byDigest;
  for await (const line of fileLines(file)) {
    const digest = lineDigest(line);
    if (digest) byDigest.set(digest, line);
  }
  return byDigest;
}

/** A table's rows by digest, for the page build. A line that is not a row stops the build: a row would be missing. */
export async function readSnapshotCache(file: string): Promise<RowsByDigest> {
  const byDigest: RowsByDigest = new Map();
  let number = 0;
  for await (const line of fileLines(file)) {
    number += 1;
    const entry = parseSnapshotLine(line);
    if (!entry) throw new Error(`Line ${number} of ${file} is not a row of the snapshot. Build again with \`astro build --force\`.`);
    byDigest.set(...entry);
  }
  return byDigest;
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

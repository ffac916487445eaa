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
/** A table's rows by digest, in the order they were read (id order). */
export type RowsByDigest = Map<string, CachedRow>;

/** The name of a table's file in Astro's cache folder. */
export const snapshotCacheName = (table: string) => `snapshot/${table}.ndjson`;

/** Where a table's rows are kept, inside Astro's cache folder (a file: URL or a path). */
export function snapshotCacheFile(cacheDir: URL | string, table: string): string {
  const dir = cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir;
  return `${dir.replace(/\/?$/, '/')}${snapshotCacheName(table)}`;
}

/** One line's [digest, row], or null when it is not one (a cut line, a file from another version of this module). */
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

/**
 * Reads a table's rows; an absent file (a first build, a cleared cache) is an empty table, and a line that is not
 * [digest, row] is left out (the loader makes that row again).
 */
export async function readSnapshotCache(file: string): Promise<RowsByDigest> {
  const byDigest: RowsByDigest = new Map();
  if (!existsSync(file)) return byDigest;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const entry = line ? parseSnapshotLine(line) : null;
    if (entry) byDigest.set(...entry);
  }
  return byDigest;
}

/** Writes a table's rows: into a new file first, then in place, so a build that stops halfway leaves the old one. */
export async function writeSnapshotCache(file: string, byDigest: RowsByDigest): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, 'utf8');
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {}); // raced below at every wait; this only keeps an error between waits from going unhandled
  // Lines go out a megabyte at a time, not one write per row (680,000 rows at 20,000 districts).
  let chunk = '';
  for (const entry of byDigest) {
    chunk += `${JSON.stringify(entry)}\n`;
    if (chunk.length < 1 << 20) continue;
    const more = out.write(chunk);
    chunk = '';
    if (!more) await Promise.race([once(out, 'drain'), failed]);
  }
  out.end(chunk);
  await Promise.race([once(out, 'finish'), failed]);
  await rename(partial, file);
}

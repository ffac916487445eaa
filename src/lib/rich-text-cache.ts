// The snapshot's sanitised rich text (meeting summaries, topic descriptions), kept beside Astro's data store, in the
// same cache folder, rather than in it. Astro serialises its whole store after every burst of changes, bundles it
// into the page build as one string and parses it back there: rich text was half of it, and at 20,000 districts
// those passes over it were most of a nightly rebuild. Here it is written once per build (only when something changed)
// and read once by the page build, one line per entry.
//
// Each line is [digest, fields]: the digest is the one Astro keeps with the entry (see loader.ts), which covers the
// row, its rich-text jobs and the sanitiser, so an entry finds its own sanitised fields and never stale ones.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { SafeHtml } from './sanitize';

/** One entry's sanitised fields by name (e.g. { summaryHtml }); null where the row has no rich text. */
export type RichTextFields = Record<string, SafeHtml | null>;
/** A table's sanitised rich text, by entry digest. */
export type RichTextByDigest = Map<string, RichTextFields>;

/** Where a table's rich text is kept, inside Astro's cache folder (a file: URL or a path). */
export function richTextFile(cacheDir: URL | string, table: string): string {
  const dir = cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir;
  return `${dir.replace(/\/?$/, '/')}rich-text/${table}.ndjson`;
}

/** One line's [digest, fields], or null when it is not one (a file from another version of this module). */
export function parseRichTextLine(line: string): [string, RichTextFields] | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [digest, fields] = value as unknown[];
  if (typeof digest !== 'string' || typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
  if (!Object.values(fields).every((html) => html === null || typeof html === 'string')) return null;
  return [digest, fields as RichTextFields];
}

/**
 * Reads a table's rich text; an absent file (a first build, a cleared cache) is an empty table, and a line that
 * is not [digest, fields] is left out (the loader sanitises that entry again).
 */
export async function readRichText(file: string): Promise<RichTextByDigest> {
  const byDigest: RichTextByDigest = new Map();
  if (!existsSync(file)) return byDigest;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const entry = line ? parseRichTextLine(line) : null;
    if (entry) byDigest.set(...entry);
  }
  return byDigest;
}

/** Writes a table's rich text: into a new file first, then in place, so a build that stops halfway leaves the old one. */
export async function writeRichText(file: string, byDigest: RichTextByDigest): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, 'utf8');
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {}); // raced below at every wait; this only keeps an error between waits from going unhandled
  for (const entry of byDigest) {
    if (!out.write(`${JSON.stringify(entry)}\n`)) await Promise.race([once(out, 'drain'), failed]);
  }
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  await rename(partial, file);
}

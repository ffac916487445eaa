// What the readers of an import's files share (importCsv.ts, importOcd.ts): the shapes of a file, a read and a row,
// the size limit, UTF-8 decoding, the problem collector, and the rules that check a row's rich text and a
// meeting's cells the same way whichever file brings them.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { firstTimestamp, type CellResult, type ImportKind, type ImportProblem } from '../importChecks.ts';
import { createRequire } from 'node:module';
import { RICH_TEXT_LIMITS, richTextSizeProblem } from '../../lib/sanitize.ts';
import { richTextDrops } from './importRichText.ts';

/** The largest file an import reads: far above any one district's record; a larger one is split by district or year. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Where a CSV's column map is: beside it, named as it is with .columns.json for .csv. */
export const columnMapName = (csvPath: string) => basename(csvPath).replace(/\.csv$/i, '') + '.columns.json';

/** A Markdown or HTML file: read only when a CSV's summary_file or description_file cell names it. */
export const NAMED_ONLY = /\.(md|markdown|html?)$/i;

/** What a folder entry is when it is not a regular file, in words ('a symbolic link'), or null for a regular file. */
export function notRegular(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** A file's bytes, or why they were not read: 'big' (over the limit, with its size) or 'special' (what it is). */
export type RegularRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; big: number }
  | { ok: false; special: string }
  | { ok: false; missing: true };

/**
 * Reads a regular file, never through a link: opened with O_NOFOLLOW (and O_NONBLOCK, so a pipe put in its place
 * cannot hold the run), checked to be a regular file once open, and read to at most `max` bytes, counted as they are
 * read (a device or a growing file cannot make it read more).
 */
export function readRegular(path: string, max = MAX_FILE_BYTES): RegularRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (failure) {
    const code = (failure as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') return { ok: false, special: 'a symbolic link' };
    if (code === 'ENXIO') return { ok: false, special: 'a socket' };
    return { ok: false, missing: true };
  }
  try {
    const stats = fstatSync(fd);
    const special = notRegular(stats);
    if (special) return { ok: false, special };
    if (stats.size > max) return { ok: false, big: stats.size };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > max) return { ok: false, big: Math.max(stats.size, total) };
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the file a cell names (a summary_file), only if it is a regular file inside `folder`: not an absolute path,
 * no `..`, no symbolic link on the way (each part of the path is looked at with lstat before anything is opened).
 * Answers the bytes, or the message for the cell ("names …").
 */
export function readNamedFile(folder: string, name: string, shown: string): CellResult<Buffer> {
  if (isAbsolute(name) || /^[A-Za-z]:[\\/]/.test(name) || name.startsWith('\\'))
    return {
      ok: false,
      message:
        'is an absolute path; a summary file is named from the folder of the CSV (june-17.md, or summaries/june-17.md). Put the file inside the folder being imported.',
    };
  const parts = name.split(/[\\/]+/).filter((part) => part && part !== '.');
  if (parts.includes('..'))
    return {
      ok: false,
      message:
        'goes out of the folder of the CSV (..); the importer reads only files inside the folder being imported. Put the file beside the CSV, or in a folder under it.',
    };
  if (!NAMED_ONLY.test(name))
    return {
      ok: false,
      message: 'names a file that is neither Markdown (.md) nor HTML (.html). Save the summary as one of those.',
    };
  let path = folder;
  for (const [at, part] of parts.entries()) {
    path = join(path, part);
    let stats: Stats;
    try {
      stats = lstatSync(path);
    } catch {
      return {
        ok: false,
        message: `names a file that is not there (looked for ${shown}). Put the file beside the CSV or correct its name.`,
      };
    }
    const special = notRegular(stats);
    const last = at === parts.length - 1;
    if (special && !(special === 'a folder' && !last))
      return { ok: false, message: specialMessage(special, last ? 'names' : `names a path through ${part}, which is`) };
  }
  const read = readRegular(path);
  if (read.ok) return { ok: true, value: read.bytes };
  if ('special' in read) return { ok: false, message: specialMessage(read.special, 'names') };
  if ('big' in read) return { ok: false, message: `names a file larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.` };
  return {
    ok: false,
    message: `names a file that is not there (looked for ${shown}). Put the file beside the CSV or correct its name.`,
  };
}

/** Why an entry that is not a regular file is refused, after a verb ('names', 'is'): nothing outside the folder is read. */
export function specialMessage(special: string, verb: string): string {
  const what = verb === 'names' ? `names ${special}` : `${verb} ${special}`;
  if (special === 'a symbolic link')
    return `${what}: the importer reads only the files inside the folder, never a link (it could lead outside). Copy the file itself into the folder.`;
  if (special === 'a folder') return `${what}, not a file. Name the Markdown or HTML file itself.`;
  return `${what}, not a file: the importer reads only regular files. Save the text as a file in the folder.`;
}

/** The CSV files by name (a name may go on: meetings-2025.csv) and the JSON documents. */
export type FileKind = 'districts' | 'meetings' | 'topics' | 'votes' | 'ocd';

/** A file an import reads: where it is, what it holds, and the district its folder names (a folder named 1 is district 1). */
export interface ImportFile {
  path: string;
  /** The path as the report shows it: relative to what the operator named. */
  name: string;
  kind: FileKind;
  folderDistrict: number | null;
}

/** A row ready to be written: its kind, where it came from, its natural key, and its columns as the database names them. */
export interface ImportRow {
  kind: ImportKind;
  file: string;
  /** The row as a spreadsheet numbers it; for JSON, the document's place in the file (1 for the first). */
  row: number;
  /** Every spreadsheet row the record was read from (a vote is one row per member). */
  rows: number[];
  districtId: number | null;
  /** NCES id of a district row (districts only). */
  ncesId?: string | null;
  key: string;
  data: Record<string, unknown>;
  /** The members named in a vote's rows, with the spreadsheet row of each (for the spelling check). */
  members?: { name: string; row: number }[];
  /** The size of data as JSON, once the run has measured it. */
  bytes?: number;
  /** data as JSON, and its fingerprint (SHA-1, base64), once the run has made them. */
  json?: string;
  fingerprint?: string;
}

/** What reading one file found: its fingerprint, its rows (the usable ones) and its problems. */
export interface FileRead {
  file: ImportFile;
  sha256: string;
  bytes: number;
  rows: ImportRow[];
  problems: ImportProblem[];
  /** Rows refused by a problem found here. */
  refused: number;
  /** Objects of a scrape folder that are neither meetings nor votes (person, organization…), by type: listed once. */
  setAside?: Record<string, number>;
  /**
   * Refused rows whose natural key was read all the same (their district, date, title or issue had no problem), with
   * how many of `refused` each stands for. With --replace, the row the record holds under such a key is kept; a
   * refused row whose key is unknown keeps every row of its kind and district instead.
   */
  refusedKeys?: RefusedKey[];
}

/** A refused row's natural key (see FileRead.refusedKeys). */
export interface RefusedKey {
  kind: ImportKind;
  districtId: number;
  key: string;
  /** The rows of the file it stands for (a vote is one row per member). */
  rows: number;
}

/**
 * What one run's readers learn from one file for the next (files are read in order: districts first, and a scrape
 * folder's bill_ and person_ files before its vote_event_ files): the time zone --time-zone gives, each district's
 * time zone and state from districts.csv, and a scrape's bills and people by their ids.
 */
export interface ReadContext {
  timeZone: string | null;
  districtZones: Map<number, string>;
  districtStates: Map<number, string>;
  bills: Map<string, string>;
  people: Map<string, string>;
}

export const readContext: ReadContext = {
  timeZone: null,
  districtZones: new Map(),
  districtStates: new Map(),
  bills: new Map(),
  people: new Map(),
};

/** Starts a run's context afresh (the zone of --time-zone, or null). */
export function resetReadContext(timeZone: string | null = null): void {
  readContext.timeZone = timeZone;
  readContext.districtZones.clear();
  readContext.districtStates.clear();
  readContext.bills.clear();
  readContext.people.clear();
}

/** Reads a file's bytes as UTF-8, or says which row holds the first bytes that are not. */
export function decodeUtf8(bytes: Buffer): CellResult<string> {
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const at = text.indexOf('\uFFFD');
    const line = text.slice(0, at).split('\n').length;
    return {
      ok: false,
      message: `is not UTF-8 text: line ${line} holds bytes of another encoding. Save the file as "CSV UTF-8" (Excel) or with UTF-8 encoding, then import it again.`,
    };
  }
}

/** JSON with every object's keys in order: the same text for the same columns whatever order a reader set them in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

/** A problem collector for one file. */
export function problemsOf(file: ImportFile) {
  const list: ImportProblem[] = [];
  const add = (
    severity: ImportProblem['severity'],
    row: number | null,
    column: string | null,
    value: string | null,
    message: string,
  ) => list.push({ severity, file: file.name, row, column, value, message });
  return { list, error: add.bind(null, 'error'), warning: add.bind(null, 'warning') };
}

/** Reports one problem of a file: its row, column and value, and what is wrong in words. */
export type Report = (row: number | null, column: string | null, value: string | null, message: string) => void;

let boundOf: ((html: string) => string | null) | undefined;

/**
 * Why rich text is over the bounds the build shows it within (RICH_TEXT_LIMITS: its length, its elements, its depth),
 * or null. The length is counted here; the elements and the depth are measured as the build measures them, which
 * needs at least as many tags as the depth bound, so text with fewer is never parsed for it.
 */
export function richTextBound(html: string): string | null {
  const long = richTextSizeProblem(html);
  if (long) return long;
  if ((html.match(/</g)?.length ?? 0) <= RICH_TEXT_LIMITS.depth) return null;
  // Loaded the first time it is needed: jsdom takes seconds to load.
  boundOf ??= (
    createRequire(import.meta.url)(
      '../../lib/node/sanitizeJsdom.ts',
    ) as typeof import('../../lib/node/sanitizeJsdom.ts')
  ).richTextProblem;
  return boundOf(html);
}

/** Checks rich text: what the sanitiser would drop is a warning; a script or a javascript: link refuses the row. */
export function checkRich(
  number: number,
  column: string,
  html: string | null,
  error: Report,
  warning: Report,
): boolean {
  if (!html) return true;
  const over = richTextBound(html);
  if (over)
    warning(
      number,
      column,
      html.length > 200 ? `${html.slice(0, 200)}…` : html,
      `${over}, so the site will not show it: a page shows rich text within ${RICH_TEXT_LIMITS.characters.toLocaleString('en-US')} characters, ${RICH_TEXT_LIMITS.elements.toLocaleString('en-US')} elements and ${RICH_TEXT_LIMITS.depth} levels of tags. Shorten it (the full text can go in the minutes).`,
    );
  // Text over the bounds is never parsed by the build: what the sanitiser would drop from it does not arise.
  if (over) return true;
  const { dropped, unsafe } = richTextDrops(html);
  if (unsafe.length) {
    error(
      number,
      column,
      html,
      `holds ${unsafe.join(', ')}, which the site never shows or runs. Remove ${unsafe.length > 1 ? 'them' : 'it'} (links must start with https:// or mailto:).`,
    );
    return false;
  }
  if (dropped.length)
    warning(number, column, html, `holds formatting the site does not show; it will drop ${dropped.join(', ')}.`);
  return true;
}

/** The rules across a meeting's cells: a time needs its zone, a minutes status needs minutes, time stamps need a video. */
export function meetingRules(number: number, data: Record<string, unknown>, error: Report, warning: Report): void {
  if (data.start_time && !data.time_zone)
    error(
      number,
      'time_zone',
      '',
      `is empty but start_time is ${data.start_time}. Give the time zone the time is in, such as America/Los_Angeles.`,
    );
  if (data.minutes_status && !data.minutes_url)
    error(
      number,
      'minutes_status',
      String(data.minutes_status),
      'is given without minutes_url. Add the address of the minutes, or leave the status empty.',
    );
  const stamp = typeof data.summary === 'string' && !data.youtube_link ? firstTimestamp(data.summary) : null;
  if (stamp) {
    warning(
      number,
      'youtube_link',
      '',
      `is empty but the summary has time stamps (${stamp}), which link to the video only when the meeting has one. Add the video link, or leave the time stamps as plain text.`,
    );
  }
}

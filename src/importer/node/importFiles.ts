// Reading an import's files (npm run import): which files a folder holds, and each file read and checked whole: its
// size, its encoding and its fingerprint here, its rows by its reader (CSV: importCsv.ts; Open Civic Data JSON:
// importOcd.ts). Nothing here writes; importRun.ts does.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { forbiddenCharacter, forbiddenMessage, showForbidden, type ImportProblem } from '../importChecks.ts';
import { readCsv } from './importCsv.ts';
import { readOcd } from './importOcd.ts';
import {
  MAX_FILE_BYTES,
  NAMED_ONLY,
  columnMapName,
  decodeUtf8,
  notRegular,
  readRegular,
  specialMessage,
  type FileKind,
  type FileRead,
  type ImportFile,
  type ImportRow,
} from './importRows.ts';

const CSV_KIND = /^(districts|meetings|topics|votes)(?:[-_. ][^/]*)?\.csv$/i;

/** The kind of a file by its name, or null for a file an import does not read (Markdown and HTML are read through a CSV). */
export function fileKind(path: string): FileKind | null {
  const name = basename(path);
  const csv = CSV_KIND.exec(name);
  if (csv) return csv[1].toLowerCase() as FileKind;
  // A CSV's column map (votes.columns.json) is read with its CSV.
  if (/\.columns\.json$/i.test(name)) return null;
  return extname(name).toLowerCase() === '.json' ? 'ocd' : null;
}

/**
 * Whether a CSV that no name makes a kind of (a clerk's `roll-call-2025.csv`) is a roll-call sheet: its column map
 * beside it names the member columns (`"members": [...]`). It is read as votes then; the map is read again, and
 * checked, with the file. A map that is a link, or not JSON, makes it no roll-call sheet here (the link is refused as
 * every link in the folder is).
 */
export function isRollCallSheet(path: string): boolean {
  if (extname(path).toLowerCase() !== '.csv') return false;
  const map = readRegular(join(dirname(path), columnMapName(path)));
  if (!map.ok) return false;
  try {
    const value: unknown = JSON.parse(map.bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && Array.isArray((value as { members?: unknown }).members);
  } catch {
    return false;
  }
}

const ORDER: Record<FileKind, number> = { districts: 0, meetings: 1, topics: 2, votes: 3, ocd: 4 };

/**
 * Every entry under a folder, walked without following a link: regular files in `paths`; a symbolic link (to a file
 * or a folder), a named pipe, a socket or a device in `special`, never opened.
 */
function walk(dir: string, paths: string[], special: { path: string; what: string }[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, paths, special);
    else if (entry.isFile()) paths.push(path);
    else if (!entry.name.startsWith('.'))
      special.push({
        path,
        what: entry.isSymbolicLink()
          ? 'a symbolic link'
          : entry.isFIFO()
            ? 'a named pipe'
            : entry.isSocket()
              ? 'a socket'
              : 'a device',
      });
  }
}

/**
 * The files under what the operator named (files or folders, folders walked whole, never through a link), districts
 * first. Files of other kinds are listed in `ignored` (Markdown and HTML are not: a CSV names them); links, pipes,
 * sockets and devices in `refused`, with the reason, and never opened.
 */
export function findImportFiles(targets: string[]): {
  files: ImportFile[];
  ignored: string[];
  missing: string[];
  refused: { name: string; message: string }[];
} {
  const files: ImportFile[] = [];
  const ignored: string[] = [];
  const missing: string[] = [];
  const refused: { name: string; message: string }[] = [];
  for (const target of targets) {
    const top = resolve(target);
    let stat;
    try {
      stat = statSync(top);
    } catch {
      missing.push(target);
      continue;
    }
    const root = stat.isDirectory() ? top : dirname(top);
    const paths: string[] = [];
    const special: { path: string; what: string }[] = [];
    if (stat.isDirectory()) walk(top, paths, special);
    else if (notRegular(stat)) special.push({ path: top, what: notRegular(stat)! });
    else paths.push(top);
    for (const { path, what } of special) {
      const name = relative(root, path) || basename(path);
      // A Markdown or HTML one is refused by the row that names it; one of a kind an import never reads is listed as
      // not read, like any such file; a link to a folder is never followed.
      if (NAMED_ONLY.test(path)) continue;
      if (fileKind(path) || what === 'a symbolic link') refused.push({ name, message: specialMessage(what, 'is') });
      else ignored.push(name);
    }
    for (const path of paths.sort()) {
      const kind = fileKind(path) ?? (isRollCallSheet(path) ? 'votes' : null);
      const name = relative(root, path) || basename(path);
      if (!kind) {
        if (!NAMED_ONLY.test(path) && !/\.columns\.json$/i.test(path) && !basename(path).startsWith('.'))
          ignored.push(name);
        continue;
      }
      const folder = basename(dirname(path));
      files.push({
        path,
        name: stat.isDirectory() ? name : basename(path),
        kind,
        folderDistrict: /^\d{1,12}$/.test(folder) ? Number(folder) : null,
      });
    }
  }
  files.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.name.localeCompare(b.name));
  refused.sort((a, b) => a.name.localeCompare(b.name));
  return { files, ignored, missing, refused };
}

/** Reads and checks one file: its size, its encoding, then its rows. */
export function readImportFile(file: ImportFile): FileRead {
  const read: FileRead = { file, sha256: '', bytes: 0, rows: [], problems: [], refused: 0 };
  const got = readRegular(file.path);
  const refuse = (message: string) => {
    read.problems = [{ severity: 'error', file: file.name, row: null, column: null, value: null, message }];
    return read;
  };
  if (!got.ok) {
    if ('big' in got)
      return refuse(
        `is ${(got.big / 1024 / 1024).toFixed(0)} MB, larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB a file may be. Split it into several files (by district or by school year) in the same folder.`,
      );
    if ('special' in got) return refuse(specialMessage(got.special, 'is'));
    return refuse('is not there any more. Check the path.');
  }
  const bytes = got.bytes;
  read.bytes = bytes.length;
  read.sha256 = createHash('sha256').update(bytes).digest('hex');
  const text = decodeUtf8(bytes);
  if (!text.ok) {
    read.problems = [
      { severity: 'error', file: file.name, row: null, column: null, value: null, message: text.message },
    ];
    return read;
  }
  if (file.kind === 'ocd') readOcd(file, text.value, read);
  // csv-parse reads bytes: handing it the text would have it encode the file again.
  else readCsv(file, bytes, read);
  refuseForbidden(read);
  return read;
}

/** The file's column of a row's value, by the database's name of it (a CSV names a vote's date `date`). */
const COLUMN: Record<string, string> = { voteDate: 'date', districtId: 'district_id', record_id: 'record_id' };

/** The first string within a value (a list of topics, an OCD object) that holds a forbidden character. */
function forbiddenString(value: unknown): { text: string; found: { code: string; what: string } } | null {
  if (typeof value === 'string') {
    const found = forbiddenCharacter(value);
    return found ? { text: value, found } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const bad = forbiddenString(item);
    if (bad) return bad;
  }
  return null;
}

/** The first forbidden character in a row's values: its column, its spreadsheet row and the value. */
function forbiddenIn(row: ImportRow): Omit<ImportProblem, 'severity' | 'file'> | null {
  for (const [key, value] of Object.entries(row.data)) {
    if (key === 'votes' && Array.isArray(value)) {
      for (const vote of value as { name?: unknown; vote?: unknown }[]) {
        for (const [column, cell] of [
          ['member', vote.name],
          ['vote', vote.vote],
        ] as const) {
          const found = typeof cell === 'string' ? forbiddenCharacter(cell) : null;
          if (found) {
            const at = row.members?.find((member) => member.name === vote.name)?.row ?? row.row;
            return { row: at, column, value: showForbidden(cell as string), message: forbiddenMessage(found) };
          }
        }
      }
      continue;
    }
    const bad = forbiddenString(value);
    if (bad)
      return {
        row: row.row,
        column: COLUMN[key] ?? key,
        value: showForbidden(bad.text),
        message: forbiddenMessage(bad.found),
      };
  }
  return null;
}

/** Refuses every row that holds a character the site cannot store or show (NUL, the controls XML forbids). */
function refuseForbidden(read: FileRead): void {
  const kept: ImportRow[] = [];
  for (const row of read.rows) {
    const found = forbiddenIn(row);
    if (!found) {
      kept.push(row);
      continue;
    }
    read.problems.push({ severity: 'error', file: read.file.name, ...found });
    read.refused += 1;
  }
  if (kept.length !== read.rows.length) read.rows = kept;
}

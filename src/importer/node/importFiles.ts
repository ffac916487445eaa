// Reading an import's files (npm run import): which files a folder holds, and each file read and checked whole: its
// size, its encoding and its fingerprint here, its rows by its reader (CSV: importCsv.ts; Open Civic Data JSON:
// importOcd.ts). Nothing here writes; importRun.ts does.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { readCsv } from './importCsv.ts';
import { readOcd } from './importOcd.ts';
import { MAX_FILE_BYTES, decodeUtf8, type FileKind, type FileRead, type ImportFile } from './importRows.ts';

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

const ORDER: Record<FileKind, number> = { districts: 0, meetings: 1, topics: 2, votes: 3, ocd: 4 };

/**
 * The files under what the operator named (files or folders, folders walked whole), districts first. Files of other
 * kinds are listed in `ignored` (Markdown and HTML are not: a CSV names them).
 */
export function findImportFiles(targets: string[]): { files: ImportFile[]; ignored: string[]; missing: string[] } {
  const files: ImportFile[] = [];
  const ignored: string[] = [];
  const missing: string[] = [];
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
    const paths = stat.isDirectory()
      ? readdirSync(top, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [top];
    for (const path of paths.sort()) {
      const kind = fileKind(path);
      const name = relative(root, path) || basename(path);
      if (!kind) {
        if (!/\.(md|markdown|html?)$|\.columns\.json$/i.test(path) && !basename(path).startsWith('.'))
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
  return { files, ignored, missing };
}

/** Reads and checks one file: its size, its encoding, then its rows. */
export function readImportFile(file: ImportFile): FileRead {
  const read: FileRead = { file, sha256: '', bytes: 0, rows: [], problems: [], refused: 0 };
  const size = statSync(file.path).size;
  read.bytes = size;
  if (size > MAX_FILE_BYTES) {
    read.problems = [
      {
        severity: 'error',
        file: file.name,
        row: null,
        column: null,
        value: null,
        message: `is ${(size / 1024 / 1024).toFixed(0)} MB, larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB a file may be. Split it into several files (by district or by school year) in the same folder.`,
      },
    ];
    return read;
  }
  const bytes = readFileSync(file.path);
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
  return read;
}

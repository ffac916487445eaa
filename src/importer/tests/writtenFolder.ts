// What the importer's tests share: a folder written from a table of files (name → content, folders made as the names
// say), found and read as `npm run import` finds and reads one.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findImportFiles, readImportFile } from '../node/importFiles';

/** Writes the files into a new folder and reads every import file in it. */
export function readWrittenFolder(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'import-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const found = findImportFiles([dir]);
  const reads = found.files.map(readImportFile);
  return { dir, found, reads, rows: reads.flatMap((read) => read.rows) };
}

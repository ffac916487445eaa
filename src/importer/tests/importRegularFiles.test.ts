// Only regular files inside the folder are read: a summary_file that is an absolute path, goes up with `..`, or is a
// symbolic link, a pipe or a device is refused on its row; a link, pipe or socket in the folder is refused as a file;
// a folder link is never followed. Nothing outside the folder is opened, and the run ends promptly.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportFiles, readImportFile } from '../node/importFiles';

/** A folder outside the one imported, holding what must never be read. */
function outside() {
  const dir = mkdtempSync(join(tmpdir(), 'import-outside-'));
  writeFileSync(join(dir, 'secret.md'), 'SECRET FROM OUTSIDE');
  writeFileSync(join(dir, 'meetings.csv'), 'date,title,summary\n2025-01-01,Outside,SECRET FROM OUTSIDE\n');
  execFileSync('mkfifo', [join(dir, 'pipe.md')]);
  return dir;
}

function folder(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'import-inside-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

function readAll(dir: string) {
  const found = findImportFiles([dir]);
  const reads = found.files.map(readImportFile);
  return {
    found,
    reads,
    messages: [
      ...found.refused.map((r) => `${r.name}: ${r.message}`),
      ...reads.flatMap((read) =>
        read.problems.map((p) => `${p.file} ${p.row ?? '-'} ${p.column ?? '-'} ${p.value ?? '-'}: ${p.message}`),
      ),
    ],
    text: JSON.stringify(reads.map((read) => read.rows.map((row) => row.data))),
  };
}

const LINK = 'the importer reads only the files inside the folder, never a link (it could lead outside)';

describe('a summary_file is read only when it is a regular file inside the folder', () => {
  it('refuses ../, an absolute path, a link to a file, to /dev/zero, to a pipe, a pipe and a path through a folder link', () => {
    const away = outside();
    const dir = folder({
      '1/ok.md': 'Kept **summary**',
      '1/meetings.csv': [
        'date,title,summary_file',
        '2025-01-02,Up,../../../../etc/passwd',
        '2025-01-03,Absolute,/etc/passwd',
        '2025-01-04,Link,leak.md',
        '2025-01-05,Zero,zero.md',
        '2025-01-06,Pipe link,pipe-link.md',
        '2025-01-07,Pipe,pipe.md',
        '2025-01-08,Through,away/secret.md',
        '2025-01-09,Fine,ok.md',
        '',
      ].join('\n'),
    });
    symlinkSync('/etc/passwd', join(dir, '1/leak.md'));
    symlinkSync('/dev/zero', join(dir, '1/zero.md'));
    symlinkSync(join(away, 'pipe.md'), join(dir, '1/pipe-link.md'));
    execFileSync('mkfifo', [join(dir, '1/pipe.md')]);
    symlinkSync(away, join(dir, '1/away'));

    const started = Date.now();
    const { reads, messages, text } = readAll(dir);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(messages).toEqual([
      `1/away: is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
      `1/meetings.csv 2 summary_file ../../../../etc/passwd: goes out of the folder of the CSV (..); the importer reads only files inside the folder being imported. Put the file beside the CSV, or in a folder under it.`,
      `1/meetings.csv 3 summary_file /etc/passwd: is an absolute path; a summary file is named from the folder of the CSV (june-17.md, or summaries/june-17.md). Put the file inside the folder being imported.`,
      `1/meetings.csv 4 summary_file leak.md: names a symbolic link: ${LINK}. Copy the file itself into the folder.`,
      `1/meetings.csv 5 summary_file zero.md: names a symbolic link: ${LINK}. Copy the file itself into the folder.`,
      `1/meetings.csv 6 summary_file pipe-link.md: names a symbolic link: ${LINK}. Copy the file itself into the folder.`,
      `1/meetings.csv 7 summary_file pipe.md: names a named pipe, not a file: the importer reads only regular files. Save the text as a file in the folder.`,
      `1/meetings.csv 8 summary_file away/secret.md: names a path through away, which is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
    ]);
    expect(reads[0].rows.map((row) => [row.row, row.data.title, row.data.summary])).toEqual([
      [9, 'Fine', '<p>Kept <strong>summary</strong></p>'],
    ]);
    expect(text).not.toContain('root:');
    expect(text).not.toContain('SECRET');
  });
});

describe('a folder is walked without following a link', () => {
  it('refuses a CSV that is a link, a folder link, `loop -> ..`, a pipe and a socket, and reads each real file once', async () => {
    const away = outside();
    const dir = folder({ '1/meetings.csv': 'date,title\n2025-02-01,Inside\n' });
    symlinkSync('/etc/passwd', join(dir, '1/votes.csv'));
    symlinkSync('/dev/zero', join(dir, 'topics.csv'));
    symlinkSync(away, join(dir, '2'));
    symlinkSync('..', join(dir, '1/loop'));
    execFileSync('mkfifo', [join(dir, '1/meetings-pipe.csv')]);
    const socket = createServer();
    await new Promise<void>((done) => socket.listen(join(dir, '1/meetings-socket.csv'), done));
    try {
      const started = Date.now();
      const { found, reads, messages, text } = readAll(dir);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(found.files.map((file) => file.name)).toEqual(['1/meetings.csv']);
      expect(messages).toEqual([
        `1/loop: is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
        '1/meetings-pipe.csv: is a named pipe, not a file: the importer reads only regular files. Save the text as a file in the folder.',
        '1/meetings-socket.csv: is a socket, not a file: the importer reads only regular files. Save the text as a file in the folder.',
        `1/votes.csv: is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
        `2: is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
        `topics.csv: is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
      ]);
      expect(reads[0].rows.map((row) => row.data.title)).toEqual(['Inside']);
      expect(text).not.toContain('SECRET');
    } finally {
      socket.close();
    }
  });

  it('a file swapped for a link after the walk is refused when it is opened, never followed', () => {
    const dir = folder({ '1/meetings.csv': 'date,title\n2025-02-01,Inside\n' });
    const { files } = findImportFiles([dir]);
    execFileSync('rm', [join(dir, '1/meetings.csv')]);
    symlinkSync('/etc/passwd', join(dir, '1/meetings.csv'));
    const read = readImportFile(files[0]);
    expect(read.problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      `1/meetings.csv: is a symbolic link: ${LINK}. Copy the file itself into the folder.`,
    ]);
    expect(read.rows).toEqual([]);
  });
});

// Reading an import's CSV files (districts.csv, meetings.csv, topics.csv, votes.csv) through csv-parse: the header
// (every column named, none misspelt), then every row through the cell rules of ../importChecks.ts. Nothing here writes.
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  FORMULA_MESSAGE,
  MINUTES_STATUSES,
  SUMMARY_SOURCES,
  isTimeZone,
  looksLikeFormula,
  memberName,
  meetingKey,
  outcomeMismatch,
  parseChoice,
  parseCount,
  parseDate,
  parseFlag,
  parseWebLink,
  HTTP_LINK_WARNING,
  isHttpLink,
  parseTime,
  parseTopics,
  parseVideoLink,
  suggestColumn,
  topicKey,
  unguardCell,
  voteTable,
  votingKey,
  type CellResult,
  type ImportKind,
} from '../importChecks.ts';
import { markdownToHtml } from './importRichText.ts';
import {
  checkRich,
  columnMapName,
  decodeUtf8,
  meetingRules,
  problemsOf,
  MAX_FILE_BYTES,
  readNamedFile,
  readRegular,
  specialMessage,
  readContext,
  type FileKind,
  type FileRead,
  type ImportFile,
  type Report,
} from './importRows.ts';

/** The columns of each CSV: the database's own names (votes.csv: those of the site's /{id}/votes.csv). */
export const CSV_COLUMNS = {
  districts: ['id', 'nces_id', 'name', 'state', 'county', 'address', 'phone', 'totalStudents', 'time_zone'],
  meetings: [
    'district_id',
    'id',
    'date',
    'title',
    'topics',
    'summary',
    'summary_file',
    'summary_source',
    'meeting_type',
    'isUpcoming',
    'youtube_link',
    'start_time',
    'time_zone',
    'agenda_url',
    'minutes_url',
    'minutes_status',
    'full_video_url',
  ],
  topics: ['district_id', 'id', 'title', 'description', 'description_file', 'upvotes', 'downvotes'],
  votes: ['district_id', 'date', 'category', 'issue', 'outcome', 'member', 'vote', 'record_id', 'table'],
} as const;

/** Columns a file must have (district_id too, unless the file's folder names the district). */
const REQUIRED: Record<Exclude<FileKind, 'ocd'>, string[]> = {
  districts: ['name'],
  meetings: ['date'],
  topics: ['title'],
  votes: ['date', 'issue', 'member', 'vote'],
};

/** Cells that must not be empty, beside the required columns' own. */
const REQUIRED_CELLS: Record<Exclude<FileKind, 'ocd'>, string[]> = {
  districts: ['name'],
  meetings: ['date'],
  topics: ['title'],
  votes: ['date', 'issue'],
};

/** The rich text of a cell or of the file a *_file cell names (Markdown through marked; HTML as written). */
function richText(
  file: ImportFile,
  cell: string | undefined,
  fileCell: string | undefined,
): CellResult<string | null> & { from?: string } {
  if (fileCell?.trim()) {
    const name = fileCell.trim();
    const path = resolve(dirname(file.path), name);
    const named = readNamedFile(dirname(file.path), name, relative(process.cwd(), path) || path);
    if (!named.ok) return named;
    const bytes = named.value;
    const text = decodeUtf8(bytes);
    if (!text.ok) return text;
    const content = text.value.replace(/^\uFEFF/, '');
    return { ok: true, value: /\.(md|markdown)$/i.test(name) ? markdownToHtml(content) : content.trim(), from: name };
  }
  const text = cell ?? '';
  return { ok: true, value: text.trim() ? text.trim() : null };
}

type Cells = Record<string, string>;

/** The columns of a row whose cell the file wrote as text with a leading single quote ('=…). */
const GUARDED = new WeakMap<Cells, Set<string>>();
function guardedColumns(cells: Cells): Set<string> {
  let set = GUARDED.get(cells);
  if (!set) GUARDED.set(cells, (set = new Set()));
  return set;
}

/**
 * Reads one CSV: its header (every column named, none misspelt), then each row through the cell rules. Rows are
 * numbered as a spreadsheet shows them (the header is row 1; a cell with line breaks is still one row).
 */
export function readCsv(file: ImportFile, text: string | Buffer, read: FileRead): void {
  const kind = file.kind as Exclude<FileKind, 'ocd'>;
  const { list, error, warning } = problemsOf(file);
  read.problems = list;
  let records: string[][];
  try {
    records = parseCsv(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      relax_quotes: false,
    }) as string[][];
  } catch (failure) {
    const { lines } = failure as { lines?: number };
    error(
      lines ?? null,
      null,
      null,
      `cannot be read as CSV (${(failure as Error).message.replace(/^Invalid /, 'invalid ')}). Open it in a spreadsheet and save it again as CSV.`,
    );
    return;
  }
  if (records.length === 0 || records[0].every((cell) => !cell.trim())) {
    error(
      1,
      null,
      null,
      `is empty or its first row is blank. The first row names the columns (${CSV_COLUMNS[kind].slice(0, 5).join(', ')}, …).`,
    );
    return;
  }
  const known: readonly string[] = CSV_COLUMNS[kind];
  const header = records[0].map((cell) => cell.replace(/^\uFEFF/, '').trim());
  const map = columnMap(file, kind, header, error);
  if (map === false) return;
  const memberColumns = new Set(map?.members ?? []);
  const columns: (string | null)[] = header.map((name) =>
    map
      ? (Object.entries(map.columns).find(([, from]) => from.toLowerCase() === name.toLowerCase())?.[0] ?? null)
      : (known.find((column) => column.toLowerCase() === name.toLowerCase()) ?? null),
  );
  if (map) {
    const ignored = header.filter((name, at) => name && !columns[at] && !memberColumns.has(name));
    if (ignored.length)
      warning(
        1,
        null,
        ignored.join(', '),
        `${ignored.length === 1 ? 'is a header' : 'are headers'} the column map${map.file ? ` (${map.file})` : ''} leaves out: not read.`,
      );
  }
  if (!map && columns.every((column) => column === null)) {
    const looksLikeData = records[0].some((cell) => parseDate(cell).ok || /^\d+([.,]\d+)?$/.test(cell.trim()));
    error(
      1,
      null,
      quoteOf(records[0].join(',')),
      looksLikeData
        ? `has no header row: the first row should name the columns (${known.slice(0, 6).join(', ')}, …) but it looks like data. Add the header row at the top.`
        : `has a header row, but none of its headers is a column of ${kind}.csv (${known.slice(0, 6).join(', ')}, …).${kind === 'votes' ? ' One column per member? Add a column map beside it' : ' Add a column map beside it'} (${mapName(file)}, see docs/import.md), or rename the headers.`,
    );
    return;
  }
  if (map) {
    // Headers the map leaves out were listed once above; only the mapped ones are read.
    header.forEach((_, at) => {
      if (!columns[at]) header[at] = '';
    });
  }
  let usable = true;
  header.forEach((name, at) => {
    if (columns[at] || !name) return;
    const guess = suggestColumn(name, known);
    error(
      1,
      name,
      name,
      guess
        ? `is not a column of ${kind}.csv. Did you mean "${guess}"? Correct the header.`
        : `is not a column of ${kind}.csv (its columns: ${known.join(', ')}). Correct or remove it.`,
    );
    usable = false;
  });
  const seen = new Set<string>();
  columns.forEach((column) => {
    if (column && seen.has(column)) {
      error(1, column, column, 'is named twice in the header. Keep one.');
      usable = false;
    }
    if (column) seen.add(column);
  });
  if (memberColumns.size) seen.add('member').add('vote');
  const needed = [...REQUIRED[kind], ...(kind !== 'districts' && file.folderDistrict === null ? ['district_id'] : [])];
  if (kind === 'districts' && !seen.has('id') && !seen.has('nces_id')) needed.push('id');
  for (const column of needed) {
    if (!seen.has(column)) {
      error(
        1,
        column,
        null,
        `is missing: ${kind}.csv needs a "${column}" column${column === 'district_id' ? ' (or put the file in a folder named by the district id, such as 1/' + kind + '.csv)' : ''}. Add it to the header.`,
      );
      usable = false;
    }
  }
  if (!usable) return;

  const rows: { number: number; cells: Cells }[] = [];
  records.slice(1).forEach((record, at) => {
    const number = at + 2;
    if (record.every((cell) => !cell.trim())) return;
    const cells: Cells = {};
    columns.forEach((column, i) => {
      if (!column) return;
      cells[column] = unguardCell(record[i] ?? '');
      if (cells[column] !== (record[i] ?? '')) guardedColumns(cells).add(column);
    });
    if (record.length > header.length && record.slice(header.length).some((cell) => cell.trim())) {
      warning(
        number,
        null,
        quoteOf(record.slice(header.length).join(',')),
        'has more cells than the header has columns; the extra cells are not read. Check for a comma that should be inside quotes.',
      );
    }
    if (!memberColumns.size) {
      rows.push({ number, cells });
      return;
    }
    // A roll-call sheet: one column per member, each cell that member's vote (empty: no vote recorded).
    records[0].forEach((name, i) => {
      const member = name.replace(/^\uFEFF/, '').trim();
      if (!memberColumns.has(member)) return;
      rows.push({ number, cells: { ...cells, member, vote: unguardCell(record[i] ?? '') } });
    });
  });
  const readers = {
    districts: readDistrictRows,
    meetings: readMeetingRows,
    topics: readTopicRows,
    votes: readVoteRows,
  };
  readers[kind](file, rows, read, error, warning);
}

const mapName = (file: ImportFile) => columnMapName(file.path);

/** The site's own vote table's headers: a sheet with them (then one column per member) needs no column map. */
const VOTE_TABLE_HEADERS = {
  date: 'Date',
  category: 'Category',
  issue: 'Issue (Brief Description)',
  outcome: 'Outcome',
};

/**
 * A CSV's column map: the importer's column names to the file's headers, and members, the headers of a roll-call
 * sheet's member columns. From <name>.columns.json beside the file, else the site's vote-table headers; null when
 * the file names the columns itself, false when the map is unreadable (reported).
 */
function columnMap(
  file: ImportFile,
  kind: Exclude<FileKind, 'ocd'>,
  header: string[],
  error: Report,
): { columns: Record<string, string>; members: string[]; file: string | null } | null | false {
  const path = join(dirname(file.path), mapName(file));
  // Read as every file of the folder is: a regular file only, never through a link, within the size limit.
  const read = readRegular(path);
  if (!read.ok && 'special' in read) {
    error(null, null, mapName(file), specialMessage(read.special, 'is'));
    return false;
  }
  if (!read.ok && 'big' in read) {
    error(null, null, mapName(file), `is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; a column map is a few lines.`);
    return false;
  }
  if (read.ok) {
    let value: unknown;
    try {
      value = JSON.parse(read.bytes.toString('utf8'));
    } catch (failure) {
      error(
        null,
        null,
        mapName(file),
        `is not JSON (${(failure as Error).message}). Write it as {"date": "event_date", …}.`,
      );
      return false;
    }
    const known: readonly string[] = CSV_COLUMNS[kind];
    const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
    const columns: Record<string, string> = {};
    let members: string[] = [];
    for (const [name, from] of entries) {
      if (name === 'members' && kind === 'votes' && Array.isArray(from) && from.every((h) => typeof h === 'string')) {
        members = from.map((h) => h.trim());
        continue;
      }
      if (!known.includes(name) || typeof from !== 'string') {
        error(
          null,
          name,
          mapName(file),
          `is not a column of ${kind}.csv the map can name (its columns: ${known.join(', ')}${kind === 'votes' ? '; and "members": [header, …]' : ''}). Correct the map.`,
        );
        return false;
      }
      columns[name] = from.trim();
    }
    const missing = [...Object.values(columns), ...members].filter(
      (from) => !header.some((h) => h.toLowerCase() === from.toLowerCase()),
    );
    if (missing.length) {
      error(
        1,
        null,
        missing.join(', '),
        `${missing.length === 1 ? 'is' : 'are'} named in ${mapName(file)} but not in the header. Correct the map or the header.`,
      );
      return false;
    }
    return { columns, members, file: mapName(file) };
  }
  if (kind !== 'votes') return null;
  const lower = header.map((h) => h.toLowerCase());
  if (!Object.values(VOTE_TABLE_HEADERS).every((h) => lower.includes(h.toLowerCase()))) return null;
  const named = new Set(Object.values(VOTE_TABLE_HEADERS).map((h) => h.toLowerCase()));
  return {
    columns: Object.fromEntries(
      Object.entries(VOTE_TABLE_HEADERS).map(([name, from]) => [name, header[lower.indexOf(from.toLowerCase())]]),
    ),
    members: header.filter((h) => h && !named.has(h.toLowerCase())),
    file: null,
  };
}

const quoteOf = (text: string) => (text.length > 200 ? `${text.slice(0, 197)}…` : text);

/** Checks the cells every text column shares: a formula-like start (refused; quoted, it is text) and required cells. */
function commonCells(
  kind: Exclude<FileKind, 'ocd'>,
  number: number,
  cells: Cells,
  error: Report,
  rich: string[],
): boolean {
  let fine = true;
  for (const column of REQUIRED_CELLS[kind]) {
    if (column in cells && !cells[column].trim()) {
      error(
        number,
        column,
        '',
        `is empty. Every ${kind === 'votes' ? 'vote' : kind.slice(0, -1)} needs its ${column}.`,
      );
      fine = false;
    }
  }
  for (const [column, value] of Object.entries(cells)) {
    // unguardCell took the quote of a cell written as text ('=…) off already: only an unquoted one gets here.
    if (rich.includes(column) || !looksLikeFormula(value) || GUARDED.get(cells)?.has(column)) continue;
    error(number, column, value, FORMULA_MESSAGE);
    fine = false;
  }
  return fine;
}

/** The district a row belongs to: its district_id cell, else its folder's; a disagreement is an error. */
function rowDistrict(file: ImportFile, number: number, cells: Cells, error: Report): number | null {
  const cell = cells.district_id?.trim() ?? '';
  if (!cell) {
    if (file.folderDistrict !== null) return file.folderDistrict;
    error(
      number,
      'district_id',
      '',
      'is empty. Write the district id (the number in the district page address, /1 for district 1).',
    );
    return null;
  }
  const parsed = parseCount(cell);
  if (!parsed.ok || parsed.value < 1) {
    error(
      number,
      'district_id',
      cell,
      'is not a district id. Write the number in the district page address (/1 for district 1).',
    );
    return null;
  }
  if (file.folderDistrict !== null && parsed.value !== file.folderDistrict) {
    error(
      number,
      'district_id',
      cell,
      `names district ${parsed.value} but the file is in the folder of district ${file.folderDistrict}. Move the row or correct the id.`,
    );
    return null;
  }
  return parsed.value;
}

/** Reads an optional cell through a rule into data[column]: an empty cell is null; a bad one is an error. */
function optionalCell<T>(
  number: number,
  column: string,
  cells: Cells,
  data: Record<string, unknown>,
  error: Report,
  rule: (cell: string) => CellResult<T>,
  as = column,
): boolean {
  if (!(column in cells)) return true;
  const cell = cells[column];
  if (!cell.trim()) {
    data[as] = null;
    return true;
  }
  const result = rule(cell);
  if (!result.ok) {
    error(number, column, cell, result.message);
    return false;
  }
  data[as] = result.value;
  return true;
}

/** Text cells: trimmed, empty as null, at most `max` characters. */
function textCell(
  number: number,
  column: string,
  cells: Cells,
  data: Record<string, unknown>,
  error: Report,
  max = 500,
  as = column,
): boolean {
  return optionalCell(
    number,
    column,
    cells,
    data,
    error,
    (cell) =>
      cell.trim().length > max
        ? { ok: false, message: `is longer than ${max} characters.` }
        : { ok: true, value: cell.trim() },
    as,
  );
}

/** A time zone cell: its IANA name. */
const timeZoneRule = (cell: string): CellResult<string> =>
  isTimeZone(cell.trim())
    ? { ok: true, value: cell.trim() }
    : {
        ok: false,
        message: 'is not a time zone. Write its IANA name, such as America/Los_Angeles or America/New_York.',
      };

/** An optional id a row brings (kept when it is free, so an exported record loads back with its ids). */
const idRule = (cell: string): CellResult<number> => {
  const parsed = parseCount(cell);
  return parsed.ok && parsed.value >= 1
    ? parsed
    : { ok: false, message: 'is not an id (a whole number from 1). Leave it empty for a new row.' };
};

function readDistrictRows(
  file: ImportFile,
  rows: { number: number; cells: Cells }[],
  read: FileRead,
  error: Report,
): void {
  for (const { number, cells } of rows) {
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('districts', number, cells, error, []);
    const data: Record<string, unknown> = {};
    optionalCell(number, 'id', cells, data, error, idRule);
    optionalCell(number, 'nces_id', cells, data, error, (cell) =>
      /^\d{7}$/.test(cell.trim())
        ? { ok: true, value: cell.trim() }
        : { ok: false, message: 'is not an NCES district id (seven digits, such as 0629610).' },
    );
    textCell(number, 'name', cells, data, error, 300);
    optionalCell(number, 'state', cells, data, error, (cell) =>
      /^[A-Za-z]{2}$/.test(cell.trim())
        ? { ok: true, value: cell.trim().toUpperCase() }
        : { ok: false, message: 'is not a two-letter state code (CA, NY, …).' },
    );
    textCell(number, 'county', cells, data, error, 200);
    textCell(number, 'address', cells, data, error, 500);
    textCell(number, 'phone', cells, data, error, 50);
    optionalCell(number, 'totalStudents', cells, data, error, parseCount);
    // The district's time zone is not a column of the site: it places the Open Civic Data event times of this run.
    const zone: Record<string, unknown> = {};
    optionalCell(number, 'time_zone', cells, zone, error, timeZoneRule);
    if (data.id == null && data.nces_id == null)
      error(
        number,
        'id',
        '',
        'and nces_id are both empty. Give the district id, or its NCES id to match a district already on the site.',
      );
    if (read.problems.filter((p) => p.severity === 'error').length > before) {
      read.refused += 1;
      continue;
    }
    const id = (data.id as number | null | undefined) ?? null;
    if (id !== null && typeof zone.time_zone === 'string') readContext.districtZones.set(id, zone.time_zone);
    if (id !== null && typeof data.state === 'string') readContext.districtStates.set(id, data.state);
    read.rows.push({
      kind: 'districts',
      file: file.name,
      row: number,
      rows: [number],
      districtId: id,
      ncesId: (data.nces_id as string | null | undefined) ?? null,
      key: id !== null ? `id ${id}` : `nces ${data.nces_id}`,
      data,
    });
  }
}

/** Whether no error found since `at` is in a column the row's natural key is made of (its district's has none). */
function keyRead(read: FileRead, at: number, columns: string[]): boolean {
  return !read.problems
    .slice(at)
    .some((p) => p.severity === 'error' && p.column !== null && columns.includes(p.column));
}

/** Notes a refused row's natural key (FileRead.refusedKeys): with --replace, the record's row of that key is kept. */
function refusedKey(read: FileRead, kind: ImportKind, districtId: number, key: string, rows: number): void {
  (read.refusedKeys ??= []).push({ kind, districtId, key, rows });
}

/** A text column's value as read, or null when it was empty or not given. */
const nullableText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readMeetingRows(
  file: ImportFile,
  rows: { number: number; cells: Cells }[],
  read: FileRead,
  error: Report,
  warning: Report,
): void {
  for (const { number, cells } of rows) {
    const at = read.problems.length;
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('meetings', number, cells, error, ['summary']);
    const districtId = rowDistrict(file, number, cells, error);
    const data: Record<string, unknown> = {};
    optionalCell(number, 'id', cells, data, error, idRule);
    optionalCell(number, 'date', cells, data, error, parseDate);
    textCell(number, 'title', cells, data, error, 300);
    optionalCell(number, 'topics', cells, data, error, parseTopics);
    if ('summary' in cells || 'summary_file' in cells) {
      if (cells.summary?.trim() && cells.summary_file?.trim())
        error(number, 'summary_file', cells.summary_file, 'is given beside a summary cell. Use one of them.');
      const summary = richText(file, cells.summary, cells.summary_file);
      if (!summary.ok) error(number, 'summary_file', cells.summary_file ?? null, summary.message);
      else if (checkRich(number, summary.from ? 'summary_file' : 'summary', summary.value, error, warning))
        data.summary = summary.value;
    }
    optionalCell(number, 'summary_source', cells, data, error, (cell) => parseChoice(cell, SUMMARY_SOURCES));
    textCell(number, 'meeting_type', cells, data, error, 100);
    if ('meeting_type' in data && data.meeting_type === null) data.meeting_type = 'normal';
    optionalCell(number, 'isUpcoming', cells, data, error, parseFlag);
    if ('isUpcoming' in data && data.isUpcoming === null) data.isUpcoming = false;
    optionalCell(number, 'youtube_link', cells, data, error, parseVideoLink);
    optionalCell(number, 'start_time', cells, data, error, parseTime);
    optionalCell(number, 'time_zone', cells, data, error, timeZoneRule);
    for (const column of ['agenda_url', 'minutes_url', 'full_video_url']) {
      optionalCell(number, column, cells, data, error, parseWebLink);
      const link = data[column];
      if (typeof link === 'string' && isHttpLink(link)) warning(number, column, link, HTTP_LINK_WARNING);
    }
    optionalCell(number, 'minutes_status', cells, data, error, (cell) => parseChoice(cell, MINUTES_STATUSES));
    meetingRules(number, data, error, warning);
    if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null) {
      read.refused += 1;
      if (districtId !== null && typeof data.date === 'string' && keyRead(read, at, ['date', 'title']))
        refusedKey(read, 'meetings', districtId, meetingKey(districtId, data.date, nullableText(data.title)), 1);
      continue;
    }
    data.districtId = districtId;
    read.rows.push({
      kind: 'meetings',
      file: file.name,
      row: number,
      rows: [number],
      districtId,
      key: meetingKey(districtId, data.date as string, (data.title as string | null | undefined) ?? null),
      data,
    });
  }
}

function readTopicRows(
  file: ImportFile,
  rows: { number: number; cells: Cells }[],
  read: FileRead,
  error: Report,
  warning: Report,
): void {
  for (const { number, cells } of rows) {
    const at = read.problems.length;
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('topics', number, cells, error, ['description']);
    const districtId = rowDistrict(file, number, cells, error);
    const data: Record<string, unknown> = {};
    optionalCell(number, 'id', cells, data, error, idRule);
    textCell(number, 'title', cells, data, error, 300);
    if ('description' in cells || 'description_file' in cells) {
      if (cells.description?.trim() && cells.description_file?.trim())
        error(
          number,
          'description_file',
          cells.description_file,
          'is given beside a description cell. Use one of them.',
        );
      const description = richText(file, cells.description, cells.description_file);
      if (!description.ok) error(number, 'description_file', cells.description_file ?? null, description.message);
      else if (
        checkRich(number, description.from ? 'description_file' : 'description', description.value, error, warning)
      )
        data.description = description.value;
    }
    optionalCell(number, 'upvotes', cells, data, error, parseCount);
    optionalCell(number, 'downvotes', cells, data, error, parseCount);
    if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null) {
      read.refused += 1;
      if (districtId !== null && typeof data.title === 'string' && keyRead(read, at, ['title']))
        refusedKey(read, 'topics', districtId, topicKey(districtId, data.title), 1);
      continue;
    }
    data.districtId = districtId;
    read.rows.push({
      kind: 'topics',
      file: file.name,
      row: number,
      rows: [number],
      districtId,
      key: topicKey(districtId, data.title as string),
      data,
    });
  }
}

/** One vote record gathered from its member rows. */
interface VoteRecord {
  districtId: number;
  date: string;
  issue: string;
  rows: number[];
  first: Cells;
  votes: { name: string; vote: string }[];
  members: { name: string; row: number }[];
  bad: boolean;
}

/** votes.csv: one row per member's vote (a row with no member records a decision taken without a roll call). */
function readVoteRows(file: ImportFile, rows: { number: number; cells: Cells }[], read: FileRead, error: Report): void {
  const records = new Map<string, VoteRecord>();
  const order: VoteRecord[] = [];
  let refusedRows = 0;
  for (const { number, cells } of rows) {
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('votes', number, cells, error, []);
    const districtId = rowDistrict(file, number, cells, error);
    const date = cells.date?.trim() ? parseDate(cells.date) : null;
    if (date && !date.ok) error(number, 'date', cells.date, date.message);
    const issue = cells.issue?.trim() ?? '';
    if (issue.length > 1000) error(number, 'issue', issue, 'is longer than 1,000 characters.');
    const member = memberName(cells.member ?? '');
    const vote = (cells.vote ?? '').trim();
    if (!member && vote) error(number, 'member', '', `is empty but the vote is "${vote}". Write the member's name.`);
    if ('table' in cells && cells.table.trim() && !['recent', 'past'].includes(cells.table.trim().toLowerCase()))
      error(
        number,
        'table',
        cells.table,
        "is not recent or past (the Voting tab's current or past table). Leave it empty to let the date decide.",
      );
    if ('record_id' in cells && cells.record_id.trim() && !idRule(cells.record_id).ok)
      error(
        number,
        'record_id',
        cells.record_id,
        'is not an id (a whole number from 1). Leave it empty for a new vote.',
      );
    const failed = read.problems.filter((p) => p.severity === 'error').length > before;
    if (districtId === null || !date?.ok || !issue) {
      refusedRows += 1;
      continue;
    }
    const key = votingKey(districtId, date.value, issue);
    let record = records.get(key);
    if (!record) {
      record = { districtId, date: date.value, issue, rows: [], first: cells, votes: [], members: [], bad: false };
      records.set(key, record);
      order.push(record);
    } else {
      for (const column of ['category', 'outcome', 'record_id', 'table']) {
        if (!(column in cells) || cells[column].trim() === (record.first[column] ?? '').trim()) continue;
        error(
          number,
          column,
          cells[column],
          `differs from row ${record.rows[0]}, another member's vote on the same issue ("${(record.first[column] ?? '').trim()}"). One vote has one ${column}: make them the same.`,
        );
        record.bad = true;
      }
    }
    record.rows.push(number);
    if (failed) record.bad = true;
    if (!member) continue;
    const twice = record.members.find((m) => m.name === member);
    if (twice) {
      error(number, 'member', member, `votes twice on this issue (also row ${twice.row}). Keep one row per member.`);
      record.bad = true;
      continue;
    }
    record.members.push({ name: member, row: number });
    // No vote recorded (an empty cell, as the site's CSV writes '-') is kept as '-'.
    record.votes.push({ name: member, vote: vote || '-' });
  }
  read.refused += refusedRows;
  const newest = new Map<number, string>();
  for (const record of order)
    if ((newest.get(record.districtId) ?? '') < record.date) newest.set(record.districtId, record.date);
  for (const record of order) {
    const cells = record.first;
    const outcome = cells.outcome?.trim() || null;
    // A decision with no roll call keeps its outcome as written (Tabled, or counts published alone): nothing to check.
    const mismatch = record.votes.length ? outcomeMismatch(outcome, record.votes) : null;
    if (mismatch) {
      error(record.rows[0], 'outcome', outcome, mismatch);
      record.bad = true;
    }
    if (record.bad) {
      read.refused += record.rows.length;
      refusedKey(
        read,
        'votings',
        record.districtId,
        votingKey(record.districtId, record.date, record.issue),
        record.rows.length,
      );
      continue;
    }
    const data: Record<string, unknown> = {
      districtId: record.districtId,
      voteDate: record.date,
      issue: record.issue,
      type: cells.table?.trim()
        ? cells.table.trim().toLowerCase()
        : voteTable(record.date, newest.get(record.districtId)!),
      votes: record.votes,
    };
    if ('category' in cells) data.category = cells.category.trim() || null;
    if ('outcome' in cells) data.outcome = outcome;
    if (cells.record_id?.trim())
      data.id = idRule(cells.record_id).ok ? Number(cells.record_id.replace(/[, ]/g, '')) : undefined;
    read.rows.push({
      kind: 'votings',
      file: file.name,
      row: record.rows[0],
      rows: record.rows,
      districtId: record.districtId,
      key: votingKey(record.districtId, record.date, record.issue),
      data,
      members: record.members,
    });
  }
}

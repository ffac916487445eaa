// Reading an import's files (npm run import): which files a folder holds, each CSV through csv-parse, each Open Civic
// Data JSON document through a zod schema, Markdown through marked, rich text checked against the one sanitiser, and
// every cell through the rules of src/lib/importChecks.ts. Nothing here writes; src/lib/node/importRun.ts does.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { marked } from 'marked';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import * as z from 'zod';
import { ALLOWED_ATTR, ALLOWED_TAGS, ALLOWED_URI_REGEXP, type Sanitize } from '../sanitize.ts';
import {
  FORMULA_MESSAGE, MINUTES_STATUSES, SUMMARY_SOURCES, firstTimestamp, isTimeZone, looksLikeFormula, memberName, meetingKey, outcomeMismatch, parseChoice,
  parseCount, parseDate, parseFlag, parseHttpsLink, parseTime, parseTopics, parseVideoLink, suggestColumn, topicKey, unguardCell, voteTable,
  votingKey, type CellResult, type ImportKind, type ImportProblem,
} from '../importChecks.ts';

/** The largest file an import reads: far above any one district's record; a larger one is split by district or year. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** How deeply an Open Civic Data document may nest: the deepest the site writes is 5 levels. */
export const MAX_JSON_DEPTH = 32;

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
}

const CSV_KIND = /^(districts|meetings|topics|votes)(?:[-_. ][^/]*)?\.csv$/i;

/** The kind of a file by its name, or null for a file an import does not read (Markdown and HTML are read through a CSV). */
export function fileKind(path: string): FileKind | null {
  const name = basename(path);
  const csv = CSV_KIND.exec(name);
  if (csv) return csv[1].toLowerCase() as FileKind;
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
      ? readdirSync(top, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
      : [top];
    for (const path of paths.sort()) {
      const kind = fileKind(path);
      const name = relative(root, path) || basename(path);
      if (!kind) {
        if (!/\.(md|markdown|html?)$/i.test(path) && !basename(path).startsWith('.')) ignored.push(name);
        continue;
      }
      const folder = basename(dirname(path));
      files.push({ path, name: stat.isDirectory() ? name : basename(path), kind, folderDistrict: /^\d{1,12}$/.test(folder) ? Number(folder) : null });
    }
  }
  files.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.name.localeCompare(b.name));
  return { files, ignored, missing };
}

/** The columns of each CSV: the database's own names (votes.csv: those of the site's /{id}/votes.csv). */
export const CSV_COLUMNS = {
  districts: ['id', 'nces_id', 'name', 'state', 'county', 'address', 'phone', 'totalStudents'],
  meetings: ['district_id', 'id', 'date', 'title', 'topics', 'summary', 'summary_file', 'summary_source', 'meeting_type', 'isUpcoming', 'youtube_link',
    'start_time', 'time_zone', 'agenda_url', 'minutes_url', 'minutes_status', 'full_video_url'],
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

/** Reads a file's bytes as UTF-8, or says which row holds the first bytes that are not. */
function decodeUtf8(bytes: Buffer): CellResult<string> {
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const at = text.indexOf('\uFFFD');
    const line = text.slice(0, at).split('\n').length;
    return { ok: false, message: `is not UTF-8 text: line ${line} holds bytes of another encoding. Save the file as "CSV UTF-8" (Excel) or with UTF-8 encoding, then import it again.` };
  }
}

/** How deeply a parsed JSON value nests (a value with no object or array inside is 0). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

// ---------------------------------------------------------------------------------------------------------------
// Rich text: Markdown to HTML, and what the sanitiser would drop.
// ---------------------------------------------------------------------------------------------------------------

/** Markdown as HTML (CommonMark and GitHub's tables, through marked), without the trailing new line. */
export function markdownToHtml(markdown: string): string {
  return (marked.parse(markdown, { async: false, gfm: true }) as string).trim();
}

type Node = DefaultTreeAdapterTypes.ChildNode;
type Parent = DefaultTreeAdapterTypes.ParentNode;

const TAGS = new Set(ALLOWED_TAGS);
const ATTRS = new Set(ALLOWED_ATTR);
const UNSAFE_TAGS = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math', 'template', 'noscript']);
const UNSAFE_URL = /^\s*(?:javascript|vbscript|data):/i;

/** What rich text holds, as the browser parses it: each tag, attribute and link by name, counted. */
function inventory(html: string): { items: Map<string, number>; unsafe: string[]; outside: boolean } {
  const items = new Map<string, number>();
  const unsafe: string[] = [];
  let outside = false;
  const count = (item: string) => items.set(item, (items.get(item) ?? 0) + 1);
  const walk = (parent: Parent) => {
    for (const node of parent.childNodes as Node[]) {
      if (node.nodeName === '#comment') {
        outside = true;
        count('a comment');
        continue;
      }
      if (!('tagName' in node)) continue;
      const tag = node.tagName.toLowerCase();
      const heading = /^h[1-6]$/.test(tag);
      if (!TAGS.has(tag)) outside = true;
      if (UNSAFE_TAGS.has(tag)) unsafe.push(`<${tag}>`);
      count(heading ? 'a heading' : `<${tag}>`);
      for (const { name, value } of node.attrs) {
        const attr = name.toLowerCase();
        if (!ATTRS.has(attr)) outside = true;
        if (attr.startsWith('on')) unsafe.push(`the ${attr} attribute`);
        if (attr === 'href' || attr === 'src' || attr === 'action' || attr === 'formaction' || attr === 'xlink:href') {
          if (!ALLOWED_URI_REGEXP.test(value.trim())) outside = true;
          if (UNSAFE_URL.test(value)) unsafe.push(`a link to ${value.trim().slice(0, 40)}`);
          count(`${attr}="${value.trim()}"`);
        } else {
          count(`the ${attr} attribute`);
        }
      }
      walk(node.nodeName === 'template' ? (node as unknown as { content: Parent }).content : node);
    }
  };
  walk(parseFragment(html));
  return { items, unsafe, outside };
}

let sanitizer: Sanitize | undefined;

// Rich text in which every '<' opens or closes an allowed tag with no attribute, or a link to an https or mailto
// address, holds nothing the sanitiser drops: most summaries are such, and need no parsing here (the build parses
// and sanitises them anyway). Anything else is parsed.
const BARE_TAG = new RegExp(`<(?:/?(?:${ALLOWED_TAGS.join('|')})\\s*/?|a href="(?:https:|mailto:)[^"<>]*"|/a)>`, 'gi');
const plainlyAllowed = (html: string) => !html.replace(BARE_TAG, '').includes('<');

/**
 * What the site's sanitiser would drop from rich text, as short phrases ('<div> (its text stays)', 'the style
 * attribute', 'a link to http://…'), and whether any of it is unsafe (a script, an event handler, a javascript: link):
 * such text is refused. Text inside the allowlist is never given to the sanitiser (it keeps all of it).
 */
export function richTextDrops(html: string): { dropped: string[]; unsafe: string[] } {
  if (plainlyAllowed(html)) return { dropped: [], unsafe: [] };
  const before = inventory(html);
  if (!before.outside) return { dropped: [], unsafe: [] };
  // Loaded the first time rich text needs it: jsdom takes seconds to load, and most imports never need it.
  sanitizer ??= (createRequire(import.meta.url)('./sanitize-jsdom.ts') as typeof import('./sanitize-jsdom.ts')).createJsdomSanitizer();
  const after = inventory(sanitizer(html)).items;
  const dropped: string[] = [];
  for (const [item, n] of before.items) {
    const lost = n - (after.get(item) ?? 0);
    if (lost <= 0 || item === 'a heading') continue;
    const phrase = item.startsWith('href=') ? `a link to ${item.slice(6, -1)}` : item.startsWith('<') && !UNSAFE_TAGS.has(item.slice(1, -1)) ? `${item} (its text stays)` : item;
    dropped.push(lost > 1 ? `${phrase} ×${lost}` : phrase);
  }
  return { dropped, unsafe: [...new Set(before.unsafe)] };
}

// ---------------------------------------------------------------------------------------------------------------
// CSV files.
// ---------------------------------------------------------------------------------------------------------------

/** A problem collector for one file. */
function problemsOf(file: ImportFile) {
  const list: ImportProblem[] = [];
  const add = (severity: ImportProblem['severity'], row: number | null, column: string | null, value: string | null, message: string) =>
    list.push({ severity, file: file.name, row, column, value, message });
  return { list, error: add.bind(null, 'error'), warning: add.bind(null, 'warning') };
}

/** The rich text of a cell or of the file a *_file cell names (Markdown through marked; HTML as written). */
function richText(file: ImportFile, cell: string | undefined, fileCell: string | undefined): CellResult<string | null> & { from?: string } {
  if (fileCell?.trim()) {
    const name = fileCell.trim();
    const path = resolve(dirname(file.path), name);
    if (!/\.(md|markdown|html?)$/i.test(name)) return { ok: false, message: 'names a file that is neither Markdown (.md) nor HTML (.html). Save the summary as one of those.' };
    let bytes: Buffer;
    try {
      if (statSync(path).size > MAX_FILE_BYTES) return { ok: false, message: 'names a file larger than 50 MB.' };
      bytes = readFileSync(path);
    } catch {
      return { ok: false, message: `names a file that is not there (looked for ${relative(process.cwd(), path) || path}). Put the file beside the CSV or correct its name.` };
    }
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
function readCsv(file: ImportFile, text: string, read: FileRead): void {
  const kind = file.kind as Exclude<FileKind, 'ocd'>;
  const { list, error, warning } = problemsOf(file);
  read.problems = list;
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: false, relax_quotes: false }) as string[][];
  } catch (failure) {
    const { lines } = failure as { lines?: number };
    error(lines ?? null, null, null, `cannot be read as CSV (${(failure as Error).message.replace(/^Invalid /, 'invalid ')}). Open it in a spreadsheet and save it again as CSV.`);
    return;
  }
  if (records.length === 0 || records[0].every((cell) => !cell.trim())) {
    error(1, null, null, `is empty or its first row is blank. The first row names the columns (${CSV_COLUMNS[kind].slice(0, 5).join(', ')}, …).`);
    return;
  }
  const known: readonly string[] = CSV_COLUMNS[kind];
  const header = records[0].map((cell) => cell.replace(/^\uFEFF/, '').trim());
  const columns: (string | null)[] = header.map((name) => known.find((column) => column.toLowerCase() === name.toLowerCase()) ?? null);
  if (columns.every((column) => column === null)) {
    error(1, null, quoteOf(records[0].join(',')), `has no header row: the first row should name the columns (${known.slice(0, 6).join(', ')}, …) but it looks like data. Add the header row at the top.`);
    return;
  }
  let usable = true;
  header.forEach((name, at) => {
    if (columns[at] || !name) return;
    const guess = suggestColumn(name, known);
    error(1, name, name, guess ? `is not a column of ${kind}.csv. Did you mean "${guess}"? Correct the header.` : `is not a column of ${kind}.csv (its columns: ${known.join(', ')}). Correct or remove it.`);
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
  const needed = [...REQUIRED[kind], ...(kind !== 'districts' && file.folderDistrict === null ? ['district_id'] : [])];
  if (kind === 'districts' && !seen.has('id') && !seen.has('nces_id')) needed.push('id');
  for (const column of needed) {
    if (!seen.has(column)) {
      error(1, column, null, `is missing: ${kind}.csv needs a "${column}" column${column === 'district_id' ? ' (or put the file in a folder named by the district id, such as 1/' + kind + '.csv)' : ''}. Add it to the header.`);
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
      warning(number, null, quoteOf(record.slice(header.length).join(',')), 'has more cells than the header has columns; the extra cells are not read. Check for a comma that should be inside quotes.');
    }
    rows.push({ number, cells });
  });
  const readers = { districts: readDistrictRows, meetings: readMeetingRows, topics: readTopicRows, votes: readVoteRows };
  readers[kind](file, rows, read, error, warning);
}

const quoteOf = (text: string) => (text.length > 200 ? `${text.slice(0, 197)}…` : text);

type Report = (row: number | null, column: string | null, value: string | null, message: string) => void;

/** Checks the cells every text column shares: a formula-like start (refused; quoted, it is text) and required cells. */
function commonCells(kind: Exclude<FileKind, 'ocd'>, number: number, cells: Cells, error: Report, rich: string[]): boolean {
  let fine = true;
  for (const column of REQUIRED_CELLS[kind]) {
    if (column in cells && !cells[column].trim()) {
      error(number, column, '', `is empty. Every ${kind === 'votes' ? 'vote' : kind.slice(0, -1)} needs its ${column}.`);
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
    error(number, 'district_id', '', 'is empty. Write the district id (the number in the district page address, /1 for district 1).');
    return null;
  }
  const parsed = parseCount(cell);
  if (!parsed.ok || parsed.value < 1) {
    error(number, 'district_id', cell, 'is not a district id. Write the number in the district page address (/1 for district 1).');
    return null;
  }
  if (file.folderDistrict !== null && parsed.value !== file.folderDistrict) {
    error(number, 'district_id', cell, `names district ${parsed.value} but the file is in the folder of district ${file.folderDistrict}. Move the row or correct the id.`);
    return null;
  }
  return parsed.value;
}

/** Reads an optional cell through a rule into data[column]: an empty cell is null; a bad one is an error. */
function optionalCell<T>(number: number, column: string, cells: Cells, data: Record<string, unknown>, error: Report, rule: (cell: string) => CellResult<T>, as = column): boolean {
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
function textCell(number: number, column: string, cells: Cells, data: Record<string, unknown>, error: Report, max = 500, as = column): boolean {
  return optionalCell(number, column, cells, data, error, (cell) => (cell.trim().length > max ? { ok: false, message: `is longer than ${max} characters.` } : { ok: true, value: cell.trim() }), as);
}

/** An optional id a row brings (kept when it is free, so an exported record loads back with its ids). */
const idRule = (cell: string): CellResult<number> => {
  const parsed = parseCount(cell);
  return parsed.ok && parsed.value >= 1 ? parsed : { ok: false, message: 'is not an id (a whole number from 1). Leave it empty for a new row.' };
};

/** Checks rich text: what the sanitiser would drop is a warning; a script or a javascript: link refuses the row. */
function checkRich(number: number, column: string, html: string | null, error: Report, warning: Report): boolean {
  if (!html) return true;
  const { dropped, unsafe } = richTextDrops(html);
  if (unsafe.length) {
    error(number, column, html, `holds ${unsafe.join(', ')}, which the site never shows or runs. Remove ${unsafe.length > 1 ? 'them' : 'it'} (links must start with https:// or mailto:).`);
    return false;
  }
  if (dropped.length) warning(number, column, html, `holds formatting the site does not show; it will drop ${dropped.join(', ')}.`);
  return true;
}

function readDistrictRows(file: ImportFile, rows: { number: number; cells: Cells }[], read: FileRead, error: Report): void {
  for (const { number, cells } of rows) {
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('districts', number, cells, error, []);
    const data: Record<string, unknown> = {};
    optionalCell(number, 'id', cells, data, error, idRule);
    optionalCell(number, 'nces_id', cells, data, error, (cell) => (/^\d{7}$/.test(cell.trim()) ? { ok: true, value: cell.trim() } : { ok: false, message: 'is not an NCES district id (seven digits, such as 0629610).' }));
    textCell(number, 'name', cells, data, error, 300);
    optionalCell(number, 'state', cells, data, error, (cell) => (/^[A-Za-z]{2}$/.test(cell.trim()) ? { ok: true, value: cell.trim().toUpperCase() } : { ok: false, message: 'is not a two-letter state code (CA, NY, …).' }));
    textCell(number, 'county', cells, data, error, 200);
    textCell(number, 'address', cells, data, error, 500);
    textCell(number, 'phone', cells, data, error, 50);
    optionalCell(number, 'totalStudents', cells, data, error, parseCount);
    if (data.id == null && data.nces_id == null) error(number, 'id', '', 'and nces_id are both empty. Give the district id, or its NCES id to match a district already on the site.');
    if (read.problems.filter((p) => p.severity === 'error').length > before) {
      read.refused += 1;
      continue;
    }
    const id = (data.id as number | null | undefined) ?? null;
    read.rows.push({ kind: 'districts', file: file.name, row: number, rows: [number], districtId: id, ncesId: (data.nces_id as string | null | undefined) ?? null, key: id !== null ? `id ${id}` : `nces ${data.nces_id}`, data });
  }
}

function readMeetingRows(file: ImportFile, rows: { number: number; cells: Cells }[], read: FileRead, error: Report, warning: Report): void {
  for (const { number, cells } of rows) {
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('meetings', number, cells, error, ['summary']);
    const districtId = rowDistrict(file, number, cells, error);
    const data: Record<string, unknown> = {};
    optionalCell(number, 'id', cells, data, error, idRule);
    optionalCell(number, 'date', cells, data, error, parseDate);
    textCell(number, 'title', cells, data, error, 300);
    optionalCell(number, 'topics', cells, data, error, parseTopics);
    if ('summary' in cells || 'summary_file' in cells) {
      if (cells.summary?.trim() && cells.summary_file?.trim()) error(number, 'summary_file', cells.summary_file, 'is given beside a summary cell. Use one of them.');
      const summary = richText(file, cells.summary, cells.summary_file);
      if (!summary.ok) error(number, 'summary_file', cells.summary_file ?? null, summary.message);
      else if (checkRich(number, summary.from ? 'summary_file' : 'summary', summary.value, error, warning)) data.summary = summary.value;
    }
    optionalCell(number, 'summary_source', cells, data, error, (cell) => parseChoice(cell, SUMMARY_SOURCES));
    textCell(number, 'meeting_type', cells, data, error, 100);
    if ('meeting_type' in data && data.meeting_type === null) data.meeting_type = 'normal';
    optionalCell(number, 'isUpcoming', cells, data, error, parseFlag);
    if ('isUpcoming' in data && data.isUpcoming === null) data.isUpcoming = false;
    optionalCell(number, 'youtube_link', cells, data, error, parseVideoLink);
    optionalCell(number, 'start_time', cells, data, error, parseTime);
    optionalCell(number, 'time_zone', cells, data, error, (cell) => (isTimeZone(cell.trim()) ? { ok: true, value: cell.trim() } : { ok: false, message: 'is not a time zone. Write its IANA name, such as America/Los_Angeles or America/New_York.' }));
    for (const column of ['agenda_url', 'minutes_url', 'full_video_url']) optionalCell(number, column, cells, data, error, parseHttpsLink);
    optionalCell(number, 'minutes_status', cells, data, error, (cell) => parseChoice(cell, MINUTES_STATUSES));
    meetingRules(number, data, error, warning);
    if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null) {
      read.refused += 1;
      continue;
    }
    data.districtId = districtId;
    read.rows.push({ kind: 'meetings', file: file.name, row: number, rows: [number], districtId, key: meetingKey(districtId, data.date as string, (data.title as string | null | undefined) ?? null), data });
  }
}

/** The rules across a meeting's cells: a time needs its zone, a minutes status needs minutes, time stamps need a video. */
function meetingRules(number: number, data: Record<string, unknown>, error: Report, warning: Report): void {
  if (data.start_time && !data.time_zone) error(number, 'time_zone', '', `is empty but start_time is ${data.start_time}. Give the time zone the time is in, such as America/Los_Angeles.`);
  if (data.minutes_status && !data.minutes_url) error(number, 'minutes_status', String(data.minutes_status), 'is given without minutes_url. Add the address of the minutes, or leave the status empty.');
  const stamp = typeof data.summary === 'string' && !data.youtube_link ? firstTimestamp(data.summary) : null;
  if (stamp) {
    warning(number, 'youtube_link', '', `is empty but the summary has time stamps (${stamp}), which link to the video only when the meeting has one. Add the video link, or leave the time stamps as plain text.`);
  }
}

function readTopicRows(file: ImportFile, rows: { number: number; cells: Cells }[], read: FileRead, error: Report, warning: Report): void {
  for (const { number, cells } of rows) {
    const before = read.problems.filter((p) => p.severity === 'error').length;
    commonCells('topics', number, cells, error, ['description']);
    const districtId = rowDistrict(file, number, cells, error);
    const data: Record<string, unknown> = {};
    optionalCell(number, 'id', cells, data, error, idRule);
    textCell(number, 'title', cells, data, error, 300);
    if ('description' in cells || 'description_file' in cells) {
      if (cells.description?.trim() && cells.description_file?.trim()) error(number, 'description_file', cells.description_file, 'is given beside a description cell. Use one of them.');
      const description = richText(file, cells.description, cells.description_file);
      if (!description.ok) error(number, 'description_file', cells.description_file ?? null, description.message);
      else if (checkRich(number, description.from ? 'description_file' : 'description', description.value, error, warning)) data.description = description.value;
    }
    optionalCell(number, 'upvotes', cells, data, error, parseCount);
    optionalCell(number, 'downvotes', cells, data, error, parseCount);
    if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null) {
      read.refused += 1;
      continue;
    }
    data.districtId = districtId;
    read.rows.push({ kind: 'topics', file: file.name, row: number, rows: [number], districtId, key: topicKey(districtId, data.title as string), data });
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
    if ('table' in cells && cells.table.trim() && !['recent', 'past'].includes(cells.table.trim().toLowerCase())) error(number, 'table', cells.table, 'is not recent or past (the Voting tab\'s current or past table). Leave it empty to let the date decide.');
    if ('record_id' in cells && cells.record_id.trim() && !idRule(cells.record_id).ok) error(number, 'record_id', cells.record_id, 'is not an id (a whole number from 1). Leave it empty for a new vote.');
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
        error(number, column, cells[column], `differs from row ${record.rows[0]}, another member's vote on the same issue ("${(record.first[column] ?? '').trim()}"). One vote has one ${column}: make them the same.`);
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
  for (const record of order) if ((newest.get(record.districtId) ?? '') < record.date) newest.set(record.districtId, record.date);
  for (const record of order) {
    const cells = record.first;
    const outcome = cells.outcome?.trim() || null;
    const mismatch = outcomeMismatch(outcome, record.votes);
    if (mismatch) {
      error(record.rows[0], 'outcome', outcome, mismatch);
      record.bad = true;
    }
    if (record.bad) {
      read.refused += record.rows.length;
      continue;
    }
    const data: Record<string, unknown> = {
      districtId: record.districtId,
      voteDate: record.date,
      issue: record.issue,
      type: cells.table?.trim() ? cells.table.trim().toLowerCase() : voteTable(record.date, newest.get(record.districtId)!),
      votes: record.votes,
    };
    if ('category' in cells) data.category = cells.category.trim() || null;
    if ('outcome' in cells) data.outcome = outcome;
    if (cells.record_id?.trim()) data.id = idRule(cells.record_id).ok ? Number(cells.record_id.replace(/[, ]/g, '')) : undefined;
    read.rows.push({ kind: 'votings', file: file.name, row: record.rows[0], rows: record.rows, districtId: record.districtId, key: votingKey(record.districtId, record.date, record.issue), data, members: record.members });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Open Civic Data JSON: the site's own exports (/{id}/meetings.json, /{id}/votes.json) and a scraper's.
// ---------------------------------------------------------------------------------------------------------------

const link = z.object({ url: z.string(), media_type: z.string().optional() }).loose();
const linked = z.object({ note: z.string().optional().default(''), links: z.array(link).optional().default([]), url: z.string().optional() }).loose();
const nullableText = z.string().nullable().optional();

/** An Open Civic Data Event: a meeting. extras carries what OCD has no field for (the site's own columns). */
export const ocdEventSchema = z.object({
  name: z.string(),
  start_date: z.string(),
  all_day: z.boolean().optional(),
  timezone: z.string().nullable().optional(),
  classification: z.string().optional(),
  status: z.string().optional(),
  description: nullableText,
  media: z.array(linked).optional().default([]),
  documents: z.array(linked).optional().default([]),
  agenda: z.array(z.object({ description: z.string() }).loose()).optional().default([]),
  extras: z.object({
    record_id: z.number().int().positive().optional(),
    district_id: z.number().int().positive().optional(),
    title: nullableText,
    topics: z.union([z.array(z.string()), z.string()]).nullable().optional(),
    meeting_type: z.string().optional(),
    isUpcoming: z.boolean().optional(),
    youtube_link: nullableText,
    summary_source: z.enum(SUMMARY_SOURCES).nullable().optional(),
  }).loose().optional().default({}),
}).loose();

/** An Open Civic Data VoteEvent, as the site's votes.json writes it (a scraper's too: extras are optional). */
export const ocdVoteEventSchema = z.object({
  identifier: z.string().optional(),
  motion_text: z.string(),
  start_date: z.string().nullable(),
  votes: z.array(z.object({ option: z.string(), voter_name: z.string(), note: z.string().optional() }).loose()).optional().default([]),
  extras: z.object({
    record_id: z.number().int().positive().optional(),
    district_id: z.number().int().positive().optional(),
    table: z.enum(['recent', 'past']).optional(),
    category: nullableText,
    outcome: nullableText,
  }).loose().optional().default({}),
}).loose();

/** The vote an OCD option stands for, when its note does not keep the words the record had. */
const OPTION_VOTE: Record<string, string> = { yes: 'Yes', no: 'No', abstain: 'Abstain', absent: 'Absent', excused: 'Excused', 'not voting': '-', other: 'Other' };

/** An Event's start: its date, and its time when it has one ('2025-06-17T18:00:00-07:00'). */
function eventStart(value: string): { date: CellResult<string>; time: string | null } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!match) return { date: { ok: false, message: 'is not a date (YYYY-MM-DD, or a date and time).' }, time: null };
  return { date: parseDate(match[1]), time: match[2] ?? null };
}

function readOcd(file: ImportFile, text: string, read: FileRead): void {
  const { list, error, warning } = problemsOf(file);
  read.problems = list;
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (failure) {
    const message = failure instanceof RangeError ? 'is nested too deeply to read' : `is not JSON (${(failure as Error).message})`;
    error(null, null, null, `${message}. Export it again, or check it with a JSON validator.`);
    return;
  }
  const depth = jsonDepth(value);
  if (depth > MAX_JSON_DEPTH) {
    error(null, null, null, `nests more than ${MAX_JSON_DEPTH} levels deep (an Open Civic Data document nests at most 5). It is not a meeting or vote export; check what wrote it.`);
    return;
  }
  const documents = Array.isArray(value) ? value : [value];
  documents.forEach((doc, at) => {
    const number = at + 1;
    const isVote = typeof doc === 'object' && doc !== null && 'motion_text' in doc;
    const parsed = (isVote ? ocdVoteEventSchema : ocdEventSchema).safeParse(doc);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      error(number, issue.path.join('.') || null, null, `is not an Open Civic Data ${isVote ? 'VoteEvent' : 'Event'}: ${issue.path.join('.') || 'the document'} ${issue.message.toLowerCase()}. Export it again from the site or the scraper.`);
      read.refused += 1;
      return;
    }
    const extras = parsed.data.extras as { district_id?: number; record_id?: number };
    const districtId = extras.district_id ?? file.folderDistrict;
    if (extras.district_id && file.folderDistrict !== null && extras.district_id !== file.folderDistrict) {
      error(number, 'extras.district_id', String(extras.district_id), `names district ${extras.district_id} but the file is in the folder of district ${file.folderDistrict}. Move the file or correct the id.`);
      read.refused += 1;
      return;
    }
    if (!districtId) {
      error(number, 'extras.district_id', null, 'is missing and the file is not in a folder named by a district id. Put the file in a folder such as 1/ for district 1.');
      read.refused += 1;
      return;
    }
    if (isVote) readVoteEvent(file, number, parsed.data as z.infer<typeof ocdVoteEventSchema>, districtId, read, error);
    else readEvent(file, number, parsed.data as z.infer<typeof ocdEventSchema>, districtId, read, error, warning);
  });
}

function readEvent(file: ImportFile, number: number, event: z.infer<typeof ocdEventSchema>, districtId: number | null, read: FileRead, error: Report, warning: Report): void {
  const before = read.problems.filter((p) => p.severity === 'error').length;
  const { date, time } = eventStart(event.start_date);
  if (!date.ok) error(number, 'start_date', event.start_date, date.message);
  const extras = event.extras;
  const data: Record<string, unknown> = {};
  if (extras.record_id) data.id = extras.record_id;
  data.date = date.ok ? date.value : null;
  data.title = 'title' in extras ? (extras.title ?? null) : event.name.trim() || null;
  data.topics = 'topics' in extras ? (extras.topics ?? null) : event.agenda.length ? event.agenda.map((item) => item.description) : null;
  const summary = event.description?.trim() ? event.description.trim() : null;
  if (checkRich(number, 'description', summary, error, warning)) data.summary = summary;
  data.meeting_type = extras.meeting_type ?? 'normal';
  data.isUpcoming = extras.isUpcoming ?? event.status === 'confirmed';
  const links = event.media.flatMap((item) => [...(item.url ? [{ note: item.note, url: item.url }] : []), ...item.links.map((l) => ({ note: item.note, url: l.url }))]);
  const video = 'youtube_link' in extras ? (extras.youtube_link ?? null) : (links.find((l) => parseVideoLink(l.url).ok)?.url ?? null);
  const playable = video ? parseVideoLink(video) : null;
  if (playable && !playable.ok) error(number, 'extras.youtube_link', video, playable.message);
  data.youtube_link = video;
  const full = links.find((l) => /full/i.test(l.note)) ?? links.find((l) => l.url !== video);
  data.full_video_url = full ? checkedLink(number, 'media', full.url, error) : null;
  const documents = event.documents.flatMap((item) => [...(item.url ? [{ note: item.note, url: item.url }] : []), ...item.links.map((l) => ({ note: item.note, url: l.url }))]);
  const agenda = documents.find((d) => /agenda/i.test(d.note));
  const minutes = documents.find((d) => /minutes/i.test(d.note));
  data.agenda_url = agenda ? checkedLink(number, 'documents', agenda.url, error) : null;
  data.minutes_url = minutes ? checkedLink(number, 'documents', minutes.url, error) : null;
  data.minutes_status = minutes ? (/draft/i.test(minutes.note) ? 'draft' : /approved/i.test(minutes.note) ? 'approved' : null) : null;
  data.summary_source = extras.summary_source ?? null;
  if (time && !event.all_day) {
    if (!event.timezone || !isTimeZone(event.timezone)) error(number, 'timezone', event.timezone ?? '', 'is missing or unknown but the start has a time. Give the IANA time zone, such as America/Los_Angeles.');
    data.start_time = time;
    data.time_zone = event.timezone ?? null;
  } else {
    data.start_time = null;
    data.time_zone = null;
  }
  meetingRules(number, data, error, warning);
  if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null || !date.ok) {
    read.refused += 1;
    return;
  }
  data.districtId = districtId;
  read.rows.push({ kind: 'meetings', file: file.name, row: number, rows: [number], districtId, key: meetingKey(districtId, date.value, data.title as string | null), data });
}

function checkedLink(number: number, column: string, url: string, error: Report): string | null {
  const result = parseHttpsLink(url);
  if (result.ok) return result.value;
  error(number, column, url, result.message);
  return null;
}

function readVoteEvent(file: ImportFile, number: number, event: z.infer<typeof ocdVoteEventSchema>, districtId: number | null, read: FileRead, error: Report): void {
  const before = read.problems.filter((p) => p.severity === 'error').length;
  const date = event.start_date ? parseDate(event.start_date.slice(0, 10)) : null;
  if (!date?.ok) error(number, 'start_date', event.start_date ?? '', date ? date.message : 'is empty. Every vote needs its date.');
  const issue = event.motion_text.trim();
  if (!issue) error(number, 'motion_text', '', 'is empty. Every vote needs its issue.');
  const members: { name: string; row: number }[] = [];
  const votes: { name: string; vote: string }[] = [];
  for (const item of event.votes) {
    const name = memberName(item.voter_name);
    if (!name) continue;
    if (members.some((m) => m.name === name)) {
      error(number, 'votes', name, 'votes twice in this record. Keep one vote per member.');
      continue;
    }
    members.push({ name, row: number });
    votes.push({ name, vote: item.note ?? OPTION_VOTE[item.option.toLowerCase()] ?? item.option });
  }
  for (const item of event.votes) if (looksLikeFormula(item.voter_name)) error(number, 'votes', item.voter_name, FORMULA_MESSAGE);
  const outcome = 'outcome' in event.extras ? (event.extras.outcome ?? null) : null;
  const mismatch = outcomeMismatch(outcome, votes);
  if (mismatch) error(number, 'extras.outcome', outcome, mismatch);
  if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null || !date?.ok || !issue) {
    read.refused += 1;
    return;
  }
  const data: Record<string, unknown> = { districtId, voteDate: date.value, issue, votes, type: event.extras.table ?? voteTable(date.value, date.value) };
  if ('category' in event.extras) data.category = event.extras.category ?? null;
  if ('outcome' in event.extras) data.outcome = outcome;
  if (event.extras.record_id) data.id = event.extras.record_id;
  read.rows.push({ kind: 'votings', file: file.name, row: number, rows: [number], districtId, key: votingKey(districtId, date.value, issue), data, members });
}

/** Reads and checks one file: its size, its encoding, then its rows. */
export function readImportFile(file: ImportFile): FileRead {
  const read: FileRead = { file, sha256: '', bytes: 0, rows: [], problems: [], refused: 0 };
  const size = statSync(file.path).size;
  read.bytes = size;
  if (size > MAX_FILE_BYTES) {
    read.problems = [{ severity: 'error', file: file.name, row: null, column: null, value: null, message: `is ${(size / 1024 / 1024).toFixed(0)} MB, larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB a file may be. Split it into several files (by district or by school year) in the same folder.` }];
    return read;
  }
  const bytes = readFileSync(file.path);
  read.sha256 = createHash('sha256').update(bytes).digest('hex');
  const text = decodeUtf8(bytes);
  if (!text.ok) {
    read.problems = [{ severity: 'error', file: file.name, row: null, column: null, value: null, message: text.message }];
    return read;
  }
  if (file.kind === 'ocd') readOcd(file, text.value, read);
  else readCsv(file, text.value, read);
  return read;
}

// The rules of an import (npm run import), each a pure function: how a spreadsheet's cells are read, what makes a row
// wrong, and the words a volunteer reads about it. The readers in node/importFiles.ts apply them to files.
import { outcomeProblem } from '../lib/record/outcomes.ts';
import { videoIdFromLink } from '../lib/record/videoLinks.ts';
import { TIMESTAMP_PATTERN } from '../lib/record/timestamps.ts';
import { MINUTES_STATUSES, SUMMARY_SOURCES } from '../lib/data/meetings.ts';

/** One thing wrong (error: the row is refused) or worth knowing (warning: the row loads) about a file, row and column. */
export interface ImportProblem {
  severity: 'error' | 'warning';
  file: string;
  /** The row as a spreadsheet numbers it (the header is row 1); null for the whole file. */
  row: number | null;
  column: string | null;
  value: string | null;
  /** What is wrong, then how to fix it, in plain words. */
  message: string;
}

/** A cell's problem before the file, row and column are known. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const bad = <T>(message: string): CellResult<T> => ({ ok: false, message });

/** Whether a year, month and day make a day that exists (no 31 June, 29 February only in leap years), years 1 to 9999. */
export function dayExists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && year <= 9999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// A file repeats its dates (a vote's date on every member's row): each is read once.
const DATES = new Map<string, CellResult<string>>();

/** A date as 2025-06-17 or 6/17/2025 (month first, as US spreadsheets write it), read as YYYY-MM-DD. */
export function parseDate(cell: string): CellResult<string> {
  let date = DATES.get(cell);
  if (!date) {
    if (DATES.size >= 10_000) DATES.clear();
    DATES.set(cell, (date = readDate(cell)));
  }
  return date;
}

function readDate(cell: string): CellResult<string> {
  const text = cell.trim();
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) parts = [Number(us[3]), Number(us[1]), Number(us[2])];
  if (!parts) return bad('is not a date. Write it as 2025-06-17 or 6/17/2025.');
  const [year, month, day] = parts;
  if (!dayExists(year, month, day)) return bad('is not a day on the calendar. Check the month and the day.');
  return ok(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

/**
 * The characters text may not hold: NUL and the other C0 controls but tab, line feed and carriage return, U+FFFE and
 * U+FFFF, and half a surrogate pair. XML forbids them (the feeds and calendars would be ill-formed) and PostgreSQL's
 * JSON refuses NUL.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character text may not hold, as U+0000 with what it is in words, or null when the text is clean. */
export function forbiddenCharacter(text: string): { code: string; what: string } | null {
  const found = FORBIDDEN.exec(text);
  if (!found) return null;
  const unit = found[0].charCodeAt(0);
  const code = `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
  const what =
    unit === 0
      ? 'a NUL character'
      : unit < 0x20
        ? 'a control character'
        : unit >= 0xfffe
          ? 'a character that is not a character (a "noncharacter")'
          : 'half of a character (the text was cut in the middle of one)';
  return { code, what };
}

/** Text with its forbidden characters written as [U+0000], to show in a report. */
export function showForbidden(text: string): string {
  return text.replace(
    new RegExp(FORBIDDEN.source, 'g'),
    (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/** Why a cell with a forbidden character is refused, in words. */
export function forbiddenMessage(found: { code: string; what: string }): string {
  return `holds ${found.what}, ${found.code}, which the site cannot store or show (its feeds and calendars would break). Remove it: such characters come from a copy out of a PDF or another program.`;
}

/** A whole number as a spreadsheet may write it: 12345, 12,345 or 12 345. */
export function parseCount(cell: string): CellResult<number> {
  const text = cell.trim();
  if (!/^\d{1,3}(?:[, ]\d{3})*$|^\d+$/.test(text))
    return bad('is not a whole number. Write digits only, such as 12345 or 12,345.');
  const value = Number(text.replace(/[, ]/g, ''));
  return value > 2_147_483_647 ? bad('is too large.') : ok(value);
}

/** A start time as 18:00, 6:00 PM, 6 pm or 6:30pm, read as HH:MM. */
export function parseTime(cell: string): CellResult<string> {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$/i.exec(cell.trim());
  if (!match) return bad('is not a time. Write it as 18:00 or 6:00 PM.');
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return bad('is not a time: with AM or PM the hour is 1 to 12.');
  if (half === 'p' && hour !== 12) hour += 12;
  if (half === 'a' && hour === 12) hour = 0;
  if (!half && match[2] === undefined) return bad('is not a time. Write it as 18:00 or 6:00 PM.');
  if (hour > 23 || minute > 59) return bad('is not a time of day.');
  return ok(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
}

/** Whether a name is an IANA time zone this machine knows (America/Los_Angeles). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A yes/no cell: true, yes, 1 or false, no, 0 (any case, as spreadsheets write TRUE and FALSE). */
export function parseFlag(cell: string): CellResult<boolean> {
  const text = cell.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(text)) return ok(true);
  if (['false', 'no', 'n', '0'].includes(text)) return ok(false);
  return bad('is not yes or no. Write true or false.');
}

/**
 * A meeting's source link (agenda, minutes, full recording): a web address, https or http. An http:// one is kept as
 * the district publishes it (many districts' portals still are), with `HTTP_LINK_WARNING`; every other kind
 * (javascript:, a file path) is refused.
 */
export function parseWebLink(cell: string): CellResult<string> {
  const text = cell.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return bad('is not a web address. Copy the whole address, starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return bad('is not a web address (https:// or http://). Use the address of the page as a browser shows it.');
  return text.length > 2000 ? bad('is longer than 2,000 characters.') : ok(text);
}

/** The warning an http:// source link gets: it is kept, and the operator learns it is not encrypted. */
export const HTTP_LINK_WARNING =
  'is an http:// address (not encrypted). It is kept as published and the card links to it; give its https:// address if the district has one.';

/** Whether a kept link is http:// (and so gets HTTP_LINK_WARNING). */
export const isHttpLink = (url: string): boolean => /^http:\/\//i.test(url);

/** A video link the popup can play (a YouTube watch, short or embed link). */
export function parseVideoLink(cell: string): CellResult<string> {
  const text = cell.trim();
  return videoIdFromLink(text)
    ? ok(text)
    : bad(
        'is not a video link the site can play. Use a YouTube link such as https://www.youtube.com/watch?v=… or https://youtu.be/…; put other recordings in full_video_url.',
      );
}

/** A meeting's topics: a JSON array (["Budget", "LCAP"]) stays a list, any other text is kept as written. */
export function parseTopics(cell: string): CellResult<string[] | string> {
  const text = cell.trim();
  if (!text.startsWith('[')) return ok(text);
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return ok(value as string[]);
  } catch {
    // reported below
  }
  return bad('starts with [ but is not a list of topics. Write ["Budget", "LCAP"], or the topics as plain text.');
}

export { MINUTES_STATUSES, SUMMARY_SOURCES };

/** A value from a fixed list (any case), or the list in the message. */
export function parseChoice<T extends string>(cell: string, choices: readonly T[]): CellResult<T> {
  const text = cell.trim().toLowerCase();
  const found = choices.find((choice) => choice === text);
  return found ? ok(found) : bad(`is not one of ${choices.join(', ')}.`);
}

/** Characters that make a spreadsheet run a cell as a formula. */
const FORMULA_START = /^[=+\-@]/;
const FORMULA_AFTER_SPACE = /^\s*[=+\-@]/;

/**
 * The site's own CSV puts a single quote before a cell a spreadsheet would run as a formula ('=SUM): that quote is
 * the export's, not the record's, and goes.
 */
export function unguardCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * Whether a text cell starts like a formula (=, +, -, @), which a spreadsheet runs when the file is opened again: such
 * a cell is refused; written with a single quote before it ('=…, as the site's own CSV writes it) it is kept as text.
 */
export function looksLikeFormula(cell: string): boolean {
  // Most cells start otherwise: told without copying them.
  if (!FORMULA_AFTER_SPACE.test(cell)) return false;
  const text = cell.trim();
  // A lone '-' is the usual mark for "no vote"; a signed number or a phone number (+1 650 555 0100) is not a formula.
  return FORMULA_START.test(text) && text !== '-' && !/^[+-][\d\s().,-]*$/.test(text);
}

/** What the report says of a formula-like cell. */
export const FORMULA_MESSAGE =
  "starts like a spreadsheet formula (=, +, -, @), which a spreadsheet would run when the file is opened again. If it is text, put a single quote before it ('=…): it is then kept as text.";

// Plain ASCII is its own normal form: most names need no Unicode normalisation, which costs far more than this test.
const ASCII = /^\p{ASCII}*$/u;
const nfc = (text: string) => (ASCII.test(text) ? text : text.normalize('NFC'));

/** How two spellings of a member's name compare: the same letters whatever the case and spacing. */
export function memberKey(name: string): string {
  return nfc(name).trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A member's name as stored: trimmed, inner spaces single. */
export function memberName(name: string): string {
  return nfc(name).trim().replace(/\s+/g, ' ');
}

/** Why an outcome contradicts the votes beside it, in words for the operator, or null. */
export function outcomeMismatch(outcome: string | null, votes: readonly { vote: string }[]): string | null {
  const problem = outcomeProblem(outcome, votes);
  return problem ? `contradicts its votes: ${problem}. Correct the outcome or the votes.` : null;
}

/** The first time stamp (m:ss, h:mm:ss) in rich text, which becomes a video link only when the meeting has a video. */
export function firstTimestamp(html: string): string | null {
  // As the page reads it: its text, with a no-break space written as an entity read as the space it is.
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|&#xa0;/gi, '\u00a0');
  const found = text.match(TIMESTAMP_PATTERN);
  return found ? found[0] : null;
}

/** The school year (July to June) a date falls in, by its first year: 2024 for 2025-03-04. */
export function schoolYearOf(date: string): number {
  const [year, month] = date.split('-').map(Number);
  return month >= 7 ? year : year - 1;
}

/**
 * Which of the Voting tab's tables a vote goes in when its row does not say: the current one (recent) when it falls in
 * the same school year as the district's newest vote in the file, the past one otherwise.
 */
export function voteTable(date: string, newestDate: string): 'recent' | 'past' {
  return schoolYearOf(date) >= schoolYearOf(newestDate) ? 'recent' : 'past';
}

/** A meeting's natural key: its district, date and title (a meeting without a title is keyed by the empty title). */
export function meetingKey(districtId: number, date: string, title: string | null): string {
  return `${districtId}|${date}|${title ?? ''}`;
}

/** A topic's natural key: its district and title. */
export function topicKey(districtId: number, title: string): string {
  return `${districtId}|${title}`;
}

/** A vote's natural key: its district, date and issue. */
export function votingKey(districtId: number, date: string, issue: string): string {
  return `${districtId}|${date}|${issue}`;
}

/** Edit distance between two short words (insertions, deletions, substitutions), for suggesting a column's name. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The known column a misspelt header most likely means (summery → summary, Vote Date → voteDate), or null. */
export function suggestColumn(header: string, known: readonly string[]): string | null {
  const wanted = squash(header);
  if (!wanted) return null;
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(wanted, squash(name));
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(1, Math.ceil(best.name.length / 3)) ? best.name : null;
}

/** A cell's value as the report quotes it: at most 80 characters, on one line. */
export function quoteValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const line = value.replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}

/** One line of the printed report: where, the value, what is wrong and how to fix it. */
export function describeProblem(problem: ImportProblem): string {
  const where = [
    problem.file,
    problem.row === null ? null : `row ${problem.row}`,
    problem.column && `column ${problem.column}`,
  ]
    .filter(Boolean)
    .join(', ');
  const value = problem.value === null ? '' : ` "${quoteValue(problem.value)}"`;
  return `${problem.severity === 'error' ? 'ERROR' : 'warning'} ${where}:${value} ${problem.message}`;
}

/** The kinds an import counts, in the order the report lists them. */
export const KINDS = ['districts', 'meetings', 'topics', 'votings'] as const;
export type ImportKind = (typeof KINDS)[number];

/** What an import did (or would do) to one kind of row. */
export interface KindCounts {
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
}

/** The report's count line of one kind: "meetings: 3 added, 1 changed, 20 unchanged" (and removed when any). */
export function countLine(kind: ImportKind, counts: KindCounts, skipped = 0): string {
  const label = kind === 'votings' ? 'votes' : kind;
  const parts = [`${counts.added} added`, `${counts.changed} changed`, `${counts.unchanged} unchanged`];
  if (counts.removed) parts.push(`${counts.removed} removed`);
  if (skipped) parts.push(`${skipped} skipped`);
  return `${label}: ${parts.join(', ')}`;
}

/**
 * An OCD start as the day and clock time of a time zone: a time with an offset or Z ('2025-06-18T01:00:00Z') is an
 * instant, placed in the zone (18:00 on 2025-06-17 in America/Los_Angeles), never shifted; a time without one is
 * already the zone's clock time. `time` is null for a date alone; `offset` says whether the start had an offset.
 */
export function ocdStart(
  value: string,
  zone: string | null,
): CellResult<{ date: string; time: string | null; offset: boolean }> {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i.exec(
    value.trim(),
  );
  if (!match) return bad('is not a date (YYYY-MM-DD, or a date and time).');
  const date = parseDate(match[1]);
  if (!date.ok) return date;
  if (!match[2]) return ok({ date: date.value, time: null, offset: false });
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (hour > 23 || minute > 59) return bad('is not a time of day.');
  if (!match[5]) return ok({ date: date.value, time: `${match[2]}:${match[3]}`, offset: false });
  if (!zone) return ok({ date: date.value, time: `${match[2]}:${match[3]}`, offset: true });
  const offset = match[5].toUpperCase() === 'Z' ? '+00:00' : match[5];
  const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)!;
  const minutes = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm ?? 0));
  const [year, month, day] = match[1].split('-').map(Number);
  const instant = Date.UTC(year, month - 1, day, hour, minute - minutes, Number(match[4] ?? 0));
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return ok({ date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, offset: true });
}

// What the readers of an import's files share (importCsv.ts, importOcd.ts): the shapes of a file, a read and a row,
// the size limit, UTF-8 decoding, the problem collector, and the rules that check a row's rich text and a
// meeting's cells the same way whichever file brings them.
import { firstTimestamp, type CellResult, type ImportKind, type ImportProblem } from '../importChecks.ts';
import { richTextDrops } from './importRichText.ts';

/** The largest file an import reads: far above any one district's record; a larger one is split by district or year. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

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

/** Checks rich text: what the sanitiser would drop is a warning; a script or a javascript: link refuses the row. */
export function checkRich(
  number: number,
  column: string,
  html: string | null,
  error: Report,
  warning: Report,
): boolean {
  if (!html) return true;
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

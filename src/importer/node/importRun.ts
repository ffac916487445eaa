// One run of `npm run import`: reads and checks every file (importFiles.ts), checks what needs the record
// (unknown districts, a member spelt two ways, the same row twice), sends the good rows to the database's staging
// area and has import_apply write them in one transaction, or writes nothing. A row whose fingerprint (its columns as
// read) is the one the record holds for it, for the row as it still is, is counted unchanged and not sent. The
// database is reached directly (Postgres, the local stack by default: rows go by COPY) or through the API of a hosted
// Supabase project with the service role key.
import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { findImportFiles, readImportFile } from './importFiles.ts';
import { canonicalJson, resetReadContext, type FileRead, type ImportFile, type ImportRow } from './importRows.ts';
import { KINDS, isTimeZone, memberKey, type ImportKind, type ImportProblem, type KindCounts } from '../importChecks.ts';

/** The database functions an import calls, over one connection or one API. */
export interface ImportTransport {
  /** Where the rows go, as the report names it. */
  readonly target: string;
  call<T>(fn: string, args: Record<string, unknown>): Promise<T>;
  /** Recent runs, newest first. */
  history(limit: number): Promise<ImportRunRecord[]>;
  /** Starts the run's transaction (a direct connection holds the whole run in one). */
  begin(): Promise<void>;
  end(commit: boolean): Promise<void>;
  close(): Promise<void>;
  /** Rows a staging call carries at most, by size of their JSON. */
  readonly batchBytes: number;
  /** Adds rows of one kind to a staging run, numbered from firstSeq. */
  stage(run: string, kind: ImportKind, firstSeq: number, rows: StagedRow[]): Promise<void>;
}

/** A row on its way to the staging area: its columns, as JSON too, and its fingerprint. */
export interface StagedRow {
  data: Record<string, unknown>;
  json: string;
  fingerprint: string;
}

/** A line of COPY's text format: tab-separated, with backslashes doubled (JSON text has no raw tab or line break). */
function copyLine(run: string, kind: string, seq: number, row: StagedRow): string {
  return `${run}\t${kind}\t${seq}\t${row.json.replaceAll('\\', '\\\\')}\t${row.fingerprint}\n`;
}

/** A row of import_runs. */
export interface ImportRunRecord {
  id: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  options: Record<string, unknown>;
  files: { name: string; sha256: string; bytes: number }[];
  counts: Partial<Record<ImportKind, KindCounts>>;
  problems: ImportProblem[];
}

/** A direct Postgres connection (the local stack's, or DATABASE_URL): the whole run is one transaction. */
export async function postgresTransport(dbUrl: string): Promise<ImportTransport> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const shown = new URL(dbUrl);
  return {
    ...clientTransport(client, false, `the database at ${shown.host}${shown.pathname}`),
    close: () => client.end(),
  };
}

/**
 * An import on a connection the caller holds. Inside the caller's transaction (`nested`), the run is a savepoint: the
 * caller decides whether it stays (the stack's first start; tests that roll everything back).
 */
export function clientTransport(client: pg.Client, nested: boolean, target = 'the database'): ImportTransport {
  // One statement at a time on the connection: the run asks several questions at once (and reads the next file
  // meanwhile), and pg refuses to queue a query behind another (a deprecation warning on every import).
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
  const transport: ImportTransport = {
    target,
    batchBytes: 8 * 1024 * 1024,
    async call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
      const names = Object.keys(args);
      const list = names.map((name, at) => `${name} => $${at + 1}`).join(', ');
      const values = names.map((name) => {
        const value = args[name];
        return value !== null && typeof value === 'object' && !Array.isArray(value)
          ? JSON.stringify(value)
          : Array.isArray(value) && !/(?:^|_)ids$/.test(name)
            ? JSON.stringify(value)
            : value;
      });
      const { rows } = await client.query(`select public.${fn}(${list}) as result`, values);
      return rows[0].result as T;
    },
    async history(limit) {
      const { rows } = await client.query(
        'select id, started_at, finished_at, status, options, files, counts, problems from public.import_runs order by started_at desc limit $1',
        [limit],
      );
      return rows as ImportRunRecord[];
    },
    async stage(run, kind, firstSeq, rows) {
      // COPY, one statement per batch: the rows go as text, parsed once by Postgres.
      const stream = client.query(
        copyFrom('copy private.import_rows (run_id, kind, seq, row, fingerprint) from stdin'),
      );
      let chunk = '';
      rows.forEach((row, at) => {
        chunk += copyLine(run, kind, firstSeq + at, row);
        if (chunk.length >= 1 << 20) {
          stream.write(chunk);
          chunk = '';
        }
      });
      stream.end(chunk);
      await finished(stream);
    },
    begin: async () => void (await client.query(nested ? 'savepoint import_run' : 'begin')),
    end: async (commit) =>
      void (await client.query(
        nested
          ? commit
            ? 'release savepoint import_run'
            : 'rollback to savepoint import_run'
          : commit
            ? 'commit'
            : 'rollback',
      )),
    close: async () => {},
  };
  for (const name of ['call', 'history', 'stage', 'begin', 'end'] as const) {
    const unqueued = transport[name] as (...args: unknown[]) => Promise<unknown>;
    (transport as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      serial(() => unqueued.apply(transport, args));
  }
  return transport;
}

/** A hosted Supabase project's API with the service role key: each call is its own transaction; import_apply writes the run in one. */
export async function apiTransport(url: string, serviceRoleKey: string): Promise<ImportTransport> {
  // Loaded here: a direct connection, the usual case, never needs the client.
  const { createClient } = await import('@supabase/supabase-js');
  const db = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const call = async <T>(fn: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await db.rpc(fn, args);
    if (error)
      throw new Error(
        `${fn} failed: ${error.message}${error.message.includes('Could not find the function') ? ' (apply the migrations in supabase/migrations/ to this project first)' : ''}`,
      );
    return data as T;
  };
  return {
    target: `the Supabase project at ${new URL(url).host}`,
    // Within the API's body cap for the service role (the local gateway's SERVICE_MAX_BODY_BYTES, 2 MB), with room for
    // the fingerprints and the one row that passes the mark.
    batchBytes: 512 * 1024,
    call,
    async history(limit) {
      const { data, error } = await db
        .from('import_runs')
        .select('id,started_at,finished_at,status,options,files,counts,problems')
        .order('started_at', { ascending: false })
        .limit(limit);
      if (error) throw new Error(`Reading import_runs failed: ${error.message}`);
      return (data ?? []) as ImportRunRecord[];
    },
    async stage(run, kind, firstSeq, rows) {
      await call('import_stage', {
        run,
        kind,
        first_seq: firstSeq,
        rows: rows.map((row) => row.data),
        fingerprints: rows.map((row) => row.fingerprint),
      });
    },
    begin: async () => {},
    end: async () => {},
    close: async () => {},
  };
}

/** What the operator asked for. */
export interface ImportOptions {
  dryRun: boolean;
  skipInvalid: boolean;
  replace: boolean;
  /** The time zone of event times a file gives with no zone of their own (--time-zone). */
  timeZone?: string | null;
}

/** What a run did: counts per kind, every problem, what --replace removed, and whether anything was written. */
export interface ImportOutcome {
  run: string;
  status: 'written' | 'refused' | 'dry-run';
  counts: Record<ImportKind, KindCounts>;
  skipped: Record<ImportKind, number>;
  problems: ImportProblem[];
  removed: { kind: ImportKind; district_id: number; id: number; key: string }[];
  files: { name: string; sha256: string; bytes: number }[];
}

/** Batches sent and not yet stored, at most: the next file is read meanwhile. */
const IN_FLIGHT = 2;

const KIND_OF_FILE: Record<string, ImportKind | null> = {
  districts: 'districts',
  meetings: 'meetings',
  topics: 'topics',
  votes: 'votings',
  ocd: null,
};
const LABEL: Record<ImportKind, string> = {
  districts: 'district',
  meetings: 'meeting',
  topics: 'topic',
  votings: 'vote',
};

/** The fingerprint the record holds for a row, by natural key: [fingerprint, id of the row]. */
type HeldFingerprints = Map<string, [string, number]>;

/**
 * A row's fingerprint: SHA-1 of its columns as JSON with keys in order (kept for staging), the same for the same
 * cells in any run and from any reader (votes.csv and votes.json name a vote's columns in different orders).
 */
function fingerprintRow(row: ImportRow): void {
  row.json = canonicalJson(row.data);
  row.bytes = row.json.length;
  row.fingerprint = createHash('sha1').update(row.json).digest('base64');
}

/** Reads, checks and (unless refused or a dry run) writes what `targets` name. `progress` hears how far it is. */
export async function runImport(
  targets: string[],
  options: ImportOptions,
  transport: ImportTransport,
  progress: (line: string) => void = () => {},
): Promise<ImportOutcome> {
  const run = randomUUID();
  resetReadContext(options.timeZone ?? null);
  const problems: ImportProblem[] = [];
  const setAside: Record<string, number> = {};
  const skipped = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ImportKind, number>;
  const { files, ignored, missing, refused: notFiles } = findImportFiles(targets);
  for (const { name, message } of notFiles)
    problems.push({ severity: 'error', file: name, row: null, column: null, value: null, message });
  for (const name of missing)
    problems.push({
      severity: 'error',
      file: name,
      row: null,
      column: null,
      value: null,
      message: 'is not there. Check the path.',
    });
  if (options.timeZone && !isTimeZone(options.timeZone))
    problems.push({
      severity: 'error',
      file: '--time-zone',
      row: null,
      column: null,
      value: options.timeZone,
      message: 'is not a time zone. Give its IANA name, such as America/Los_Angeles or America/New_York.',
    });
  for (const name of ignored)
    problems.push({
      severity: 'warning',
      file: name,
      row: null,
      column: null,
      value: null,
      message:
        'is not read: an import reads districts.csv, meetings.csv, topics.csv, votes.csv and Open Civic Data .json files (Markdown and HTML through a summary_file or description_file cell), and a roll-call sheet of any name whose column map names its member columns.',
    });
  if (files.length === 0 && missing.length === 0 && notFiles.length === 0)
    problems.push({
      severity: 'error',
      file: targets.join(', '),
      row: null,
      column: null,
      value: null,
      message: 'holds no file to import (districts.csv, meetings.csv, topics.csv, votes.csv or .json).',
    });

  const errorCount = () => problems.filter((p) => p.severity === 'error').length;
  const known = new Set<number>();
  const asked = new Set<number>();
  const askedMembers = new Set<number>();
  const ncesIds = new Map<string, number>();
  const spellings = new Map<number, Map<string, { name: string; where: string }>>();
  // Per row of the run, kept small (a whole state is some 660,000 rows): 'fingerprint row file'.
  const seen = new Map<string, string>();
  const ids = new Map<string, { file: string; row: number }>();
  const fileList: ImportOutcome['files'] = [];
  const staged = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ImportKind, number>;
  // Rows found as the record holds them, by their fingerprint: counted unchanged, not sent.
  const unchanged = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ImportKind, number>;
  const inFlight: Promise<unknown>[] = [];
  // With --replace: the kinds and districts that had a row or a file refused, by the first file that did. A refused
  // row is still in the files: nothing of its kind and district is removed (a district of 'all' when unknown).
  const held = new Map<string, { kind: ImportKind; district: number | 'all'; file: string }>();
  const hold = (kind: ImportKind, district: number | null, file: string) => {
    const key = `${kind}|${district ?? 'all'}`;
    if (!held.has(key)) held.set(key, { kind, district: district ?? 'all', file });
  };
  // With --replace: how many of the record's rows each file's refused rows kept, by 'kind|file' (for the report).
  const keptRefused = new Map<string, number>();

  /** A file read and checked, each row with its fingerprint. */
  const readFile = (file: ImportFile): FileRead => {
    const read = readImportFile(file);
    for (const row of read.rows) fingerprintRow(row);
    return read;
  };

  /**
   * What the record holds that a file's rows are checked against, asked at once: which of its districts exist (and
   * its NCES ids), and the fingerprints of its rows; then the member names of the districts whose votes it changes or
   * adds (a vote found as the record holds it names its members as the record does), when there are any.
   */
  const askAbout = async (read: FileRead) => {
    const wanted = [
      ...new Set(
        read.rows.flatMap((row) => (row.districtId !== null && !asked.has(row.districtId) ? [row.districtId] : [])),
      ),
    ];
    const wantedNces = read.rows.flatMap((row) => (row.ncesId ? [row.ncesId] : []));
    for (const id of wanted) asked.add(id);
    // A refused row's key is looked up too: with --replace, the record's row under it is kept.
    const keyed = [...read.rows, ...(options.replace ? (read.refusedKeys ?? []) : [])];
    const kinds = KINDS.flatMap((kind) => {
      const districts = [
        ...new Set(keyed.flatMap((row) => (row.kind === kind && row.districtId !== null ? [row.districtId] : []))),
      ];
      return districts.length ? [{ kind, districts }] : [];
    });
    const contextCall =
      wanted.length || wantedNces.length
        ? transport.call<{ districts: number[]; nces: Record<string, number> }>('import_context', {
            district_ids: wanted,
            nces_ids: wantedNces,
          })
        : Promise.resolve({ districts: [], nces: {} });
    const printCalls = kinds.map(({ kind, districts }) =>
      transport.call<Record<string, [string, number | string]>>('import_fingerprints', {
        kind,
        district_ids: districts,
      }),
    );
    const [context, prints] = await Promise.all([contextCall, Promise.all(printCalls)]);
    const held = new Map<ImportKind, HeldFingerprints>();
    kinds.forEach(({ kind }, at) =>
      held.set(
        kind,
        new Map(Object.entries(prints[at]).map(([key, [fingerprint, id]]) => [key, [fingerprint, Number(id)]])),
      ),
    );
    const voters = [
      ...new Set(
        read.rows.flatMap((row) =>
          row.kind === 'votings' &&
          row.districtId !== null &&
          !askedMembers.has(row.districtId) &&
          held.get('votings')?.get(row.key)?.[0] !== row.fingerprint
            ? [row.districtId]
            : [],
        ),
      ),
    ];
    for (const id of voters) askedMembers.add(id);
    const members = voters.length
      ? await transport.call<Record<string, string[]>>('import_members', { district_ids: voters })
      : {};
    return { context, members, held };
  };

  await transport.begin();
  let committed = false;
  try {
    const begun = transport.call('import_begin', { run, options, files: files.map((f) => ({ name: f.name })) });
    begun.catch(() => undefined);
    // One file is read ahead while the database answers for the one before (and stores its rows): Postgres and this
    // process work at the same time.
    let upcoming = files.length ? readFile(files[0]) : null;
    await begun;

    for (let at = 0; upcoming; at += 1) {
      const read: FileRead = upcoming;
      const { file } = read;
      fileList.push({ name: file.name, sha256: read.sha256, bytes: read.bytes });
      problems.push(...read.problems);
      for (const [type, count] of Object.entries(read.setAside ?? {})) setAside[type] = (setAside[type] ?? 0) + count;
      const fileKind = KIND_OF_FILE[file.kind];
      // An Open Civic Data file's refused documents are counted by the problems listed for them.
      if (fileKind) skipped[fileKind] += read.refused;
      const usable = !read.problems.some((p) => p.severity === 'error' && p.row === null);
      // A refused file, or rows its reader refused whose natural key it could not read: nothing of the file's kind is
      // removed in the district its folder names, else in any district. A refused row whose key was read keeps only the
      // record's row under that key (below).
      const keyedRefusals = (read.refusedKeys ?? []).reduce((sum, refusal) => sum + refusal.rows, 0);
      if (
        read.problems.some((p) => p.severity === 'error') &&
        (!usable || read.refused === 0 || read.refused > keyedRefusals)
      ) {
        const kinds: ImportKind[] = fileKind ? [fileKind] : ['meetings', 'votings'];
        for (const kind of kinds) hold(kind, file.folderDistrict, file.name);
      }
      const questions = usable ? askAbout(read) : null;
      questions?.catch(() => undefined);
      if (at + 1 < files.length) progress(`reading ${files[at + 1].name}`);
      upcoming = at + 1 < files.length ? readFile(files[at + 1]) : null;
      if (!questions) continue;
      const { context, held, members } = await questions;

      // What the record already holds about the districts this file names: which exist, and their member names.
      for (const id of context.districts) known.add(Number(id));
      for (const [nces, id] of Object.entries(context.nces)) ncesIds.set(nces, Number(id));
      for (const [district, names] of Object.entries(members)) {
        const map = spellingsOf(spellings, Number(district));
        for (const name of names)
          if (!map.has(memberKey(name))) map.set(memberKey(name), { name, where: 'the votes already on the site' });
      }

      const batches = new Map<ImportKind, ImportRow[]>();
      const kept = new Map<ImportKind, { districts: number[]; ids: number[] }>();
      const flush = async (kind: ImportKind) => {
        const rows = batches.get(kind);
        if (!rows?.length) return;
        batches.set(kind, []);
        // A run already refused sends nothing more: the checks go on, for the report.
        if (errorCount() > 0 && !options.skipInvalid) return;
        const first = staged[kind] + 1;
        staged[kind] += rows.length;
        // The database stores a batch while the next rows are read; at most IN_FLIGHT batches wait at once.
        const sent = transport.stage(
          run,
          kind,
          first,
          rows.map((row) => ({ data: row.data, json: row.json!, fingerprint: row.fingerprint! })),
        );
        // Handled where it is awaited; marked here so a failure while the next rows are read is not "unhandled".
        sent.catch(() => undefined);
        inFlight.push(sent);
        while (inFlight.length >= IN_FLIGHT) await inFlight.shift();
      };
      /** With --replace, keeps the record's row under a refused row's key (none: the files bring nothing it holds). */
      const keepRefused = (kind: ImportKind, districtId: number, key: string) => {
        const holding = held.get(kind)?.get(key);
        if (!options.replace || !holding) return;
        const list = kept.get(kind) ?? { districts: [], ids: [] };
        kept.set(kind, list);
        list.districts.push(districtId);
        list.ids.push(holding[1]);
        const at = `${kind}|${read.file.name}`;
        keptRefused.set(at, (keptRefused.get(at) ?? 0) + 1);
      };
      for (const refusal of read.refusedKeys ?? []) keepRefused(refusal.kind, refusal.districtId, refusal.key);
      let bytes = 0;
      for (const row of read.rows) {
        const { problems: refusal, duplicate } = checkInRun(row, { known, ncesIds, spellings, seen, ids });
        if (refusal.length) {
          problems.push(...refusal);
          if (refusal.some((p) => p.severity === 'error')) {
            skipped[row.kind] += 1;
            if (row.districtId === null) hold(row.kind, null, row.file);
            else keepRefused(row.kind, row.districtId, row.key);
            continue;
          }
        }
        // The same row twice, alike: loaded once.
        if (duplicate) continue;
        if (row.kind === 'districts') {
          const id = row.districtId ?? (row.ncesId ? ncesIds.get(row.ncesId) : undefined);
          if (id !== undefined) known.add(id);
          if (row.districtId === null && id !== undefined) row.data.id = id;
        }
        const holding = held.get(row.kind)?.get(row.key);
        if (holding && holding[0] === row.fingerprint) {
          unchanged[row.kind] += 1;
          if (options.replace && row.districtId !== null) {
            const list = kept.get(row.kind) ?? { districts: [], ids: [] };
            kept.set(row.kind, list);
            list.districts.push(row.districtId);
            list.ids.push(holding[1]);
          }
          continue;
        }
        const batch = batches.get(row.kind) ?? [];
        batches.set(row.kind, batch);
        batch.push(row);
        bytes += row.bytes ?? 0;
        if (bytes >= transport.batchBytes) {
          for (const kind of KINDS) await flush(kind);
          bytes = 0;
          progress(`sent ${KINDS.map((kind) => staged[kind]).reduce((a, b) => a + b)} rows`);
        }
      }
      for (const kind of KINDS) await flush(kind);
      for (const [kind, list] of kept) {
        if (errorCount() > 0 && !options.skipInvalid) break;
        const sent = transport.call('import_keep', { run, kind, district_ids: list.districts, ids: list.ids });
        sent.catch(() => undefined);
        inFlight.push(sent);
      }
      // The file's rows are done with: their text and columns need not wait for the next file.
      read.rows.length = 0;
    }
    await Promise.all(inFlight.splice(0));
    if (Object.keys(setAside).length) problems.push(setAsideProblem(setAside));

    const refused = errorCount() > 0 && !options.skipInvalid;
    const empty = Object.fromEntries(
      KINDS.map((kind) => [kind, { added: 0, changed: 0, unchanged: 0, removed: 0 }]),
    ) as Record<ImportKind, KindCounts>;
    if (refused) {
      await transport.call('import_discard', { run, status: 'refused', counts: {}, problems, files: fileList });
      await transport.end(true);
      committed = true;
      return { run, status: 'refused', counts: empty, skipped, problems, removed: [], files: fileList };
    }
    for (const [at, count] of keptRefused) {
      // A kind never holds '|'; a file name may.
      const kind = at.slice(0, at.indexOf('|')) as ImportKind;
      const file = at.slice(at.indexOf('|') + 1);
      problems.push({
        severity: 'warning',
        file,
        row: null,
        column: null,
        value: null,
        message: `has ${count === 1 ? `a refused row whose ${LABEL[kind]}` : `${count} refused rows whose ${LABEL[kind]}s`} the site already holds: --replace keeps ${count === 1 ? 'it' : 'them'} as ${count === 1 ? 'it is' : 'they are'}. Correct the refused rows and run again to bring their changes.`,
      });
    }
    const heldBack: Partial<Record<ImportKind, number[] | 'all'>> = {};
    if (options.replace)
      for (const { kind, district, file } of held.values()) {
        const list = heldBack[kind];
        if (district === 'all' || list === 'all') heldBack[kind] = 'all';
        else heldBack[kind] = [...(list ?? []), district];
        if (list === 'all') continue;
        problems.push({
          severity: 'warning',
          file,
          row: null,
          column: null,
          value: null,
          message: `has a refused row, which still counts as in the files: --replace removes no ${LABEL[kind]}s ${district === 'all' ? 'in any district' : `of district ${district}`} this run. Correct the refused rows and run again to remove what the files leave out.`,
        });
      }
    if (!options.dryRun && (await transport.call<boolean>('import_busy', {})))
      progress('another import is writing to this database: waiting for it to finish (one import writes at a time)');
    progress('writing');
    const result = await transport.call<{ counts: Record<ImportKind, KindCounts>; removed: ImportOutcome['removed'] }>(
      'import_apply',
      {
        run,
        replace: options.replace,
        dry_run: options.dryRun,
        problems,
        files: fileList,
        unchanged,
        held: heldBack,
      },
    );
    await transport.end(!options.dryRun);
    committed = true;
    return {
      run,
      status: options.dryRun ? 'dry-run' : 'written',
      counts: { ...empty, ...result.counts },
      skipped,
      problems,
      removed: result.removed,
      files: fileList,
    };
  } finally {
    // A failed run leaves no batch behind unanswered (its error is the one thrown above).
    await Promise.allSettled(inFlight);
    if (!committed) await transport.end(false).catch(() => undefined);
  }
}

/** The one line of the report that lists a scrape's objects that are neither meetings nor votes. */
export function setAsideProblem(setAside: Record<string, number>): ImportProblem {
  const list = Object.entries(setAside)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, count]) => `${count} ${type}`)
    .join(', ');
  return {
    severity: 'warning',
    file: 'Open Civic Data objects',
    row: null,
    column: null,
    value: list,
    message:
      'are set aside: the site shows meetings (events) and votes (vote events). People name voters and bills name votes where a vote refers to them.',
  };
}

function spellingsOf(spellings: Map<number, Map<string, { name: string; where: string }>>, district: number) {
  let map = spellings.get(district);
  if (!map) spellings.set(district, (map = new Map()));
  return map;
}

/**
 * The checks that need more than one row: the district exists, the row is not given twice, a member has one spelling.
 * `duplicate`: the row is one given before, alike (a warning; it is loaded once).
 */
function checkInRun(
  row: ImportRow,
  state: {
    known: Set<number>;
    ncesIds: Map<string, number>;
    spellings: Map<number, Map<string, { name: string; where: string }>>;
    seen: Map<string, string>;
    ids: Map<string, { file: string; row: number }>;
  },
): { problems: ImportProblem[]; duplicate: boolean } {
  const found: ImportProblem[] = [];
  const error = (column: string | null, value: string | null, message: string, at = row.row) =>
    found.push({ severity: 'error', file: row.file, row: at, column, value, message });
  if (row.kind !== 'districts' && row.districtId !== null && !state.known.has(row.districtId)) {
    error(
      'district_id',
      String(row.districtId),
      `is not a district on the site or in districts.csv. Add the district to districts.csv, or correct the id.`,
    );
    return { problems: found, duplicate: false };
  }
  const fingerprint = row.fingerprint!;
  const key = `${row.kind}|${row.key}`;
  const seenAs = state.seen.get(key);
  const label = LABEL[row.kind];
  if (seenAs) {
    const [earlierPrint, earlierRow, ...earlierFile] = seenAs.split(' ');
    const earlier = { fingerprint: earlierPrint, row: earlierRow, file: earlierFile.join(' ') };
    const there = earlier.file === row.file ? `row ${earlier.row}` : `${earlier.file} row ${earlier.row}`;
    if (earlier.fingerprint === fingerprint) {
      found.push({
        severity: 'warning',
        file: row.file,
        row: row.row,
        column: null,
        value: null,
        message: `is the same ${label} as ${there}; it is loaded once.`,
      });
      return { problems: found, duplicate: true };
    }
    error(
      null,
      null,
      `is the same ${label} as ${there} (${describeKey(row)}) but they disagree. Keep one of them, corrected.`,
    );
    return { problems: found, duplicate: false };
  }
  state.seen.set(key, `${fingerprint} ${row.row} ${row.file}`);
  const id = row.data.id;
  if (typeof id === 'number') {
    const idKey = `${row.kind}|${id}`;
    const other = state.ids.get(idKey);
    if (other) {
      error(
        row.kind === 'votings' ? 'record_id' : 'id',
        String(id),
        `is also the id of ${other.file === row.file ? `row ${other.row}` : `${other.file} row ${other.row}`}. Two ${row.kind} cannot share an id: leave one empty.`,
      );
      return { problems: found, duplicate: false };
    }
    state.ids.set(idKey, { file: row.file, row: row.row });
  }
  if (row.kind === 'votings' && row.members && row.districtId !== null) {
    const map = spellingsOf(state.spellings, row.districtId);
    for (const member of row.members) {
      const spelt = map.get(memberKey(member.name));
      if (spelt && spelt.name !== member.name) {
        error(
          'member',
          member.name,
          `is spelt "${spelt.name}" in ${spelt.where}. One member has one spelling in a district: use "${spelt.name}".`,
          member.row,
        );
      }
    }
    if (found.length) {
      state.seen.delete(key);
      return { problems: found, duplicate: false };
    }
    for (const member of row.members)
      if (!map.has(memberKey(member.name)))
        map.set(memberKey(member.name), { name: member.name, where: `${row.file} row ${member.row}` });
  }
  return { problems: found, duplicate: false };
}

/** A row's natural key in words, for a message. */
function describeKey(row: ImportRow): string {
  const d = row.data;
  if (row.kind === 'meetings') return `district ${row.districtId}, ${d.date}, "${d.title ?? '(no title)'}"`;
  if (row.kind === 'topics') return `district ${row.districtId}, "${d.title}"`;
  if (row.kind === 'votings') return `district ${row.districtId}, ${d.voteDate}, "${d.issue}"`;
  return row.key;
}

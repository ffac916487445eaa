// One run of `npm run import`: reads and checks every file (src/lib/node/importFiles.ts), checks what needs the record
// (unknown districts, a member spelt two ways, the same row twice), sends the good rows to the database's staging
// area and has import_apply write them in one transaction, or writes nothing. The database is reached directly
// (Postgres, the local stack by default) or through the API of a hosted Supabase project with the service role key.
import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { findImportFiles, readImportFile } from './importFiles.ts';
import type { ImportRow } from './importRows.ts';
import { KINDS, memberKey, type ImportKind, type ImportProblem, type KindCounts } from '../importChecks.ts';

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
  return { ...clientTransport(client, false, `the database at ${shown.host}${shown.pathname}`), close: () => client.end() };
}

/**
 * An import on a connection the caller holds. Inside the caller's transaction (`nested`), the run is a savepoint: the
 * caller decides whether it stays (the stack's first start; tests that roll everything back).
 */
export function clientTransport(client: pg.Client, nested: boolean, target = 'the database'): ImportTransport {
  return {
    target,
    batchBytes: 8 * 1024 * 1024,
    async call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
      const names = Object.keys(args);
      const list = names.map((name, at) => `${name} => $${at + 1}`).join(', ');
      const values = names.map((name) => {
        const value = args[name];
        return value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : Array.isArray(value) && !name.endsWith('_ids') ? JSON.stringify(value) : value;
      });
      const { rows } = await client.query(`select public.${fn}(${list}) as result`, values);
      return rows[0].result as T;
    },
    async history(limit) {
      const { rows } = await client.query('select id, started_at, finished_at, status, options, files, counts, problems from public.import_runs order by started_at desc limit $1', [limit]);
      return rows as ImportRunRecord[];
    },
    begin: async () => void (await client.query(nested ? 'savepoint import_run' : 'begin')),
    end: async (commit) => void (await client.query(nested ? (commit ? 'release savepoint import_run' : 'rollback to savepoint import_run') : commit ? 'commit' : 'rollback')),
    close: async () => {},
  };
}

/** A hosted Supabase project's API with the service role key: each call is its own transaction; import_apply writes the run in one. */
export async function apiTransport(url: string, serviceRoleKey: string): Promise<ImportTransport> {
  // Loaded here: a direct connection, the usual case, never needs the client.
  const { createClient } = await import('@supabase/supabase-js');
  const db = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  return {
    target: `the Supabase project at ${new URL(url).host}`,
    batchBytes: 1024 * 1024,
    async call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
      const { data, error } = await db.rpc(fn, args);
      if (error) throw new Error(`${fn} failed: ${error.message}${error.message.includes('Could not find the function') ? ' (apply the migrations in supabase/migrations/ to this project first)' : ''}`);
      return data as T;
    },
    async history(limit) {
      const { data, error } = await db.from('import_runs').select('id,started_at,finished_at,status,options,files,counts,problems').order('started_at', { ascending: false }).limit(limit);
      if (error) throw new Error(`Reading import_runs failed: ${error.message}`);
      return (data ?? []) as ImportRunRecord[];
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

const KIND_OF_FILE: Record<string, ImportKind | null> = { districts: 'districts', meetings: 'meetings', topics: 'topics', votes: 'votings', ocd: null };
const LABEL: Record<ImportKind, string> = { districts: 'district', meetings: 'meeting', topics: 'topic', votings: 'vote' };

/** Reads, checks and (unless refused or a dry run) writes what `targets` name. `progress` hears how far it is. */
export async function runImport(targets: string[], options: ImportOptions, transport: ImportTransport, progress: (line: string) => void = () => {}): Promise<ImportOutcome> {
  const run = randomUUID();
  const problems: ImportProblem[] = [];
  const skipped = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ImportKind, number>;
  const { files, ignored, missing } = findImportFiles(targets);
  for (const name of missing) problems.push({ severity: 'error', file: name, row: null, column: null, value: null, message: 'is not there. Check the path.' });
  for (const name of ignored) problems.push({ severity: 'warning', file: name, row: null, column: null, value: null, message: 'is not read: an import reads districts.csv, meetings.csv, topics.csv, votes.csv and Open Civic Data .json files (Markdown and HTML through a summary_file or description_file cell).' });
  if (files.length === 0 && missing.length === 0) problems.push({ severity: 'error', file: targets.join(', '), row: null, column: null, value: null, message: 'holds no file to import (districts.csv, meetings.csv, topics.csv, votes.csv or .json).' });

  const errorCount = () => problems.filter((p) => p.severity === 'error').length;
  const known = new Set<number>();
  const asked = new Set<number>();
  const ncesIds = new Map<string, number>();
  const spellings = new Map<number, Map<string, { name: string; where: string }>>();
  // Per row of the run, kept small (a whole state is some 660,000 rows): 'fingerprint row file'.
  const seen = new Map<string, string>();
  const ids = new Map<string, { file: string; row: number }>();
  const fileList: ImportOutcome['files'] = [];
  const staged = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ImportKind, number>;
  const inFlight: Promise<unknown>[] = [];

  await transport.begin();
  let committed = false;
  try {
    await transport.call('import_begin', { run, options, files: files.map((f) => ({ name: f.name })) });

    for (const file of files) {
      progress(`reading ${file.name}`);
      const read = readImportFile(file);
      fileList.push({ name: file.name, sha256: read.sha256, bytes: read.bytes });
      problems.push(...read.problems);
      const fileKind = KIND_OF_FILE[file.kind];
      // An Open Civic Data file's refused documents are counted by the problems listed for them.
      if (fileKind) skipped[fileKind] += read.refused;
      if (read.problems.some((p) => p.severity === 'error' && p.row === null)) continue;

      // What the record already holds about the districts this file names.
      const wanted = [...new Set(read.rows.flatMap((row) => (row.districtId !== null && !asked.has(row.districtId) ? [row.districtId] : [])))];
      const wantedNces = read.rows.flatMap((row) => (row.ncesId ? [row.ncesId] : []));
      if (wanted.length || wantedNces.length) {
        const context = await transport.call<{ districts: number[]; nces: Record<string, number>; members: Record<string, string[]> }>('import_context', { district_ids: wanted, nces_ids: wantedNces });
        for (const id of wanted) asked.add(id);
        for (const id of context.districts) known.add(Number(id));
        for (const [nces, id] of Object.entries(context.nces)) ncesIds.set(nces, Number(id));
        for (const [district, names] of Object.entries(context.members)) {
          const map = spellingsOf(spellings, Number(district));
          for (const name of names) if (!map.has(memberKey(name))) map.set(memberKey(name), { name, where: 'the votes already on the site' });
        }
      }

      const batches = new Map<ImportKind, Record<string, unknown>[]>();
      const flush = async (kind: ImportKind) => {
        const rows = batches.get(kind);
        if (!rows?.length) return;
        batches.set(kind, []);
        // A run already refused sends nothing more: the checks go on, for the report.
        if (errorCount() > 0 && !options.skipInvalid) return;
        const first = staged[kind] + 1;
        staged[kind] += rows.length;
        // The database stores a batch while the next rows are read; at most IN_FLIGHT batches wait at once.
        const sent = transport.call('import_stage', { run, kind, first_seq: first, rows });
        // Handled where it is awaited; marked here so a failure while the next rows are read is not "unhandled".
        sent.catch(() => undefined);
        inFlight.push(sent);
        while (inFlight.length >= IN_FLIGHT) await inFlight.shift();
      };
      let bytes = 0;
      for (const row of read.rows) {
        const refusal = checkInRun(row, { known, ncesIds, spellings, seen, ids });
        if (refusal.length) {
          problems.push(...refusal);
          if (refusal.some((p) => p.severity === 'error')) {
            skipped[row.kind] += 1;
            continue;
          }
        }
        if (row.kind === 'districts') {
          const id = row.districtId ?? (row.ncesId ? ncesIds.get(row.ncesId) : undefined);
          if (id !== undefined) known.add(id);
          if (row.districtId === null && id !== undefined) row.data.id = id;
        }
        const batch = batches.get(row.kind) ?? [];
        batches.set(row.kind, batch);
        batch.push(row.data);
        bytes += row.bytes ?? 0;
        if (bytes >= transport.batchBytes) {
          for (const kind of KINDS) await flush(kind);
          bytes = 0;
          progress(`sent ${KINDS.map((kind) => staged[kind]).reduce((a, b) => a + b)} rows`);
        }
      }
      for (const kind of KINDS) await flush(kind);
    }
    await Promise.all(inFlight.splice(0));

    const refused = errorCount() > 0 && !options.skipInvalid;
    const empty = Object.fromEntries(KINDS.map((kind) => [kind, { added: 0, changed: 0, unchanged: 0, removed: 0 }])) as Record<ImportKind, KindCounts>;
    if (refused) {
      await transport.call('import_discard', { run, status: 'refused', counts: {}, problems, files: fileList });
      await transport.end(true);
      committed = true;
      return { run, status: 'refused', counts: empty, skipped, problems, removed: [], files: fileList };
    }
    progress('writing');
    const result = await transport.call<{ counts: Record<ImportKind, KindCounts>; removed: ImportOutcome['removed'] }>('import_apply', {
      run, replace: options.replace, dry_run: options.dryRun, problems, files: fileList,
    });
    await transport.end(!options.dryRun);
    committed = true;
    return { run, status: options.dryRun ? 'dry-run' : 'written', counts: { ...empty, ...result.counts }, skipped, problems, removed: result.removed, files: fileList };
  } finally {
    // A failed run leaves no batch behind unanswered (its error is the one thrown above).
    await Promise.allSettled(inFlight);
    if (!committed) await transport.end(false).catch(() => undefined);
  }
}

function spellingsOf(spellings: Map<number, Map<string, { name: string; where: string }>>, district: number) {
  let map = spellings.get(district);
  if (!map) spellings.set(district, (map = new Map()));
  return map;
}

/** The checks that need more than one row: the district exists, the row is not given twice, a member has one spelling. */
function checkInRun(
  row: ImportRow,
  state: {
    known: Set<number>;
    ncesIds: Map<string, number>;
    spellings: Map<number, Map<string, { name: string; where: string }>>;
    seen: Map<string, string>;
    ids: Map<string, { file: string; row: number }>;
  },
): ImportProblem[] {
  const found: ImportProblem[] = [];
  const error = (column: string | null, value: string | null, message: string, at = row.row) => found.push({ severity: 'error', file: row.file, row: at, column, value, message });
  if (row.kind !== 'districts' && row.districtId !== null && !state.known.has(row.districtId)) {
    error('district_id', String(row.districtId), `is not a district on the site or in districts.csv. Add the district to districts.csv, or correct the id.`);
    return found;
  }
  const json = JSON.stringify(row.data);
  row.bytes = json.length;
  const fingerprint = createHash('sha1').update(json).digest('base64');
  const key = `${row.kind}|${row.key}`;
  const seenAs = state.seen.get(key);
  const label = LABEL[row.kind];
  if (seenAs) {
    const [earlierPrint, earlierRow, ...earlierFile] = seenAs.split(' ');
    const earlier = { fingerprint: earlierPrint, row: earlierRow, file: earlierFile.join(' ') };
    const there = earlier.file === row.file ? `row ${earlier.row}` : `${earlier.file} row ${earlier.row}`;
    if (earlier.fingerprint === fingerprint) found.push({ severity: 'warning', file: row.file, row: row.row, column: null, value: null, message: `is the same ${label} as ${there}; it is loaded once.` });
    else error(null, null, `is the same ${label} as ${there} (${describeKey(row)}) but they disagree. Keep one of them, corrected.`);
    return found;
  }
  state.seen.set(key, `${fingerprint} ${row.row} ${row.file}`);
  const id = row.data.id;
  if (typeof id === 'number') {
    const idKey = `${row.kind}|${id}`;
    const other = state.ids.get(idKey);
    if (other) {
      error(row.kind === 'votings' ? 'record_id' : 'id', String(id), `is also the id of ${other.file === row.file ? `row ${other.row}` : `${other.file} row ${other.row}`}. Two ${row.kind} cannot share an id: leave one empty.`);
      return found;
    }
    state.ids.set(idKey, { file: row.file, row: row.row });
  }
  if (row.kind === 'votings' && row.members && row.districtId !== null) {
    const map = spellingsOf(state.spellings, row.districtId);
    for (const member of row.members) {
      const spelt = map.get(memberKey(member.name));
      if (spelt && spelt.name !== member.name) {
        error('member', member.name, `is spelt "${spelt.name}" in ${spelt.where}. One member has one spelling in a district: use "${spelt.name}".`, member.row);
      }
    }
    if (found.length) {
      state.seen.delete(key);
      return found;
    }
    for (const member of row.members) if (!map.has(memberKey(member.name))) map.set(memberKey(member.name), { name: member.name, where: `${row.file} row ${member.row}` });
  }
  return found;
}

/** A row's natural key in words, for a message. */
function describeKey(row: ImportRow): string {
  const d = row.data;
  if (row.kind === 'meetings') return `district ${row.districtId}, ${d.date}, "${d.title ?? '(no title)'}"`;
  if (row.kind === 'topics') return `district ${row.districtId}, "${d.title}"`;
  if (row.kind === 'votings') return `district ${row.districtId}, ${d.voteDate}, "${d.issue}"`;
  return row.key;
}

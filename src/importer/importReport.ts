// The report of an import run, as the operator reads it (printed) and as a CSV to open beside the spreadsheet.
import { csvLine } from '../lib/csvCells.ts';
import {
  KINDS,
  countLine,
  describeProblem,
  type ImportKind,
  type ImportProblem,
  type KindCounts,
} from './importChecks.ts';

/** What a report needs of a run. */
export interface ReportedRun {
  status: 'written' | 'refused' | 'dry-run';
  counts: Record<ImportKind, KindCounts>;
  skipped: Record<ImportKind, number>;
  problems: ImportProblem[];
  removed: { kind: ImportKind; district_id: number; id: number; key: string }[];
}

const KIND_LABEL: Record<ImportKind, string> = {
  districts: 'district',
  meetings: 'meeting',
  topics: 'topic',
  votings: 'vote',
};

/** The printed report: what was (or would be) written per kind, what --replace removes, then every problem. */
export function reportLines(run: ReportedRun, target: string): string[] {
  const errors = run.problems.filter((p) => p.severity === 'error');
  const warnings = run.problems.filter((p) => p.severity === 'warning');
  const lines: string[] = [];
  if (run.status === 'refused') {
    lines.push(
      `Nothing was written to ${target}: ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} below must be fixed first (or run again with --skip-invalid to write the other rows).`,
    );
  } else {
    lines.push(
      run.status === 'dry-run'
        ? `Dry run: nothing was written to ${target}. It would do this:`
        : `Written to ${target}:`,
    );
    for (const kind of KINDS) lines.push(`  ${countLine(kind, run.counts[kind], run.skipped[kind])}`);
    if (run.removed.length) {
      lines.push(`${run.status === 'dry-run' ? 'Would remove' : 'Removed'} (--replace: not in the files):`);
      for (const row of run.removed)
        lines.push(`  district ${row.district_id}, ${KIND_LABEL[row.kind]} ${row.id}: ${row.key}`);
    }
    if (errors.length)
      lines.push(
        `Skipped (--skip-invalid): the rows of the ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} below.`,
      );
  }
  if (errors.length || warnings.length) {
    lines.push('');
    lines.push(
      `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, ${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} (rows are numbered as a spreadsheet shows them: the header is row 1):`,
    );
    for (const problem of [...errors, ...warnings]) lines.push(`  ${describeProblem(problem)}`);
  }
  return lines;
}

/** The problems as CSV, one line each: severity, file, row, column, value and the reason with its fix. */
export function reportCsv(problems: ImportProblem[]): string {
  let csv = csvLine(['severity', 'file', 'row', 'column', 'value', 'reason']);
  for (const p of problems) csv += csvLine([p.severity, p.file, p.row, p.column, p.value, p.message]);
  return csv;
}

/** The exit code: 0 when everything was written (or would be), 1 when the run was refused, 2 when rows were skipped. */
export function exitCode(run: Pick<ReportedRun, 'status' | 'problems'>): number {
  if (run.status === 'refused') return 1;
  return run.problems.some((p) => p.severity === 'error') ? 2 : 0;
}

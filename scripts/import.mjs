// `npm run import -- <file or folder>…`: loads a board's record from files (CSV, Markdown or HTML summaries, Open Civic
// Data JSON) into the local stack's database, or into a hosted Supabase project when SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are set (DATABASE_URL: any Postgres, directly). docs/import.md says what the files hold.
//   --dry-run       check and count, write nothing
//   --skip-invalid  write the good rows, list the refused ones (exit 2)
//   --replace       a district's rows of a kind the files bring, but that the files do not mention, are removed (listed)
//   --report FILE   the problems as CSV, to open beside the spreadsheet
//   --history [N]   the last N runs (10)
//   --time-zone TZ  the time zone of Open Civic Data event times given with no zone (else districts.csv, the state's)
//   --help          the usage (an unknown option: one line, exit code 2)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stackConfig } from './lib/stackConfig.mjs';
import { apiTransport, postgresTransport, runImport } from '../src/importer/node/importRun.ts';
import { exitCode, reportCsv, reportLines } from '../src/importer/importReport.ts';
import { countLine, describeProblem, KINDS } from '../src/importer/importChecks.ts';

const USAGE = `Usage: npm run import -- <file or folder>… [options]
       npm run import -- --history [N]

Loads a board's record from files (districts.csv, meetings.csv, topics.csv, votes.csv, Markdown or HTML summaries,
Open Civic Data .json) into the database: the local stack, DATABASE_URL, or a hosted Supabase project when
SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set. docs/import.md says what the files hold.

Options:
  --dry-run        check and count (added, changed, unchanged, removed), write nothing
  --skip-invalid   write the good rows and list the refused ones (exit code 2)
  --replace        for each district and kind of row the files bring, remove the rows the files do not mention
  --report FILE    the problems as CSV, to open beside the spreadsheet
  --history [N]    the last N runs (10)
  --quiet          no progress lines
  --time-zone TZ   the time zone of Open Civic Data event times given with no zone (else districts.csv's, the state's)
  --help           this text

Exit code: 0 written (or would be, with --dry-run), 1 refused (nothing written), 2 rows skipped or a wrong option.`;

/** The options, or one line and exit code 2 for a wrong one (parseArgs says what is wrong: "Unknown option '--x'"). */
function parseOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        'skip-invalid': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        report: { type: 'string' },
        history: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'time-zone': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(
      `${message.replace(/\. To specify a positional argument.*$/, '').replace(/\.$/, '')}. See npm run import -- --help.`,
    );
    process.exit(2);
  }
}

const { values, positionals } = parseOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** The database the environment names: a hosted project's API, DATABASE_URL, or the local stack. */
async function transportFromEnv(env = process.env) {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_SERVICE_ROLE_KEY)
      throw new Error(
        "SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not: the importer writes with the project's service_role key (see .env.example).",
      );
    return apiTransport(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);
  }
  const dbUrl = env.DATABASE_URL ?? stackConfig().dbUrl;
  try {
    return await postgresTransport(dbUrl);
  } catch (error) {
    throw new Error(
      `Cannot reach the database at ${new URL(dbUrl).host} (${error instanceof Error ? error.message : error}). Start the local stack (npm run stack) or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.`,
      { cause: error },
    );
  }
}

let transport;
try {
  transport = await transportFromEnv();
  if (values.history) {
    const limit = Number.parseInt(positionals[0] ?? '10', 10);
    const runs = await transport.history(limit);
    if (runs.length === 0) console.log(`No import has run on ${transport.target} yet.`);
    for (const run of runs) {
      const errors = run.problems.filter((p) => p.severity === 'error').length;
      const warnings = run.problems.length - errors;
      /**
       * @param {number} n
       * @param {string} word
       */
      const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
      console.log(
        `${new Date(run.started_at).toISOString()}  ${run.status}  ${plural(run.files.length, 'file')}  ${plural(errors, 'error')}, ${plural(warnings, 'warning')}  (run ${run.id})`,
      );
      for (const file of run.files.slice(0, 5))
        console.log(`    ${file.name}${file.sha256 ? `  sha256 ${file.sha256.slice(0, 16)}…` : ''}`);
      if (run.files.length > 5) console.log(`    … and ${run.files.length - 5} more files`);
      for (const kind of KINDS) if (run.counts[kind]) console.log(`    ${countLine(kind, run.counts[kind])}`);
      for (const problem of run.problems.slice(0, 3)) console.log(`    ${describeProblem(problem)}`);
      if (run.problems.length > 3) console.log(`    … and ${run.problems.length - 3} more problems`);
    }
  } else {
    if (positionals.length === 0)
      throw new Error('Name the files or folders to import: npm run import -- path/to/folder (see docs/import.md).');
    const started = Date.now();
    const outcome = await runImport(
      positionals,
      {
        dryRun: values['dry-run'],
        skipInvalid: values['skip-invalid'],
        replace: values.replace,
        timeZone: values['time-zone'] ?? null,
      },
      transport,
      values.quiet ? () => {} : (line) => process.stderr.write(`  ${line}\n`),
    );
    for (const line of reportLines(outcome, transport.target)) console.log(line);
    if (values.report) {
      writeFileSync(values.report, reportCsv(outcome.problems));
      console.log(`\nThe problems are in ${values.report} (CSV).`);
    }
    if (!values.quiet)
      console.log(
        `\n(${((Date.now() - started) / 1000).toFixed(1)} s, run ${outcome.run}; npm run import -- --history lists the runs)`,
      );
    process.exitCode = exitCode(outcome);
  }
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await transport?.close();
}

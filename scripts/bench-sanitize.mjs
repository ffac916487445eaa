// `npm run bench:sanitize -- [N]`: what the sanitiser's bounds cost and what they save. On the rich text of N generated
// districts (default 300; the build's fixtures), the time of the bound check (parse5, before any parsing by jsdom)
// beside the time of sanitising; then rows of nested tags, sanitised on jsdom without the bounds (as before they
// existed) beside the check that now refuses them. Needs no stack. Prints medians of BENCH_RUNS (3) runs.
import { JSDOM } from 'jsdom';
import { districtRows } from './lib/scaleFixtures.mjs';
import { median, printTable } from './lib/measure.mjs';
import { commandLine, wholeNumberOf } from './lib/commandLine.mjs';
import { createSanitizer } from '../src/lib/sanitize.ts';
import { createJsdomSanitizer, richTextProblem } from '../src/lib/node/sanitizeJsdom.ts';

const { positionals } = commandLine({
  usage: `Usage: npm run bench:sanitize -- [N]
  N  generated districts whose rich text is sanitised (default 300)
BENCH_RUNS (3) sets the runs of each measurement.`,
  positionals: 1,
});
const districts = wholeNumberOf(positionals[0] ?? '300', 'N', 1);
const runs = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);

/**
 * Milliseconds `work` takes, the median of `runs` runs.
 * @param {(run: number) => unknown} work
 */
function timed(work) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work(run);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** @type {string[]} */
const pieces = [];
for (let i = 1; i <= districts; i += 1) {
  const rows = districtRows(i, 42);
  for (const meeting of rows.meetings) if (meeting.summary) pieces.push(meeting.summary);
  for (const topic of rows.topics) if (topic.description) pieces.push(topic.description);
}
const characters = pieces.reduce((sum, piece) => sum + piece.length, 0);

// A run's own copy of every piece (a space added per run), so the check's memory of its last answer never helps.
/** @param {number} run */
const copies = (run) => pieces.map((piece) => `${piece}${' '.repeat(run + 1)}`);
const sanitize = createJsdomSanitizer();
sanitize('<p>warm up</p>');
const check = timed((run) => {
  for (const piece of copies(run)) richTextProblem(piece);
});
const sanitised = timed((run) => {
  for (const piece of copies(run + runs)) sanitize(piece);
});
console.log(
  `\nThe fixtures' rich text: ${pieces.length.toLocaleString('en-US')} pieces, ${Math.round(characters / pieces.length)} characters on average\n`,
);
printTable([
  {
    step: 'bound check (parse5)',
    'total ms': check.toFixed(0),
    'µs per piece': ((check * 1000) / pieces.length).toFixed(0),
  },
  {
    step: 'sanitise (check + jsdom + DOMPurify)',
    'total ms': sanitised.toFixed(0),
    'µs per piece': ((sanitised * 1000) / pieces.length).toFixed(0),
  },
  { step: 'check / sanitise', 'total ms': `${((100 * check) / sanitised).toFixed(1)} %`, 'µs per piece': '' },
]);

// The sanitiser as it was: jsdom parses whatever it is given.
const unbounded = createSanitizer(new JSDOM('').window, () => null);
const rows = [];
for (const levels of [1_000, 2_000, 4_000]) {
  const html = `${'<b>'.repeat(levels)}x${'</b>'.repeat(levels)}`;
  rows.push({
    row: `${levels.toLocaleString('en-US')} nested <b>`,
    characters: html.length.toLocaleString('en-US'),
    'unbounded jsdom ms': timed(() => unbounded(html)).toFixed(0),
    'check ms': timed((run) => richTextProblem(`${html}${' '.repeat(run + 1)}`)).toFixed(1),
    'check says': richTextProblem(html),
  });
}
const stalling = `${'<b>'.repeat(100_000)}x${'</b>'.repeat(100_000)}`;
rows.push({
  row: '100,000 nested <b> (the row that stalled a build)',
  characters: stalling.length.toLocaleString('en-US'),
  'unbounded jsdom ms': 'not run (more than 10 minutes)',
  'check ms': timed((run) => richTextProblem(`${stalling}${' '.repeat(run + 1)}`)).toFixed(1),
  'check says': richTextProblem(stalling),
});
console.log('\nRows of nested tags\n');
printTable(rows);

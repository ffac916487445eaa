// Which rows a rebuild keeps without reading them: those whose database digest made a line of the last build.
import { describe, expect, it } from 'vitest';
import { planRead } from '../../src/lib/node/loader';
import type { KeptLine } from '../../src/lib/node/snapshot-cache';

/** The last build's lines, by digest: each [digest, source]. */
const lastBuild = (lines: [string, string][]) => new Map<string, KeptLine>(lines.map(([digest, source]) => [digest, { digest, source, district: 1, line: `line ${digest}` }]));
const digests = (rows: [number, string][]) => rows.map(([id, source]) => ({ id, source }));

describe('planRead: keep by source, read the rest again by id', () => {
  const last = lastBuild([['d1', 's1'], ['d2', 's2'], ['d3', 's3'], ['d4', 's4'], ['d5', 's5'], ['d6', '']]);

  it.each([
    ['nothing changed', [[1, 's1'], [2, 's2'], [3, 's3'], [4, 's4'], [5, 's5']], []],
    ['one row changed', [[1, 's1'], [2, 's2b'], [3, 's3'], [4, 's4'], [5, 's5']], [2]],
    ['one row new, one gone', [[1, 's1'], [2, 's2'], [3, 's3'], [5, 's5'], [7, 's7']], [7]],
    ['a row whose line keeps no source (it had problems) is read again', [[1, 's1'], [2, 's2'], [3, 's3'], [4, 's4'], [6, '']], [6]],
    ['a row with no digest (none came with it) is read again', [[1, 's1'], [2, 's2'], [3, 's3'], [4, 's4'], [5, '']], [5]],
  ] as [string, [number, string][], number[]][])('%s', (_label, rows, reread) => {
    const plan = planRead(digests(rows), last)!;
    expect(plan.reread).toEqual(reread);
    expect(plan.rows.map((row) => row.id)).toEqual(rows.map(([id]) => id));
    for (const row of plan.rows) expect(row.kept?.line ?? null).toBe(reread.includes(row.id) ? null : `line d${row.id}`);
  });

  it.each([
    ['at the share, by id', 0.4, [[1, 'x'], [2, 'y'], [3, 's3'], [4, 's4'], [5, 's5']], [1, 2]],
    ['past the share, the whole table', 0.2, [[1, 'x'], [2, 'y'], [3, 's3'], [4, 's4'], [5, 's5']], null],
    ['an empty last build, the whole table', 0.2, [[1, 'x']], null],
  ] as [string, number, [number, string][], number[] | null][])('%s', (label, share, rows, reread) => {
    const plan = planRead(digests(rows), label.includes('empty') ? new Map() : last, share);
    expect(plan?.reread ?? null).toEqual(reread);
  });

  it('an empty table reads nothing', () => {
    expect(planRead([], last)).toEqual({ rows: [], reread: [] });
  });
});

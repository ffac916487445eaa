// The goals bench:build judges each size on (scripts/lib/buildGoals.mjs): a ratio to the bare build, seconds on the
// 2-core machine, and peak memory; every miss is worded with its figure and its goal.
import { describe, expect, it } from 'vitest';
import { BUILD_GOALS, buildMisses } from '../../scripts/lib/buildGoals.mjs';

type Figures = [seconds: number, peakMB: number | null];
const builds = (first: Figures, unchanged: Figures, nightly: Figures) => ({
  first: { label: 'first build', m: { seconds: first[0], peakMB: first[1] } },
  unchanged: { label: 'unchanged', m: { seconds: unchanged[0], peakMB: unchanged[1] } },
  nightly: { label: 'nightly', m: { seconds: nightly[0], peakMB: nightly[1] } },
});

describe('buildMisses', () => {
  it.each([
    ['every goal held', 'english', builds([800, 2000], [60, 1900], [90, 2000]), 62.6, []],
    [
      'English at 20,000 on two shards: the 15 minutes and the memory missed, the ratios held',
      'english',
      builds([937.8, 3205], [51.3, 2666], [68.9, 2797]),
      62.6,
      [
        'first build: 937.8 s (budget 900 s)',
        'first build: peak 3205 MB (budget 2560 MB)',
        'unchanged: peak 2666 MB (budget 2560 MB)',
        'nightly: peak 2797 MB (budget 2560 MB)',
      ],
    ],
    [
      'three languages at 13,500: 3 GB is its memory goal',
      'languages',
      builds([1595.6, 3071], [96.0, 2997], [124.2, 2801]),
      208.9,
      ['first build: 1595.6 s (budget 900 s)', 'nightly: 124.2 s (budget 120 s)'],
    ],
    [
      'a ratio over its goal',
      'english',
      builds([100, null], [16, null], [21, null]),
      10,
      [
        'unchanged: 1.60x a bare build of as many pages (budget 1.5x)',
        'nightly: 2.10x a bare build of as many pages (budget 2x)',
      ],
    ],
  ] as const)('%s', (_label, preset, measured, bareSeconds, misses) => {
    expect(buildMisses(BUILD_GOALS[preset], measured, bareSeconds)).toEqual(misses);
  });
});

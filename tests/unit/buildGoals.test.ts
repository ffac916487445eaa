// The goals bench:build judges each size on (scripts/lib/buildGoals.mjs): a ratio to the bare build, seconds on the
// 2-core machine, and peak memory; every miss is worded with its figure and its goal.
import { describe, expect, it } from 'vitest';
import { BUILD_GOALS, buildMisses } from '../../scripts/lib/buildGoals.mjs';

type Figures = [seconds: number, peakMB: number | null, cpuSeconds?: number | null];
const figures = ([seconds, peakMB, cpuSeconds = seconds]: Figures) => ({ seconds, peakMB, cpuSeconds });
const builds = (first: Figures, unchanged: Figures, nightly: Figures) => ({
  first: { label: 'first build', m: figures(first) },
  unchanged: { label: 'unchanged', m: figures(unchanged) },
  nightly: { label: 'nightly', m: figures(nightly) },
});

describe('buildMisses', () => {
  it.each([
    ['every goal held', 'english', builds([800, 2000, 1100], [60, 1900], [90, 2000]), 62.6, [], 100],
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
      80,
    ],
    [
      'three languages at 13,500: 3 GB is its memory goal',
      'languages',
      builds([1595.6, 3071], [96.0, 2997], [124.2, 2801]),
      208.9,
      ['first build: 1595.6 s (budget 900 s)', 'nightly: 124.2 s (budget 120 s)'],
      208.9,
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
      10,
    ],
    [
      'English at 20,000: the wall ratio held on two shards, the CPU ratio (945 s over 50 s) missed',
      'english',
      builds([790, 2000, 945], [50, 1900, 70], [90, 2000, 100]),
      62.6,
      ['first build: 18.90x the CPU seconds of a bare build of as many pages (budget 12x)'],
      50,
    ],
    [
      "three languages at 13,500: 12.3x the bare build's CPU misses the 12x goal",
      'languages',
      builds([800, 2900, 2460], [96, 2900, 150], [110, 2800, 200]),
      208.9,
      ['first build: 12.30x the CPU seconds of a bare build of as many pages (budget 12x)'],
      200,
    ],
    [
      'CPU seconds that could not be read miss the goal rather than pass it',
      'english',
      builds([100, null, null], [10, null], [15, null]),
      10,
      ["first build: CPU seconds not measured (budget 12x the bare build's)"],
      null,
    ],
  ] as const)('%s', (_label, preset, measured, bareSeconds, misses, bareCpu) => {
    expect(buildMisses(BUILD_GOALS[preset], measured, bareSeconds, bareCpu)).toEqual(misses);
  });
});

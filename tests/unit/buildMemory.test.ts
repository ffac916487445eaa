// When a build gives back the memory it no longer uses (src/lib/node/buildMemory.ts), and what it asks V8 for.
import { describe, expect, it, vi } from 'vitest';
import {
  outsideHeapMB,
  RELEASE_ABOVE_MB,
  RELEASE_AT_MOST_EVERY_MS,
  releaseUnusedMemory,
  shouldRelease,
} from '../../src/lib/node/buildMemory';
import { BUILD_ENV, BUILD_NODE_ARGS } from '../../scripts/lib/site.mjs';

describe('shouldRelease', () => {
  it.each([
    [
      'grown past the floor by more than the margin, long after the last',
      { outsideMB: 120 + RELEASE_ABOVE_MB + 1, floorMB: 120, sinceLastMs: RELEASE_AT_MOST_EVERY_MS },
      true,
    ],
    ['grown by exactly the margin', { outsideMB: 120 + RELEASE_ABOVE_MB, floorMB: 120, sinceLastMs: 60_000 }, false],
    ['grown by little', { outsideMB: 200, floorMB: 120, sinceLastMs: 60_000 }, false],
    [
      'grown far, but just after the last release',
      { outsideMB: 2_000, floorMB: 120, sinceLastMs: RELEASE_AT_MOST_EVERY_MS - 1 },
      false,
    ],
    ['smaller than after the last release', { outsideMB: 100, floorMB: 120, sinceLastMs: 60_000 }, false],
  ])('%s → %s', (_, state, expected) => {
    expect(shouldRelease(state)).toBe(expected);
  });
});

describe('outsideHeapMB', () => {
  const MB = 1_048_576;
  it.each([
    ['a process holding its heap and little else', { rss: 500 * MB, heapTotal: 380 * MB, external: 20 * MB }, 100],
    [
      'the same heap with 400 MB of pooled pages beside it',
      { rss: 900 * MB, heapTotal: 380 * MB, external: 20 * MB },
      500,
    ],
  ])('%s → %s MB', (_, usage, expected) => {
    expect(outsideHeapMB(usage)).toBe(expected);
  });
});

describe('releaseUnusedMemory', () => {
  it('asks for a full, memory-reducing collection', () => {
    const collect = vi.fn();
    expect(releaseUnusedMemory(collect as unknown as NodeJS.GCFunction)).toBe(true);
    expect(collect).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  });

  it('does nothing where Node was started without --expose-gc', () => {
    expect(releaseUnusedMemory(undefined)).toBe(false);
  });
});

describe('what every build of the site runs with', () => {
  it('exposes gc to the build, and makes the bundler return its memory at once', () => {
    expect(BUILD_NODE_ARGS).toContain('--expose-gc');
    expect(BUILD_ENV).toEqual({ MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_EAGER_COMMIT: '0' });
  });
});

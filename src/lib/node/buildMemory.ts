// Gives back to the system the memory a long build no longer uses, so that two builds side by side (one per core,
// scripts/build.mjs) fit the build machine's memory.
//
// V8 keeps the heap pages a garbage collection frees in a pool, to reuse them, and releases the pool only on a
// collection that is asked to reduce memory (when the process is idle, or under memory pressure). A build is never
// idle: once the snapshot was read (the heap peaks there, every district's page passing through it), a build holds
// pooled pages it never uses again, as much as its live heap (`--trace-gc` shows them; docs/performance.md has the
// figures). A memory-reducing collection gives them back; it takes some tenths of a second with a build's heap, so
// it runs only when the memory the process holds outside its heap (the pool counts there: V8 reports only the
// pages in use as its heap) has grown well past what it was after the last release. A heap that grows with its work
// never sets it off. `gc` exists only when Node runs with --expose-gc (BUILD_NODE_ARGS in scripts/lib/site.mjs);
// without it this does nothing.
import type { AstroIntegration } from 'astro';

/** How often the build looks at its memory (process.memoryUsage() costs some microseconds). */
export const LOOK_EVERY_MS = 2_000;
/** How far the memory held outside the heap may grow past what it was after the last release before it releases again. */
export const RELEASE_ABOVE_MB = 256;
/** The least time between two releases, so a build whose working set has grown does not collect without end. */
export const RELEASE_AT_MOST_EVERY_MS = 10_000;

/** What the process holds outside V8's heap and external memory, in MB: its native memory and V8's pooled pages. */
export function outsideHeapMB({
  rss,
  heapTotal,
  external,
}: Pick<NodeJS.MemoryUsage, 'rss' | 'heapTotal' | 'external'>): number {
  return (rss - heapTotal - external) / 1_048_576;
}

/** Whether to release now: grown past the floor by RELEASE_ABOVE_MB, and not released within the last while. */
export function shouldRelease({
  outsideMB,
  floorMB,
  sinceLastMs,
}: {
  outsideMB: number;
  floorMB: number;
  sinceLastMs: number;
}): boolean {
  return outsideMB > floorMB + RELEASE_ABOVE_MB && sinceLastMs >= RELEASE_AT_MOST_EVERY_MS;
}

/** A full collection that also returns the freed pages to the system, when the process allows it; false otherwise. */
export function releaseUnusedMemory(collect: NodeJS.GCFunction | undefined = globalThis.gc): boolean {
  if (!collect) return false;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}

const outside = () => outsideHeapMB(process.memoryUsage());

/** The integration: from the start of the build to its end, releases unused memory whenever shouldRelease says so. */
export function buildMemory(): AstroIntegration {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    name: 'build-memory',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build' || !globalThis.gc || timer) return;
        let floorMB = outside();
        let lastAt = performance.now();
        // Unreferenced: the timer never keeps a finished build running.
        timer = setInterval(() => {
          if (!shouldRelease({ outsideMB: outside(), floorMB, sinceLastMs: performance.now() - lastAt })) return;
          releaseUnusedMemory();
          floorMB = outside();
          lastAt = performance.now();
        }, LOOK_EVERY_MS).unref();
      },
      'astro:build:done': () => {
        clearInterval(timer);
        timer = undefined;
      },
    },
  };
}

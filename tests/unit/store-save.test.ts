// The table loaders hold Astro's save of its data store until their entries are stored (holdStoreSave in
// loader.ts), tested on Astro's own store. That store is not part of Astro's public API, hence the import from its
// dist folder: an Astro upgrade that changes when the store saves shows up here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutableDataStore } from '../../node_modules/astro/dist/content/mutable-data-store.js';
import { HOLD_SAVE_MS, holdStoreSave } from '../../src/lib/loader';

const dirs: string[] = [];
// Astro's save waits on setTimeout; the hold sets its key on setInterval.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Astro's store as a build finds it, with its saves counted (each one serialises the whole store), and changed as
 * Astro changes it at the start of every sync, before the loaders run.
 */
async function syncingStore() {
  const dir = mkdtempSync(join(tmpdir(), 'store-save-'));
  dirs.push(dir);
  const store = await MutableDataStore.fromFile(join(dir, 'data-store.json'));
  const saves = vi.spyOn(store, 'writeToDisk');
  // Resolves when a save has reached the disk (the test waits for it before its folder is removed).
  const written = new Promise((resolve) => store.onFileWritten(resolve));
  store.metaStore().set('astro-version', 'this version');
  return { store, saves, written };
}

describe("holding the save of Astro's data store while the tables are read", () => {
  it('saves nothing while held, however long the read, then the store once', async () => {
    const { store, saves, written } = await syncingStore();
    const release = holdStoreSave(store.metaStore('meetings'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).not.toHaveBeenCalled();

    store.set('meetings', '1', { id: '1', data: { title: 'Regular Board Meeting' } });
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveBeenCalledTimes(1);
    await written;
    expect(store.get('meetings', '1')).toEqual({ id: '1', data: { title: 'Regular Board Meeting' } });
  });

  it('tables finishing one after another: nothing is saved until the last one is done, then the store once', async () => {
    const { store, saves, written } = await syncingStore();
    const releaseTopics = holdStoreSave(store.metaStore('topics'));
    const releaseMeetings = holdStoreSave(store.metaStore('meetings'));

    store.set('topics', '1', { id: '1', data: { title: 'Budget and reserves' } });
    releaseTopics();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).not.toHaveBeenCalled();

    store.set('meetings', '1', { id: '1', data: { title: 'Regular Board Meeting' } });
    releaseMeetings();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveBeenCalledTimes(1);
    await written;
  });

  it('without the hold, Astro saves the store in the middle of the read (what the hold is for)', async () => {
    const { saves, written } = await syncingStore();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveBeenCalledTimes(1);
    await written;
  });

  it('sets the same key and value every time, so an unchanged store saves as the same file', async () => {
    const sets: [string, unknown][] = [];
    const release = holdStoreSave({ set: (key: string, value: unknown) => void sets.push([key, value]) });
    await vi.advanceTimersByTimeAsync(HOLD_SAVE_MS * 4);
    release();
    await vi.advanceTimersByTimeAsync(HOLD_SAVE_MS * 4);
    expect(sets).toHaveLength(4);
    expect(new Set(sets.map((set) => JSON.stringify(set))).size).toBe(1);
  });
});

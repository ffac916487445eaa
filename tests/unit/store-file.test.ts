// The page build reads Astro's data store from its file (storeFromFile in store-file.ts), tested against the
// module Astro's own plugin makes of the store. Neither the plugin nor the store is Astro's public API, hence the
// imports from its dist folder: an Astro upgrade that changes the module shows up here, not as a slower build.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MutableDataStore } from '../../node_modules/astro/dist/content/mutable-data-store.js';
import { astroContentVirtualModPlugin } from '../../node_modules/astro/dist/content/vite-plugin-content-virtual-mod.js';
import { STORE_MODULE_ID, storeFromFile, storeModuleLoad } from '../../src/lib/store-file';

const dir = mkdtempSync(join(tmpdir(), 'store-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The code of Astro's store module in a build whose cache folder is `cacheDir`, made by Astro's own plugin. */
async function astroStoreModule(cacheDir: string): Promise<string> {
  const root = pathToFileURL(`${process.cwd()}/`);
  const settings = {
    config: { root, srcDir: new URL('src/', root), cacheDir: pathToFileURL(`${cacheDir}/`), experimental: {}, legacy: {} },
    dotAstroDir: pathToFileURL(`${cacheDir}/.astro/`),
  };
  const plugin = astroContentVirtualModPlugin({ settings, fs: await import('node:fs') } as never) as any;
  plugin.config({}, { command: 'build' });
  const loaded = await plugin.load.handler.call({ error: (e: unknown) => { throw e; } }, STORE_MODULE_ID);
  return loaded.code;
}

/** What a module's code exports by default, run as Node runs the page build. */
async function run(code: string, name: string): Promise<unknown> {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).default;
}

let caches = 0;
/** A cache folder with a store file written by Astro's own store, as a build's content sync leaves it. */
async function cacheWithStore(): Promise<string> {
  const cacheDir = join(dir, `cache-${++caches}`);
  mkdirSync(cacheDir);
  const store = await MutableDataStore.fromFile(join(cacheDir, 'data-store.json'));
  store.set('districts', '1', { id: '1', data: { id: 1, name: 'Palo Alto Unified School District', state: 'CA' }, digest: 'a1' });
  store.set('votings', '7', { id: '7', data: { id: 7, districtId: 1, votes: [{ name: 'Jo "J" Lee', vote: 'Yes' }], outcome: null }, digest: 'b2' });
  store.set('meetings', '3', { id: '3', data: { id: 3, title: 'Budget \u2014 line\nbreak, </script> and \\ too' }, digest: 'c3' });
  await store.writeToDisk();
  expect(existsSync(join(cacheDir, 'data-store.json'))).toBe(true);
  return cacheDir;
}

const there = { singleFile: true, exists: existsSync };

describe("reading Astro's data store from its file at build", () => {
  it("gives the page build the same store as Astro's module, without the store's text in the code", async () => {
    const cacheDir = await cacheWithStore();
    const file = join(cacheDir, 'data-store.json');
    const astroCode = await astroStoreModule(cacheDir);
    expect(astroCode.length).toBeGreaterThan(200);
    const fromFile = storeModuleLoad(STORE_MODULE_ID, file, there);
    expect(fromFile).not.toBeNull();
    expect(fromFile!.length).toBeLessThan(200);
    const astroStore = await run(astroCode, 'astro');
    expect(JSON.stringify(astroStore)).toContain('Palo Alto Unified School District');
    expect(await run(fromFile!, 'from-file')).toEqual(astroStore);
  });

  it.each([
    ['another module', STORE_MODULE_ID.replace('content', 'assets'), there],
    ['the store module before the first sync (no store file: Astro makes an empty store)', STORE_MODULE_ID, { singleFile: true, exists: () => false }],
    ['the store module when Astro keeps its store in chunks', STORE_MODULE_ID, { singleFile: false, exists: existsSync }],
  ])('leaves %s to Astro', async (_label, id, options) => {
    const cacheDir = await cacheWithStore();
    expect(storeModuleLoad(id, join(cacheDir, 'data-store.json'), options)).toBeNull();
  });

  it.each([
    ['build', undefined, 1],
    ['build', 'single-file', 1],
    ['build', 'chunked', 0],
    ['dev', undefined, 0],
    ['sync', undefined, 0],
  ])('at `astro %s` with collectionStorage %s, the store module read from its file: %i', async (command, storage, fromFile) => {
    const cacheDir = await cacheWithStore();
    const added: any[] = [];
    const setup = storeFromFile().hooks['astro:config:setup'] as (options: unknown) => void;
    const config = { cacheDir: pathToFileURL(`${cacheDir}/`), experimental: { collectionStorage: storage } };
    setup({ command, config, updateConfig: (update: any) => added.push(...update.vite.plugins) });
    const loads = added.map((plugin) => {
      expect(plugin.enforce).toBe('pre');
      expect(plugin.load.order).toBe('pre'); // before Astro's own load of the module
      expect(plugin.load.filter.id.test(STORE_MODULE_ID)).toBe(true);
      expect(plugin.load.filter.id.test('astro:data-layer-content')).toBe(false);
      return plugin.load.handler(STORE_MODULE_ID)?.code ?? null;
    });
    const expected = storeModuleLoad(STORE_MODULE_ID, join(cacheDir, 'data-store.json'), there);
    expect(loads.filter((code) => code === expected)).toHaveLength(fromFile);
  });
});

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
import { STORE_MODULE_ID, storeFromFile, storeModuleTransform } from '../../src/lib/store-file';

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

/** A cache folder with a store file written by Astro's own store, as a build's content sync leaves it. */
async function cacheWithStore(name: string): Promise<string> {
  const cacheDir = join(dir, name);
  mkdirSync(cacheDir);
  const store = await MutableDataStore.fromFile(join(cacheDir, 'data-store.json'));
  store.set('districts', '1', { id: '1', data: { id: 1, name: 'Palo Alto Unified School District', state: 'CA' }, digest: 'a1' });
  store.set('votings', '7', { id: '7', data: { id: 7, districtId: 1, votes: [{ name: 'Jo "J" Lee', vote: 'Yes' }], outcome: null }, digest: 'b2' });
  store.set('meetings', '3', { id: '3', data: { id: 3, title: 'Budget \u2014 line\nbreak, </script> and \\ too' }, digest: 'c3' });
  await store.writeToDisk();
  expect(existsSync(join(cacheDir, 'data-store.json'))).toBe(true);
  return cacheDir;
}

describe("reading Astro's data store from its file at build", () => {
  it("gives the page build the same store as Astro's module, without the store's text in the code", async () => {
    const cacheDir = await cacheWithStore('cache');
    const file = join(cacheDir, 'data-store.json');

    const astroCode = await astroStoreModule(cacheDir);
    const fromFile = storeModuleTransform(astroCode, STORE_MODULE_ID, file);
    expect(fromFile).not.toBeNull();
    expect(fromFile!.length).toBeLessThan(200);
    const astroStore = await run(astroCode, 'astro');
    expect(JSON.stringify(astroStore)).toContain('Palo Alto Unified School District');
    expect(await run(fromFile!, 'from-file')).toEqual(astroStore);
  });

  it.each([
    ['another module', STORE_MODULE_ID.replace('content', 'assets'), "export default JSON.parse('[]')"],
    ['the store module for no store yet (Astro exports an empty Map)', STORE_MODULE_ID, 'export default new Map()'],
    ['the store module in chunks', STORE_MODULE_ID, 'export default{"districts":[(await import("astro:data-layer-content-chunk:a.txt"))]}'],
  ])('leaves %s as it is', (_label, id, code) => {
    expect(storeModuleTransform(code, id, join(dir, 'data-store.json'))).toBeNull();
  });

  it("leaves the store module as Astro makes it when there is no store file (its empty Map)", async () => {
    const cacheDir = join(dir, 'empty');
    mkdirSync(cacheDir);
    const astroCode = await astroStoreModule(cacheDir);
    expect(storeModuleTransform(astroCode, STORE_MODULE_ID, join(cacheDir, 'data-store.json'))).toBeNull();
  });

  it.each([
    ['build', 1],
    ['dev', 0],
    ['sync', 0],
  ])('at `astro %s`, adds %i Vite plugin whose transform takes the store module', async (command, plugins) => {
    const cacheDir = await cacheWithStore(`setup-${command}`);
    const added: any[] = [];
    const setup = storeFromFile().hooks['astro:config:setup'] as (options: unknown) => void;
    setup({ command, config: { cacheDir: pathToFileURL(`${cacheDir}/`) }, updateConfig: (config: any) => added.push(...config.vite.plugins) });
    expect(added).toHaveLength(plugins);
    for (const plugin of added) {
      expect(plugin.enforce).toBe('pre');
      expect(plugin.transform.filter.id.test(STORE_MODULE_ID)).toBe(true);
      expect(plugin.transform.filter.id.test('astro:data-layer-content')).toBe(false);
      const astroCode = await astroStoreModule(cacheDir);
      expect(plugin.transform.handler(astroCode, STORE_MODULE_ID).code).toBe(storeModuleTransform(astroCode, STORE_MODULE_ID, join(cacheDir, 'data-store.json')));
    }
  });
});

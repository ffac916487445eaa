// The client files each page route's pages name: its islands' bundles, the framework renderer that wakes them, the
// bundles of its components' <script>s. Their names carry their content hashes, and Rollup names a bundle after
// everything it holds and imports: a change to code no district page runs (another page's island, a module a shared
// bundle holds) can rename the bundles a district page names. Astro's incremental build keeps a page whose route's
// server code and cacheKey are unchanged, so a kept page would then name bundles the new site no longer has, and its
// islands would not wake. Each district route's cacheKey carries these names' version (routes.ts), so a page is kept
// only while every client file it may name is still there.
//
// The names are known once the client bundle is made, after Astro has bundled the pages' server code and before it
// renders any page: this plugin reads, from the server bundle, the client entry points each page reaches (the
// components it hydrates, its scripts) and, from the client bundle, the file each became; it writes each page's
// version into the cache folder, where the routes read it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** What Astro's compiler records of an .astro module (under `astro` in the module info's meta), as far as read here. */
interface AstroMeta {
  hydratedComponents?: { specifier: string; resolvedPath?: string }[];
  clientOnlyComponents?: { specifier: string; resolvedPath?: string }[];
  scripts?: unknown[];
}

/** The file each page's version is kept in, inside the cache folder. */
export function scriptsFile(cacheDir: string): string {
  return join(cacheDir, 'page-scripts.json');
}

/** The client entry points one .astro module names: the components it hydrates and its <script>s, as Astro bundles them. */
export function clientEntries(id: string, meta: AstroMeta | undefined): string[] {
  if (!meta) return [];
  const path = (component: { specifier: string; resolvedPath?: string }) =>
    component.resolvedPath ? decodeURI(component.resolvedPath) : component.specifier;
  const file = id.replace('/@fs', '').split('?')[0];
  return [
    ...(meta.hydratedComponents ?? []).map(path),
    ...(meta.clientOnlyComponents ?? []).map(path),
    ...(meta.scripts ?? []).map((_, index) => `${file}?astro&type=script&index=${index}&lang.ts`),
  ];
}

/**
 * A page's version: a hash of the file names its client entry points became and of the renderers' (the entry bundles
 * of packages, which wake the islands). An entry point with no bundle of its own (a script Astro inlined) counts by
 * its absence.
 */
export function scriptsVersion(
  root: string,
  entries: Iterable<string>,
  bundles: Map<string, string>,
  renderers: string[],
): string {
  const names = [...new Set(entries)]
    .map((entry) => `${isAbsolute(entry) ? relative(root, entry) : entry}\t${bundles.get(entry) ?? ''}`)
    .sort();
  return createHash('sha256')
    .update([...names, ...[...renderers].sort()].join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** Each page's version as the last client bundle wrote it (by the page's path from the project root), or none. */
export function readScriptsVersions(cacheDir: string): Record<string, string> {
  const file = scriptsFile(cacheDir);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The plugin: `root` the project's folder, `cacheDir()` the cache folder once Astro's config is known. */
export function keptScripts(root: string, cacheDir: () => string): Plugin {
  const pagesFolder = join(root, 'src/pages/');
  /** Each page module's client entry points, from the server bundle. */
  let pageEntries = new Map<string, Set<string>>();
  return {
    name: 'kept-scripts',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'prerender' || environment.name === 'client',
    generateBundle(_, bundle) {
      if (this.environment.name === 'prerender') {
        /** Every client entry point the modules a page imports, at any depth, name. */
        const entriesOf = (page: string): Set<string> => {
          const found = new Set<string>();
          const seen = new Set([page]);
          for (const id of seen) {
            const info = this.getModuleInfo(id);
            if (!info) continue;
            for (const entry of clientEntries(id, info.meta?.astro as AstroMeta | undefined)) found.add(entry);
            for (const imported of [...info.importedIds, ...info.dynamicallyImportedIds]) seen.add(imported);
          }
          return found;
        };
        pageEntries = new Map();
        for (const id of this.getModuleIds())
          if (id.startsWith(pagesFolder) && id.endsWith('.astro')) pageEntries.set(id, entriesOf(id));
        return;
      }
      const bundles = new Map<string, string>();
      const renderers: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isEntry || !output.facadeModuleId) continue;
        bundles.set(output.facadeModuleId, output.fileName);
        if (output.facadeModuleId.includes('/node_modules/')) renderers.push(output.fileName);
      }
      const versions: Record<string, string> = {};
      for (const [page, entries] of pageEntries)
        versions[relative(root, page)] = scriptsVersion(root, entries, bundles, renderers);
      mkdirSync(cacheDir(), { recursive: true });
      writeFileSync(scriptsFile(cacheDir()), `${JSON.stringify(versions, null, 2)}\n`);
    },
  };
}

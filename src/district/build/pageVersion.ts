// What a kept district page file was made by, as a hash: every source file the loader imports (found by bundling the
// loader with esbuild and reading its metafile, so no list is kept by hand) and the locked version of every library
// those files use, with the libraries those depend on. A kept page whose version differs is made again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The module that makes the kept pages: everything it imports makes them too. */
export const LOADER_ENTRY = fileURLToPath(new URL('./loader.ts', import.meta.url));

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
type Lock = { packages: Record<string, LockEntry> };

/** The package a bare import names: 'zod/mini' → 'zod', '@supabase/supabase-js/x' → '@supabase/supabase-js'. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The locked versions of the given packages and of everything they depend on, as 'name@version' lines, sorted. A
 * dependency is looked up where npm installs it: beside the package that needs it first, then at the top.
 */
export function lockedVersions(lock: Lock, packages: Iterable<string>): string[] {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    let at = from;
    for (;;) {
      const path = `${at ? `${at}/` : ''}node_modules/${name}`;
      const entry = lock.packages[path];
      if (entry) {
        if (found.has(path)) return;
        found.set(path, `${name}@${entry.version ?? '?'}`);
        for (const dep of Object.keys({
          ...entry.dependencies,
          ...entry.optionalDependencies,
          ...entry.peerDependencies,
        }))
          visit(dep, path);
        return;
      }
      if (!at) return; // not installed (an optional dependency of another platform)
      const up = at.lastIndexOf('/node_modules/');
      at = up < 0 ? '' : at.slice(0, up);
    }
  };
  for (const name of packages) visit(name, '');
  return [...new Set(found.values())].sort();
}

/** The local files the entry imports, statically or dynamically (root-relative, sorted), and the packages they name. */
export async function importGraph(entry: string, root: string): Promise<{ files: string[]; packages: string[] }> {
  const { metafile } = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    // Astro's virtual modules (astro:content, astro:config/…) are no files.
    external: ['astro:*'],
    logLevel: 'silent',
  });
  const files = Object.keys(metafile.inputs).sort();
  const packages = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const { path, external } of input.imports)
      if (external && !path.startsWith('node:') && !path.startsWith('astro:')) packages.add(packageName(path));
  }
  return { files, packages: [...packages].sort() };
}

/** The kept pages' version: a hash of the loader's import graph, each file's content and the libraries' locked versions. */
export async function pageVersion(entry = LOADER_ENTRY, root = resolve(dirname(entry), '../../..')): Promise<string> {
  const { files, packages } = await importGraph(entry, root);
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\n`)
      .update(readFileSync(join(root, file)))
      .update('\n');
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
  hash.update(lockedVersions(lock, packages).join('\n'));
  return hash.digest('hex').slice(0, 16);
}

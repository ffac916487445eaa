// The outputs kept from the last build (district pages, members' pages, feeds, open data), put back into the output
// folder as a tree before Astro renders anything. Astro's incremental build keeps a copy of every output it renders in
// its cache folder, and for each output whose cacheKey is unchanged it copies that file into the output folder, one
// copy at a time, unless the file is already there: a rebuild with nothing changed spent most of its time copying.
// Here each kept output is linked into the output folder (a hard link: no bytes copied) once Astro has emptied it,
// so Astro finds it there and copies nothing; an output whose key changed is rendered again and overwritten as
// before, and what the new build no longer makes (a removed district's pages) is taken out of the output folder
// after it.
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { keptScripts } from './keptScripts.ts';

/** Astro's record of the last build's outputs (incremental-build.json in its cache folder), as far as read here. */
interface OutputManifest {
  routes?: Record<string, { paths?: Record<string, { outputFile?: string }> }>;
}

/** The outputs a manifest names, as paths inside the output folder ('1.html', '1/votes.csv'). */
export function manifestOutputs(manifest: OutputManifest | null): Set<string> {
  const outputs = new Set<string>();
  for (const route of Object.values(manifest?.routes ?? {})) {
    for (const { outputFile } of Object.values(route.paths ?? {})) if (outputFile) outputs.add(outputFile);
  }
  return outputs;
}

/** What the last build kept and the new one no longer makes: its files are taken out of the output folder. */
export function goneOutputs(kept: Iterable<string>, made: Set<string>): string[] {
  return [...kept].filter((file) => !made.has(file));
}

function readManifest(file: string): OutputManifest | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OutputManifest;
  } catch {
    return null;
  }
}

/**
 * Links (or, where the folders are on different disks, copies) each file from one folder into the other. A kept copy
 * is written through its link when its output is rendered again, so it may be linked into one output folder only: a
 * copy another output folder still links to (the site `npm start` serves, when a test or benchmark builds elsewhere
 * with the same cache) is first replaced, in the cache, by a copy of its own, so that folder is never rewritten.
 */
export function linkTree(files: Iterable<string>, from: string, to: string): number {
  const made = new Set<string>();
  let linked = 0;
  for (const file of files) {
    const source = join(from, file);
    if (!existsSync(source)) continue;
    const target = join(to, file);
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if (statSync(source).nlink > 1) {
      copyFileSync(source, `${source}.own`);
      renameSync(`${source}.own`, source);
    }
    try {
      linkSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      copyFileSync(source, target);
    }
    linked += 1;
  }
  return linked;
}

/** Removes a folder left empty (a removed district's members/ and its own), and its parents up to `root`. */
function removeEmptyFolders(dir: string, root: string): void {
  for (let at = dir; at.startsWith(`${root}/`) && existsSync(at) && readdirSync(at).length === 0; at = dirname(at))
    rmdirSync(at);
}

/**
 * The integration. A build that stops after the outputs were linked may have rewritten some of them in the cache
 * folder (a re-rendered output is written through its link) without recording their new keys: the next build then
 * forgets the last build's record and renders every output again.
 */
export function keptOutputs(): AstroIntegration {
  let outDir = '';
  let cacheDir = '';
  let kept = new Set<string>();
  let started = 0;
  const manifestFile = () => join(cacheDir, 'incremental-build.json');
  const marker = () => join(cacheDir, 'kept-outputs-linked');
  return {
    name: 'kept-outputs',
    hooks: {
      // The client files each page names, whose version each district route's cacheKey carries (keptScripts.ts).
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({ vite: { plugins: [keptScripts(fileURLToPath(config.root), () => cacheDir)] } });
      },
      'astro:config:done': ({ config }) => {
        outDir = resolve(fileURLToPath(config.outDir));
        cacheDir = resolve(fileURLToPath(config.cacheDir));
      },
      // Runs once Astro has emptied the output folder, before it renders.
      'astro:build:setup': ({ logger }) => {
        started = Date.now();
        if (existsSync(marker())) {
          rmSync(manifestFile(), { force: true });
          logger.warn('The last build stopped before it finished: every output is rendered again.');
        }
        kept = manifestOutputs(readManifest(manifestFile()));
        if (kept.size === 0) return;
        writeFileSync(marker(), '');
        const linked = linkTree(kept, join(cacheDir, 'dist'), outDir);
        logger.info(
          `${linked} outputs of the last build put back in the output folder (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      },
      'astro:build:done': ({ logger }) => {
        const made = manifestOutputs(readManifest(manifestFile()));
        let removed = 0;
        for (const file of goneOutputs(kept, made)) {
          const path = join(outDir, file);
          // An output this build wrote itself (a route that no longer keeps it) stays.
          if (existsSync(path) && statSync(path).mtimeMs < started) {
            rmSync(path);
            removeEmptyFolders(dirname(path), outDir);
            removed += 1;
          }
        }
        if (removed > 0)
          logger.info(`${removed} outputs the last build made and this one does not taken out of the output folder`);
        rmSync(marker(), { force: true });
      },
    },
  };
}

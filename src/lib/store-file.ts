// How the page build gets Astro's data store (the snapshot's rows): read from the file Astro wrote, at run time.
// Astro hands the store to the page build as a JavaScript module holding the whole file as one string literal. At
// 20,000 districts that module is about 280 MB: Vite's build parses it (10–13 s) and Node compiles it before the
// first page (13.5 s on its own), in every build, first or nightly. Read from the file, the same store takes 1.7 s.
// Build only: `astro dev` keeps Astro's own module, which it reloads when the store changes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Astro's id for its data store module, once resolved (astro/dist/content/consts.js). */
export const STORE_MODULE_ID = '\0astro:data-layer-content';

/** The code that gives the same value as Astro's module, the store file's JSON, by reading the file. */
function storeModuleCode(file: string): string {
  return `import { readFileSync } from 'node:fs';\nexport default JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));\n`;
}

/**
 * The code of a module: for Astro's store module, when Astro keeps its store in one file and that file is there,
 * the store read from it; else null, and Astro makes the module (an empty store before the first sync, or chunks).
 */
export function storeModuleLoad(
  id: string,
  file: string,
  { singleFile, exists }: { singleFile: boolean; exists: (file: string) => boolean },
): string | null {
  return id === STORE_MODULE_ID && singleFile && exists(file) ? storeModuleCode(file) : null;
}

/** The integration: at `astro build`, Astro's store module reads the store file (cacheDir/data-store.json). */
export function storeFromFile(): AstroIntegration {
  return {
    name: 'store-from-file',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'build') return;
        const file = fileURLToPath(new URL('data-store.json', config.cacheDir));
        const storage = config.experimental.collectionStorage;
        const singleFile = storage === undefined || storage === 'single-file';
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'store-from-file',
                enforce: 'pre',
                // Before Astro's own load, which reads the whole file to make its module of it.
                load: {
                  order: 'pre',
                  filter: { id: new RegExp(`^${STORE_MODULE_ID}$`) },
                  handler(id) {
                    const code = storeModuleLoad(id, file, { singleFile, exists: existsSync });
                    return code === null ? null : { code, map: { mappings: '' } };
                  },
                },
              },
            ],
          },
        });
      },
    },
  };
}

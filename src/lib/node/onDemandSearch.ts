// The site's one page rendered on demand: the district search at /search, /es/search and /zh/search
// (src/pages/[...lang]/_search.astro). Every other page is built, and stays where it is served from.
//
// The Netlify adapter makes it a Netlify function (.netlify/v1/functions/ssr/, Netlify's Frameworks API folder). The
// adapter routes every path the built site has no file for to that function; here, once the adapter has written it,
// its routes are narrowed to the search page's paths, so a missing page is still answered as netlify.toml says (each
// language's not-found page) and the function runs only for the search. The local server (scripts/lib/staticServer.mjs)
// reads the same routes from the same file and calls the same function.
//
// In a build split into shards (src/district/build/shard.ts) only the first shard, which makes the pages that list
// districts, has the route and the adapter: the others make district pages alone, so none of them writes the shared
// .netlify/ folder while the first one does.
import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { searchPaths } from '../districtSearchPage.ts';

/** The route's pattern and file. */
export const SEARCH_ROUTE = { pattern: '/[...lang]/search', entrypoint: './src/pages/[...lang]/_search.astro' };

/** Where the adapter writes the function's entry, from the project's folder; its `config.path` says what it serves. */
export const FUNCTION_ENTRY = '.netlify/v1/functions/ssr/ssr.mjs';

/** The adapter's route for its function (every path): what narrowFunctionPaths replaces. */
const EVERY_PATH = "path: '/*',";

/**
 * The function's entry with its routes narrowed to the given paths. An entry without the adapter's route (a newer
 * adapter that writes it otherwise) stops the build: a function that answered every missing path would hide
 * netlify.toml's not-found pages.
 */
export function narrowFunctionPaths(entry: string, paths: readonly string[]): string {
  const at = entry.indexOf(EVERY_PATH);
  if (at === -1 || entry.indexOf(EVERY_PATH, at + 1) !== -1)
    throw new Error(
      `${FUNCTION_ENTRY} has no single "${EVERY_PATH}" route to narrow to the search page: check @astrojs/netlify's output.`,
    );
  return `${entry.slice(0, at)}path: ${JSON.stringify(paths)},${entry.slice(at + EVERY_PATH.length)}`;
}

/** The integration: the route (in a build that makes the listings), then the function's routes narrowed. */
export function onDemandSearch({ withRoute }: { withRoute: boolean }): AstroIntegration {
  let root: URL | undefined;
  return {
    name: 'on-demand-search',
    hooks: {
      'astro:config:setup': ({ config, injectRoute }) => {
        root = config.root;
        if (withRoute) injectRoute({ ...SEARCH_ROUTE, prerender: false });
      },
      // After the adapter's own build:done (an adapter's hooks run before every integration's), which wrote the entry.
      'astro:build:done': async ({ logger }) => {
        if (!withRoute || !root) return;
        const file = new URL(FUNCTION_ENTRY, root);
        await writeFile(file, narrowFunctionPaths(await readFile(file, 'utf8'), searchPaths()));
        logger.info(`The function answers ${searchPaths().join(', ')} only`);
      },
    },
  };
}

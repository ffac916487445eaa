// Inline scripts written as TypeScript modules. `import code from './x.ts?inline-script'` gives the text of one classic
// script that runs x's default export: x and what it imports, bundled by esbuild (the bundler Vite and Astro ship)
// into a minified IIFE at build time. A page puts that text in an inline <script> and its hash in the page's
// Content-Security-Policy; it runs where it stands in the document, which a module script (deferred) would not.
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** The import query that asks for a module as an inline script. */
export const INLINE_SCRIPT_QUERY = '?inline-script';

/** The browsers the script is written for: those the rest of the site's scripts run in. */
const TARGET = 'es2020';

/** The inline script that runs the default export of the module at `file`, and every file the bundle read. */
export async function buildInlineScript(file: string): Promise<{ code: string; inputs: string[] }> {
  const workingDir = dirname(file);
  const result = await build({
    stdin: {
      contents: `import run from ${JSON.stringify(file)};\nrun();\n`,
      resolveDir: workingDir,
      loader: 'ts',
      sourcefile: 'inline-script.ts',
    },
    absWorkingDir: workingDir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    minify: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => input !== 'inline-script.ts')
    .map((input) => resolve(workingDir, input));
  return { code: result.outputFiles[0].text.trim(), inputs };
}

/** The Vite plugin that answers `?inline-script` imports (astro.config.mjs); a change to any file read rebuilds it. */
export function inlineScripts(): Plugin {
  return {
    name: 'inline-scripts',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(INLINE_SCRIPT_QUERY)) return null;
      const { code, inputs } = await buildInlineScript(id.slice(0, -INLINE_SCRIPT_QUERY.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

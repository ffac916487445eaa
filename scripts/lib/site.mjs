// Builds the site against a Supabase (embedded or hosted), as a child process (staticServer.mjs serves the result).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './stackConfig.mjs';

const buildScript = join(root, 'scripts', 'build.mjs');

/**
 * Node's options for every Astro build of the site (scripts/build.mjs, `npm run build`, passes them to each). A
 * build renders hundreds of thousands of short-lived strings: with a larger young generation (64 MB semi-spaces
 * instead of 16) fewer of them are copied and promoted, for about the same peak memory (docs/performance.md has the
 * figures and how to measure them). --expose-gc lets the build hand back
 * the heap pages V8 keeps pooled after its collections (src/lib/node/buildMemory.ts).
 */
export const BUILD_NODE_ARGS = ['--max-semi-space-size=64', '--expose-gc'];

/**
 * The environment every Astro build of the site runs in (scripts/build.mjs gives it to each build; a variable already
 * set wins). Vite's bundler, rolldown, allocates through mimalloc, which returns freed memory to the system only after
 * a delay and only when it next allocates: once bundling was done, the memory it had used stayed resident in each
 * build to its end. Purging at once, and committing an arena's memory as it is used rather than all at once, gives
 * it back.
 */
export const BUILD_ENV = { MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_EAGER_COMMIT: '0' };

/**
 * Runs a command to completion, inheriting the console; rejects with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, cwd?: string }} [options]
 * @returns {Promise<void>}
 */
export function run(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/**
 * The environment a build needs to read the given stack.
 * @param {{ apiUrl: string, anonKey: string }} stack
 */
export function siteEnv(stack) {
  return { PUBLIC_SUPABASE_URL: stack.apiUrl, PUBLIC_SUPABASE_ANON_KEY: stack.anonKey };
}

/**
 * Builds the site into dist/ (or outDir) against the stack, as `npm run build` does (scripts/build.mjs).
 * @param {{ apiUrl: string, anonKey: string }} stack
 * @param {{ outDir?: string }} [options]
 */
export function buildSite(stack, { outDir } = {}) {
  const env = { ...siteEnv(stack), ASTRO_TELEMETRY_DISABLED: '1', ...(outDir ? { ASTRO_OUT_DIR: outDir } : {}) };
  return run(process.execPath, [buildScript], { env });
}
